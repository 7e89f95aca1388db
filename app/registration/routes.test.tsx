// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegisterSettings } from '../../common/registration/steps';
import { createRegisterRoutes } from './routes';
import { readRegisterSettings } from './settings';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const step = (id: string, title: string) => ({ id, title, schema: { type: 'object', properties: {} }, uiSchema: {} });
/** Step 3 with questions that start two of its pages (step-pages.ts): it is in two pages. */
const companyStep = {
  ...step('company', 'Company'),
  schema: { type: 'object', properties: { type_of_company: { type: 'string' }, gst_status: { type: 'string' } } },
  uiSchema: { 'ui:order': ['type_of_company', 'gst_status'] },
};

/** Slugs and labels other than the defaults: the app must take them from its settings. */
const settings: RegisterSettings = {
  basename: '/register',
  steps: [
    { name: 'stepOne', slug: 'one', label: 'First things' },
    { name: 'stepTwo', slug: 'two', label: 'Where you are' },
    { name: 'stepThree', slug: 'three', label: 'About the company' },
    { name: 'stepFour', slug: 'four', label: 'Check and send' },
  ],
  form: {
    key: 'supplier-registration',
    version: 1,
    validators: 'forms/supplier-registration/1/validators.js',
    steps: [step('business', 'Business'), step('addresses', 'Addresses'), companyStep, step('declarations', 'Declarations')],
  },
  channels: [],
};

function renderRegisterApp(path: string) {
  const router = createMemoryRouter(createRegisterRoutes(settings, { productName: 'Marketplace' }), { basename: '/register', initialEntries: [`/register${path}`] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('register app routes (spec §2 "Public registration app")', () => {
  it('redirects the root to stepOne at its configured slug', async () => {
    const router = renderRegisterApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'First things' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register/one');
    expect(screen.getByText('Step 1 of 4')).toBeTruthy();
    // Step 1's Back link: the start page the server draws.
    const back = document.querySelector<HTMLAnchorElement>('.register__back-link');
    expect(back?.textContent).toBe('Back to the start page');
    expect(back?.getAttribute('href')).toBe('/register/start');
  });

  it.each([
    ['/two', 'Where you are', 'First things', '/register/one'],
    ['/three/company', 'Your company', 'Where you are', '/register/two'],
    ['/three/gst', 'GST', 'Your company, About the company', '/register/three/company'],
    ['/four', 'Check and send', 'GST, About the company', '/register/three/gst'],
  ])('%s is headed by its label (a page of step 3: its topic) and links back to the page before', async (path, label, previous, href) => {
    renderRegisterApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: label })).toBeTruthy();
    const back = document.querySelector<HTMLAnchorElement>('.register__back-link');
    expect(back?.textContent).toBe(`Back to ${previous}`);
    expect(back?.getAttribute('href')).toBe(href);
  });

  it('opens step 3 at its first page, keeping the query; each page says it is part of step 3 of the four', async () => {
    const router = renderRegisterApp('/three?from=review');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your company' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register/three/company');
    expect(router.state.location.search).toBe('?from=review');
    expect(screen.getByText('About the company, part 1 of 2')).toBeTruthy();
    expect(screen.getByText('Step 3 of 4')).toBeTruthy();
    cleanup();
    renderRegisterApp('/three/gst');
    expect(await screen.findByText('About the company, part 2 of 2')).toBeTruthy();
    cleanup();
    renderRegisterApp('/three/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('shows the review at stepFour, and sends a confirmation opened directly back to stepOne', async () => {
    renderRegisterApp('/four');
    expect(await screen.findByRole('heading', { level: 1, name: 'Check and send' })).toBeTruthy();
    cleanup();
    const router = renderRegisterApp('/registration-submitted');
    expect(await screen.findByRole('heading', { level: 1, name: 'First things' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register/one');
  });
});

describe('readRegisterSettings', () => {
  function elementWith(value: unknown): HTMLElement {
    const element = document.createElement('div');
    element.id = 'app__register';
    element.dataset.settings = typeof value === 'string' ? value : JSON.stringify(value);
    return element;
  }

  it('reads the settings the page wrote, and refuses a broken or incomplete one naming what is wrong', () => {
    expect(readRegisterSettings(elementWith(settings))).toEqual(settings);
    expect(() => readRegisterSettings(elementWith('{'))).toThrow('not valid JSON');
    expect(() => readRegisterSettings(elementWith({ ...settings, steps: settings.steps.slice(1) }))).toThrow('four steps');
    expect(() => readRegisterSettings(elementWith({ ...settings, basename: 'register' }))).toThrow('basename');
    // The start page's path is not a step's to take.
    const steps = settings.steps.map((setting, index) => (index === 1 ? { ...setting, slug: 'start' } : setting));
    expect(() => readRegisterSettings(elementWith({ ...settings, steps }))).toThrow('four steps');
  });
});

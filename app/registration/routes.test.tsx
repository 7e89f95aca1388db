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

/** Slugs and labels other than the defaults: the app must take them from its settings. */
const settings: RegisterSettings = {
  basename: '/register',
  steps: [
    { name: 'stepOne', slug: 'one', label: 'First things' },
    { name: 'stepTwo', slug: 'two', label: 'Where you are' },
    { name: 'stepThree', slug: 'three', label: 'Your company' },
    { name: 'stepFour', slug: 'four', label: 'Check and send' },
  ],
  form: {
    key: 'supplier-registration',
    version: 1,
    validators: 'forms/supplier-registration/1/validators.js',
    steps: [step('business', 'Business'), step('addresses', 'Addresses'), step('company', 'Company'), step('declarations', 'Declarations')],
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
    expect(document.querySelector('.register__back-link')).toBeNull();
  });

  it.each([
    ['/two', 'Where you are', 'First things', '/register/one'],
    ['/three', 'Your company', 'Where you are', '/register/two'],
    ['/four', 'Check and send', 'Your company', '/register/three'],
  ])('%s is headed by its configured label and links back to the previous step', async (path, label, previous, href) => {
    renderRegisterApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: label })).toBeTruthy();
    const back = document.querySelector<HTMLAnchorElement>('.register__back-link');
    expect(back?.textContent).toBe(`Back to ${previous}`);
    expect(back?.getAttribute('href')).toBe(href);
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
  });
});

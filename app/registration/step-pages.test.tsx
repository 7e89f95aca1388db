// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormStep } from '../../common/forms/definition';
import { REGISTRATION_STORAGE_KEY, type RegisterSettings } from '../../common/registration/steps';
import { createRegisterRoutes } from './routes';
import { pagesOfStep, stepOfPage } from './step-pages';

// The step's form as the browser draws it, with ajv compiling under Node (the apps load precompiled validators).
vi.mock('../lib/forms/use-step-form', async () => {
  const [{ SchemaForm }, { default: validator }] = await Promise.all([import('../lib/forms/schema-form'), import('@rjsf/validator-ajv8')]);
  return { useStepForm: () => ({ data: { SchemaForm, validator }, isError: false, refetch: () => undefined }), prefetchStepForm: () => Promise.resolve() };
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const yesNo = (title: string, required: string) => ({ type: 'string', title, enum: ['yes', 'no'], errorMessages: { required } });

/** A third step like the stored one (server/db/content/registration-form.ts): flat questions, one shown by a condition. */
const companyStep: FormStep = {
  id: 'company',
  title: 'About your company',
  description: 'Your company, its finances and insurance.',
  schema: {
    type: 'object',
    required: ['type_of_company', 'gst_status', 'pay_debts'],
    properties: {
      type_of_company: { type: 'string', title: 'Type of company', errorMessages: { required: 'Enter the type of company' } },
      business_owner: { type: 'string', title: 'Business owner' },
      gst_status: yesNo('Registered for GST?', 'Say whether your business is registered for GST'),
      pay_debts: yesNo('Can your business pay its debts?', 'Say whether your business can pay its debts'),
    },
    allOf: [
      {
        if: { properties: { gst_status: { const: 'yes' } }, required: ['gst_status'] },
        then: { properties: { gst_number: { type: 'string', title: 'GST number', errorMessages: { required: 'Enter your GST number' } } }, required: ['gst_number'] },
      },
    ],
  },
  uiSchema: {
    'ui:order': ['type_of_company', 'business_owner', 'gst_status', 'gst_number', 'pay_debts'],
    gst_status: { 'ui:widget': 'radio' },
    pay_debts: { 'ui:widget': 'radio' },
  },
};

const emptyStep = (id: string, title: string): FormStep => ({ id, title, schema: { type: 'object', properties: {} }, uiSchema: {} });

const settings: RegisterSettings = {
  basename: '/register',
  steps: [
    { name: 'stepOne', slug: 'your-business', label: 'Your business' },
    { name: 'stepTwo', slug: 'addresses-and-contacts', label: 'Addresses and contacts' },
    { name: 'stepThree', slug: 'about-your-company', label: 'About your company' },
    { name: 'stepFour', slug: 'check-and-submit', label: 'Check your answers and submit' },
  ],
  form: {
    key: 'supplier-registration',
    version: 1,
    validators: 'forms/supplier-registration/1/validators.js',
    steps: [emptyStep('business', 'Your business'), emptyStep('addresses', 'Addresses and contacts'), companyStep, emptyStep('declarations', 'Declarations')],
  },
  channels: [],
};

function renderAt(path: string, answers: Record<string, unknown> = {}) {
  window.localStorage.setItem(REGISTRATION_STORAGE_KEY, JSON.stringify({ answers, fileNames: {} }));
  const router = createMemoryRouter(createRegisterRoutes(settings, { productName: 'Marketplace' }), { basename: '/register', initialEntries: [`/register${path}`] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function stored(): Record<string, unknown> {
  return (JSON.parse(window.localStorage.getItem(REGISTRATION_STORAGE_KEY) ?? '{}') as { answers: Record<string, unknown> }).answers;
}

describe('pagesOfStep', () => {
  it('splits step 3 at its pages\' first questions in its order, a question shown by a condition staying with the one it follows', () => {
    expect(pagesOfStep(companyStep)).toEqual([
      { slug: 'company', title: 'Your company', fields: ['type_of_company', 'business_owner'] },
      { slug: 'gst', title: 'GST', fields: ['gst_status', 'gst_number'] },
      { slug: 'finances', title: 'Your finances', fields: ['pay_debts'] },
    ]);
  });

  it('leaves a step without pages, or with fewer than two of their questions, as one page', () => {
    expect(pagesOfStep(emptyStep('business', 'Your business'))).toEqual([]);
    expect(pagesOfStep({ ...companyStep, uiSchema: { 'ui:order': ['type_of_company'] }, schema: { type: 'object', properties: { type_of_company: { type: 'string' } } } })).toEqual([]);
  });

  it('gives a page as a step of its own to show its answers: its questions, conditions and order only', () => {
    const gst = pagesOfStep(companyStep)[1];
    if (!gst) {
      throw new Error('no GST page');
    }
    const page = stepOfPage(companyStep, gst);
    expect(page.title).toBe('GST');
    expect(Object.keys(page.schema.properties as object)).toEqual(['gst_status']);
    expect(page.schema.required).toEqual(['gst_status']);
    expect(page.schema.allOf).toHaveLength(1);
    expect(page.uiSchema['ui:order']).toEqual(['gst_status', 'gst_number']);
  });
});

describe('a page of step 3 (issue 27, item 9)', () => {
  it('draws only its own questions, and its error summary names only theirs', async () => {
    renderAt('/about-your-company/gst');
    expect(await screen.findByRole('heading', { level: 1, name: 'GST' })).toBeTruthy();
    expect(screen.queryByLabelText('Type of company')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Can your business pay its debts?' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Say whether your business is registered for GST']);
  });

  it('continues to the next page with its answers kept and the other pages\' answers untouched', async () => {
    const router = renderAt('/about-your-company/gst', { '3_type_of_company': 'Limited company' });
    fireEvent.click(within(await screen.findByRole('group', { name: 'Registered for GST?' })).getByLabelText('yes'));
    fireEvent.change(await screen.findByLabelText('GST number'), { target: { value: '49-091-850' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your finances' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register/about-your-company/finances');
    expect(stored()).toEqual({ '3_type_of_company': 'Limited company', '3_gst_status': 'yes', '3_gst_number': '49-091-850' });
  });

  it('goes back to check your answers from a Change link, whose sections are the pages of step 3', async () => {
    const router = renderAt('/check-and-submit', { '3_type_of_company': 'Limited company', '3_gst_status': 'no', '3_pay_debts': 'yes' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your answers and submit' })).toBeTruthy();
    const gst = screen.getByRole('region', { name: 'GST' });
    expect(within(gst).getByText('Registered for GST?')).toBeTruthy();
    expect(within(gst).queryByText('Type of company')).toBeNull();
    expect(screen.getByRole('link', { name: /^Change\s*your finances$/ }).getAttribute('href')).toBe('/register/about-your-company/finances?from=review');
    expect(document.querySelector('.register__back-link')?.getAttribute('href')).toBe('/register/about-your-company/finances');
    fireEvent.click(screen.getByRole('link', { name: /^Change\s*GST$/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'GST' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save and return to check your answers' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your answers and submit' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register/check-and-submit');
  });
});

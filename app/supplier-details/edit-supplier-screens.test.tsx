// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormData } from '../../common/forms/definition';
import { INSURANCE_TYPES } from '../../common/supplier-details/insurance';
import { ActiveSupplierContext } from '../lib/active-supplier';
import type { SchemaForm } from '../lib/forms/schema-form';
import { buildSupplier, buildSupplierDetails, buildSupplierDetailsForm } from '../test/factories';
import { EditSupplierLayout, EditSupplierStepScreen } from './edit-supplier-screens';
import { supplierQueryKeys } from './supplier-api';

const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

/**
 * The form renderer stands in as a form that holds its answers and offers to clear the cyber
 * liability cover, as a person emptying that field does (rjsf leaves the key undefined).
 */
function StubSchemaForm({ formData, onChange, onSubmit, children }: Parameters<typeof SchemaForm>[0]) {
  const answers = formData;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(answers);
      }}
    >
      <button
        type="button"
        onClick={() => onChange?.({ ...answers, insurance: { ...(answers.insurance as FormData), cyber_liability: undefined } })}
      >
        Clear cyber liability
      </button>
      {children}
    </form>
  );
}
vi.mock('../lib/forms/use-step-form', () => ({
  useStepForm: () => ({ data: { SchemaForm: StubSchemaForm, validator: {} }, isError: false, refetch: vi.fn() }),
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const details = buildSupplierDetails({
  has_been_investigated: 'no',
  has_disputes: 'no',
  has_legal: 'no',
  insurance: { public_liability: 5_000_000, cyber_liability: 2_000_000 },
  other_insurance: ['Motor vehicle fleet'],
});

function renderStep(stepId: 'validation' | 'public-profile') {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(supplierQueryKeys.details(1), details);
  client.setQueryData(supplierQueryKeys.form, buildSupplierDetailsForm());
  const router = createMemoryRouter(
    [
      { path: '/supplier', element: <p>Supplier details</p> },
      {
        path: '/supplier/edit',
        element: <EditSupplierLayout />,
        children: [
          { path: 'validation', element: <EditSupplierStepScreen stepId="validation" /> },
          { path: 'public-profile', element: <EditSupplierStepScreen stepId="public-profile" /> },
        ],
      },
    ],
    { basename: '/dashboard', initialEntries: [`/dashboard/supplier/edit/${stepId}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <ActiveSupplierContext value={buildSupplier({ isAdmin: true })}>
        <RouterProvider router={router} />
      </ActiveSupplierContext>
    </QueryClientProvider>,
  );
}

describe('editing the validation step', () => {
  it('sends a cover left blank as null, so the save clears it, and every other type as it stands', async () => {
    api.apiFetch.mockResolvedValue(details);
    renderStep('validation');
    fireEvent.click(await screen.findByRole('button', { name: 'Clear cyber liability' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save validation' }));
    await screen.findByText('Supplier details');

    expect(api.apiFetch).toHaveBeenCalledTimes(1);
    const [path, options] = api.apiFetch.mock.calls[0] as [string, { method: string; body: FormData }];
    expect(path).toBe('supplier-registration');
    expect(options.method).toBe('PUT');
    expect(options.body.insurance).toEqual({
      ...Object.fromEntries(INSURANCE_TYPES.map(({ key }) => [key, null])),
      public_liability: 5_000_000,
    });
    expect(options.body).toMatchObject({ other_insurance: ['Motor vehicle fleet'], has_disputes: 'no', last_edited: details.last_edited });
  });

  it('sends the answers of a step that does not ask about insurance as they are', async () => {
    api.apiFetch.mockResolvedValue(details);
    renderStep('public-profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Save public profile' }));
    await screen.findByText('Supplier details');
    const [, options] = api.apiFetch.mock.calls[0] as [string, { body: FormData }];
    expect(options.body).not.toHaveProperty('insurance');
    expect(options.body).not.toHaveProperty('other_insurance');
  });
});

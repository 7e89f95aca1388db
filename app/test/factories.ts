/** Builders of API answers for the apps' component tests. */
import type { FormDefinitionResponse } from '../../common/api/forms';
import type { SupplierDetails } from '../../common/api/supplier-details';
import type { PublicListing } from '../../common/api/supplier-listing';
import type { AgencySummary, CurrentUserResponse, SupplierSummary, SuspendedSupplier } from '../../common/api/user';
import { supplierDetailsForm } from '../../common/supplier-details/form';

export function buildSupplier(overrides: Partial<SupplierSummary> = {}): SupplierSummary {
  return { supplierID: 1, tradingName: 'Acme Digital', isAdmin: false, requiresSecondFactor: false, ...overrides };
}

export function buildAgency(overrides: Partial<AgencySummary> = {}): AgencySummary {
  return { agencyID: 1, agencyName: 'Ministry of Testing', isAdmin: false, ...overrides };
}

/**
 * A signed-in user whose active supplier is the first of `suppliers` unless told otherwise, and who
 * acts for no agency unless told otherwise or belonging to agencies only (as the server answers).
 */
export function buildCurrentUser(
  options: {
    suppliers?: SupplierSummary[];
    activeSupplier?: SupplierSummary | null;
    suspendedSuppliers?: SuspendedSupplier[];
    agencies?: AgencySummary[];
    activeAgency?: AgencySummary | null;
    name?: string;
    email?: string;
  } = {},
): CurrentUserResponse {
  const suppliers = options.suppliers ?? [buildSupplier()];
  const agencies = options.agencies ?? [];
  return {
    user: { id: 10, name: options.name ?? 'Alex Admin', email: options.email ?? 'alex@example.govt.nz', isTeamMember: false },
    activeSupplier: options.activeSupplier === undefined ? (suppliers[0] ?? null) : options.activeSupplier,
    suppliers,
    suspendedSuppliers: options.suspendedSuppliers ?? [],
    agencies,
    activeAgency: options.activeAgency === undefined ? (suppliers.length === 0 ? (agencies[0] ?? null) : null) : options.activeAgency,
    signedInWithSecondFactor: true,
  };
}

/** The active supplier's details as GET /user/details answers them. */
export function buildSupplierDetails(overrides: Partial<SupplierDetails> = {}): SupplierDetails {
  return {
    id: 1,
    trading_name: 'Acme Digital',
    legal_name: 'Acme Digital Limited',
    initial_catalogue: null,
    initial_catalogue_label: null,
    financial_statement_name: null,
    last_edited: '2026-01-05T01:02:03.000Z',
    pending_change: null,
    registered_address: { line_1: '1 Lambton Quay', city: 'Wellington', postcode: '6011', country: 'New Zealand' },
    same_as_head_office: 'yes',
    pay_debts: 'yes',
    ...overrides,
  };
}

/** The supplier details form as GET /supplier-registration/update_form answers it. */
export function buildSupplierDetailsForm(): FormDefinitionResponse {
  return { ...supplierDetailsForm, validators: 'forms/supplier-details/2/validators.js?h=test' };
}

/** The active supplier's public listing as GET /user/listings answers it: one published service unless told otherwise. */
export function buildPublicListing(overrides: Partial<PublicListing> = {}): PublicListing {
  return {
    profilePath: '/approved-suppliers/1',
    channels: [
      {
        id: 1,
        slug: 'digital-and-ict',
        title: 'Digital and ICT',
        catalogues: [{ id: 2, slug: 'cloud-services', title: 'Cloud Services', services: [{ id: 3, slug: 'cloud-hosting', title: 'Cloud hosting' }] }],
      },
    ],
    ...overrides,
  };
}

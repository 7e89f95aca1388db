/** Supplier details: reading them, the form definition and its validators, and saving changed steps. */
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createSignedInUser } from '../../auth/test-support';
import { auditLog, suppliers } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { supplierDetailsForm, type SupplierDetailsStepId } from '../../../common/supplier-details/form';
import { supplierDetailsRuleErrors } from '../../../common/supplier-details/rules';
import { demoDetails } from '../../db/seed/demo-details';
import { demoSuppliers } from '../../db/seed/demo-suppliers';
import { validateStep } from '../forms/validate';
import { uploadFile } from '../uploads/test-support';
import { createSupplierWithAdmin, expectError, type SupplierWithAdmin } from '../supplier-users/test-support';

/** Complete, valid answers of the company-details step for a New Zealand business. */
function companyDetails(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    trading_name: 'Kererū Works',
    legal_name: 'Kereru Works Limited',
    maori_business: 'no',
    registered_address: { line_1: '1 Lambton Quay', city: 'Wellington', postcode: '6011', country: 'New Zealand' },
    same_as_head_office: 'yes',
    type_of_company: 'Limited liability company',
    business_owner: 'Aroha Ngata',
    company_status: 'Registered',
    nzbn: '9429041525746',
    gst_status: 'registered',
    gst_number: '49-091-850',
    size_of_company: '2-19',
    years_in_business: 6,
    operational_location: 'Wellington region',
    ...overrides,
  };
}

const financialViability = { pay_debts: 'yes', insolvency_proceedings: 'no', submit_financial_statement: 'no' };

interface Details {
  id: number;
  trading_name: string;
  last_edited: string;
  [key: string]: unknown;
}

describe('supplier details', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  async function load(supplier: SupplierWithAdmin): Promise<Details> {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/user/details', headers: supplier.headers });
    expect(response.statusCode).toBe(200);
    return response.json<Details>();
  }

  function save(supplier: SupplierWithAdmin, payload: Record<string, unknown>, headers = supplier.headers) {
    return context.app.inject({ method: 'PUT', url: '/api/v1/supplier-registration', headers, payload });
  }

  async function saveFresh(supplier: SupplierWithAdmin, payload: Record<string, unknown>) {
    const { last_edited } = await load(supplier);
    return save(supplier, { last_edited, ...payload });
  }

  function fieldsOf(response: LightMyRequestResponse): string[] {
    return response.json<{ details: { field: string }[] }>().details.map((detail) => detail.field);
  }

  it('returns the active supplier with every answer and when it was last edited', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Details Ltd');
    const details = await load(supplier);
    expect(details).toMatchObject({
      id: supplier.supplierId,
      trading_name: 'Details Ltd',
      legal_name: 'Details Ltd Limited',
      initial_catalogue: null,
      initial_catalogue_label: null,
      financial_statement_name: null,
    });
    expect(Number.isNaN(Date.parse(details.last_edited))).toBe(false);
  });

  it('needs sign-in and membership of the named supplier', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Guarded Ltd');
    const outsider = await createSupplierWithAdmin(context, 'Outsider Ltd');
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/user/details' })).statusCode).toBe(401);
    const crossed = await context.app.inject({
      method: 'GET',
      url: '/api/v1/user/details',
      headers: bearer(outsider.admin.accessToken, supplier.supplierId),
    });
    expect(crossed.statusCode).toBe(403);
    expect(JSON.stringify(crossed.json())).not.toContain('Guarded Ltd');
  });

  it("isolates tenants: B's admin with A's forged supplier header reads and changes nothing of A's", async () => {
    const supplierA = await createSupplierWithAdmin(context, 'Alpha Details');
    const supplierB = await createSupplierWithAdmin(context, 'Bravo Details');
    const before = await load(supplierA);
    const forged = bearer(supplierB.admin.accessToken, supplierA.supplierId);
    for (const attempt of [
      { method: 'GET', url: '/api/v1/user/details' },
      { method: 'GET', url: '/api/v1/supplier-registration/update_form' },
      { method: 'PUT', url: '/api/v1/supplier-registration', payload: { last_edited: before.last_edited, ...companyDetails({ trading_name: 'Hijacked' }) } },
    ] as const) {
      const response = await context.app.inject({ ...attempt, headers: forged });
      expectError(response, 403, 'forbidden');
      expect(response.body).not.toContain('Alpha Details');
    }
    // With B's own header, B's routes answer B's supplier only.
    const own = await context.app.inject({ method: 'GET', url: '/api/v1/user/details', headers: supplierB.headers });
    expect(own.json<Details>()).toMatchObject({ id: supplierB.supplierId, trading_name: 'Bravo Details' });
    expect(await load(supplierA)).toEqual(before);
  });

  it('serves the form definition with three steps and its precompiled validators as a script module', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Form Ltd');
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/supplier-registration/update_form', headers: supplier.headers });
    expect(response.statusCode).toBe(200);
    const form = response.json<{ key: string; steps: { id: string }[]; validators: string }>();
    expect(form.steps.map((step) => step.id)).toEqual(['company-details', 'financial-viability', 'validation']);
    expect(form.validators).toMatch(/^forms\/supplier-details\/1\/validators\.js\?h=[0-9a-f]{16}$/);

    const module = await context.app.inject({ method: 'GET', url: `/api/v1/${form.validators}` });
    expect(module.statusCode).toBe(200);
    expect(module.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(module.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(module.body).toMatch(/^\/\/ Validators of the supplier-details form/);
    expect(module.body).toContain('"company-details": function (require)');
    // Nothing the browser cannot provide, and no eval-like construction.
    expect(module.body).not.toMatch(/new Function|eval\(/);

    const unversioned = await context.app.inject({ method: 'GET', url: '/api/v1/forms/supplier-details/1/validators.js' });
    expect(unversioned.headers['cache-control']).toBe('no-cache');
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/forms/supplier-details/99/validators.js' }), 404, 'not found');
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/forms/no-such-form/1/validators.js' }), 404, 'not found');
  });

  it('saves a step: columns, answers, a new last-edited time, and an audit entry with before and after', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Saving Ltd');
    const response = await saveFresh(supplier, companyDetails({ nzbn: '9429 0415 2574 6' }));
    expect(response.statusCode).toBe(200);
    const saved = response.json<Details>();
    expect(saved).toMatchObject({ trading_name: 'Kererū Works', nzbn: '9429041525746', gst_number: '49091850', years_in_business: 6 });

    const [row] = await context.database.db.select().from(suppliers).where(eq(suppliers.id, supplier.supplierId));
    expect(row).toMatchObject({ tradingName: 'Kererū Works', legalName: 'Kereru Works Limited', nzbn: '9429041525746', city: 'Wellington', country: 'New Zealand' });
    expect(row?.details).toMatchObject({ business_owner: 'Aroha Ngata', registered_address: { postcode: '6011' } });
    expect(await load(supplier)).toEqual(saved);

    const [entry] = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'supplier.update-details'), eq(auditLog.supplierId, supplier.supplierId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorUserId: supplier.admin.user.id,
      entityId: String(supplier.supplierId),
      before: { trading_name: 'Saving Ltd', business_owner: null },
      after: { trading_name: 'Kererū Works', business_owner: 'Aroha Ngata' },
    });
  });

  it('refuses an invalid NZBN, ABN, ACN, GST number and postcode with one message per field, changing nothing', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Checked Ltd');
    const before = await load(supplier);
    const response = await save(supplier, {
      last_edited: before.last_edited,
      ...companyDetails({
        nzbn: '9429041525747',
        abn: '51824753557',
        acn: '000000018',
        gst_number: '49091851',
        registered_address: { line_1: '1 Lambton Quay', city: 'Wellington', postcode: '601', country: 'New Zealand' },
      }),
    });
    expectError(response, 400, 'bad request');
    expect(fieldsOf(response).sort()).toEqual(['abn', 'acn', 'gst_number', 'nzbn', 'registered_address.postcode']);
    expect(response.json<{ details: { field: string; message: string }[] }>().details).toContainEqual({
      field: 'registered_address.postcode',
      message: 'Enter a postcode of 4 digits',
    });
    expect(await load(supplier)).toEqual(before);
  });

  it('asks for the business number of the country and checks an Australian GST number as an ABN', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Wattle Pty');
    const australian = { line_1: '1 George Street', city: 'Sydney', postcode: '2000', country: 'Australia' };
    const missing = await saveFresh(supplier, companyDetails({ registered_address: australian, nzbn: undefined, gst_number: '49091850' }));
    expectError(missing, 400, 'bad request');
    expect(fieldsOf(missing).sort()).toEqual(['abn', 'gst_number']);

    const fixed = await saveFresh(
      supplier,
      companyDetails({ registered_address: australian, nzbn: undefined, abn: '51 824 753 556', acn: '005 499 981', gst_number: '51824753556' }),
    );
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ abn: '51824753556', acn: '005499981' });
  });

  it('requires what the answers make necessary, reports required fields, and drops answers to hidden questions', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Conditional Ltd');
    const missing = await saveFresh(supplier, companyDetails({ same_as_head_office: 'no', gst_number: '   ', trading_name: '' }));
    expectError(missing, 400, 'bad request');
    expect(missing.json<{ details: unknown[] }>().details).toEqual(
      expect.arrayContaining([
        { field: 'trading_name', message: 'Enter your trading name' },
        { field: 'head_office_address', message: 'Enter head office address' },
        { field: 'gst_number', message: 'Enter your GST number' },
      ]),
    );

    const hidden = await saveFresh(
      supplier,
      companyDetails({
        gst_status: 'not_registered',
        head_office_address: { line_1: '9 Elsewhere Road', city: 'Auckland', postcode: '1010', country: 'New Zealand' },
      }),
    );
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json<Details>()).not.toHaveProperty('head_office_address');
    expect(hidden.json<Details>()).not.toHaveProperty('gst_number');

    const reasons = await saveFresh(supplier, { has_been_investigated: 'yes', has_disputes: 'yes', has_legal: 'no' });
    expect(fieldsOf(reasons).sort()).toEqual(['disputes_reason_yes', 'investigation_reason']);
    const explained = await saveFresh(supplier, {
      has_been_investigated: 'yes',
      investigation_reason: 'A routine Commerce Commission inquiry in 2022; no action taken.',
      has_disputes: 'no',
      has_legal: 'no',
      insurance: { public_liability: 5_000_000, cyber_liability: 2_000_000 },
      other_insurance: ['Marine cargo'],
    });
    expect(explained.statusCode).toBe(200);
    expect(explained.json()).toMatchObject({ insurance: { public_liability: 5_000_000 }, other_insurance: ['Marine cargo'] });
    // Saving one step keeps the other steps' answers.
    expect(explained.json()).toMatchObject({ trading_name: 'Kererū Works', business_owner: 'Aroha Ngata' });
  });

  it('asks for a reason when debts cannot be paid and for the statement when one is to be submitted; the file must be the supplier’s own', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Solvent Ltd');
    const other = await createSupplierWithAdmin(context, 'Other Files Ltd');
    const missing = await saveFresh(supplier, { pay_debts: 'no', insolvency_proceedings: 'no', submit_financial_statement: 'yes' });
    expect(fieldsOf(missing).sort()).toEqual(['financial_statement', 'solvency_reason']);

    const foreign = await uploadFile(context.app, other.headers, { fileName: 'accounts.pdf' }, 'FinancialStatements');
    expect(foreign.statusCode).toBe(200);
    const foreignId = foreign.json<{ files: { id: string }[] }>().files[0]?.id;
    const refused = await saveFresh(supplier, { ...financialViability, submit_financial_statement: 'yes', financial_statement: foreignId });
    expectError(refused, 400, 'bad request');
    expect(fieldsOf(refused)).toEqual(['financial_statement']);

    const own = await uploadFile(context.app, supplier.headers, { fileName: 'accounts 2025.pdf' }, 'FinancialStatements');
    const ownId = own.json<{ files: { id: string }[] }>().files[0]?.id;
    const saved = await saveFresh(supplier, { ...financialViability, submit_financial_statement: 'yes', financial_statement: ownId });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ financial_statement: ownId, financial_statement_name: 'accounts 2025.pdf' });
  });

  it('refuses a save over someone else’s (409), unknown fields, an empty change and a non-admin, changing nothing', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Guarded Save Ltd');
    const before = await load(supplier);
    const first = await save(supplier, { last_edited: before.last_edited, ...companyDetails() });
    expect(first.statusCode).toBe(200);
    const stale = await save(supplier, { last_edited: before.last_edited, ...companyDetails({ trading_name: 'Overwritten' }) });
    expectError(stale, 409, 'conflict');

    // Two saves within the millisecond the details were loaded in: the second is still refused.
    const loaded = await load(supplier);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(loaded.last_edited) });
    try {
      expect((await save(supplier, { last_edited: loaded.last_edited, ...companyDetails({ trading_name: 'Same Millisecond' }) })).statusCode).toBe(200);
      expectError(await save(supplier, { last_edited: loaded.last_edited, ...companyDetails({ trading_name: 'Overwritten' }) }), 409, 'conflict');
    } finally {
      vi.useRealTimers();
    }

    const current = await load(supplier);
    const unknown = await save(supplier, { last_edited: current.last_edited, trading_name: 'X', status: 'approved' });
    expectError(unknown, 400, 'bad request');
    expect(fieldsOf(unknown)).toEqual(['status']);
    expectError(await save(supplier, { last_edited: current.last_edited }), 400, 'bad request');
    expectError(await save(supplier, { trading_name: 'No version' }), 400, 'bad request');

    const member = await createSignedInUser(context, { suppliers: [{ supplierId: supplier.supplierId, isAdmin: false }] });
    const memberHeaders = bearer(member.accessToken, supplier.supplierId);
    expectError(await save(supplier, { last_edited: current.last_edited, ...companyDetails({ trading_name: 'Member' }) }, memberHeaders), 403, 'forbidden');
    const memberRead = await context.app.inject({ method: 'GET', url: '/api/v1/user/details', headers: memberHeaders });
    expect(memberRead.statusCode).toBe(200);
    expect(await load(supplier)).toEqual(current);
  });
});

describe('demo supplier details', () => {
  it('are complete, valid answers to every step for every demo supplier', () => {
    for (const [index, supplier] of demoSuppliers.entries()) {
      const answers = { trading_name: supplier.tradingName, legal_name: supplier.legalName, nzbn: supplier.nzbn, abn: supplier.abn, ...demoDetails(supplier, index) };
      for (const step of supplierDetailsForm.steps) {
        const result = validateStep(step, answers, (data) => supplierDetailsRuleErrors(step.id as SupplierDetailsStepId, data));
        expect(result.errors, `${supplier.tradingName}, ${step.id}`).toEqual([]);
      }
    }
  });
});

/** Supplier details: reading them, the form definition and its validators, and saving changed steps. */
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createSignedInUser } from '../../auth/test-support';
import { auditLog, supplierServices, suppliers } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { supplierDetailsForm, type SupplierDetailsStepId } from '../../../common/supplier-details/form';
import { supplierDetailsRuleErrors } from '../../../common/supplier-details/rules';
import { isValidNzbn } from '../../../common/business-numbers';
import { demoDetails } from '../../seed/demo-details';
import { demoSuppliers } from '../../seed/demo-suppliers';
import { validateStep } from '../forms/validate';
import { uploadFile } from '../uploads/test-support';
import { createSupplierWithAdmin, expectError, type SupplierWithAdmin } from '../supplier-users/test-support';
import { createTeamMemberUser } from '../applications/team-test-support';
import { directorySearchCache } from '../directory/service';
import { createChannel, search, serviceId } from '../directory/test-support';

/**
 * Complete, valid answers of the company-details step for a New Zealand business, but for the legal
 * name and NZBN: a change of those waits for the team's review (detail-changes.test.ts), so the
 * supplier keeps its own (createDetailsSupplier).
 */
function companyDetails(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    trading_name: 'Kererū Works',
    maori_business: 'no',
    registered_address: { line_1: '1 Lambton Quay', city: 'Wellington', postcode: '6011', country: 'New Zealand' },
    same_as_head_office: 'yes',
    type_of_company: 'Limited liability company',
    business_owner: 'Aroha Ngata',
    company_status: 'Registered',
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

let nzbnBase = 942922200000;
/** A valid NZBN no other supplier of these tests holds. */
function freshNzbn(): string {
  for (;;) {
    nzbnBase += 7919;
    for (let check = 0; check < 10; check += 1) {
      const nzbn = `${String(nzbnBase)}${String(check)}`;
      if (isValidNzbn(nzbn)) {
        return nzbn;
      }
    }
  }
}

/** A supplier with an admin, and an NZBN of its own (a New Zealand business needs one). */
async function createDetailsSupplier(context: TestContext, tradingName: string): Promise<SupplierWithAdmin> {
  const supplier = await createSupplierWithAdmin(context, tradingName);
  await context.database.db.update(suppliers).set({ nzbn: freshNzbn() }).where(eq(suppliers.id, supplier.supplierId));
  return supplier;
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
    const supplier = await createDetailsSupplier(context, 'Details Ltd');
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
    const supplier = await createDetailsSupplier(context, 'Guarded Ltd');
    const outsider = await createDetailsSupplier(context, 'Outsider Ltd');
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
    const supplierA = await createDetailsSupplier(context, 'Alpha Details');
    const supplierB = await createDetailsSupplier(context, 'Bravo Details');
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

  it('serves the form definition with four steps and its precompiled validators as a script module', async () => {
    const supplier = await createDetailsSupplier(context, 'Form Ltd');
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/supplier-registration/update_form', headers: supplier.headers });
    expect(response.statusCode).toBe(200);
    const form = response.json<{ key: string; steps: { id: string }[]; validators: string }>();
    expect(form.steps.map((step) => step.id)).toEqual(['company-details', 'financial-viability', 'validation', 'public-profile']);
    expect(form.validators).toMatch(/^forms\/supplier-details\/2\/validators\.js\?h=[0-9a-f]{16}$/);

    const module = await context.app.inject({ method: 'GET', url: `/api/v1/${form.validators}` });
    expect(module.statusCode).toBe(200);
    expect(module.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(module.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(module.body).toMatch(/^\/\/ Validators of the supplier-details form/);
    expect(module.body).toContain('"company-details": function (require)');
    // Nothing the browser cannot provide, and no eval-like construction.
    expect(module.body).not.toMatch(/new Function|eval\(/);

    const unversioned = await context.app.inject({ method: 'GET', url: '/api/v1/forms/supplier-details/2/validators.js' });
    expect(unversioned.headers['cache-control']).toBe('no-cache');
    // A browser still holding version 1 (before the public profile step) is told it is gone.
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/forms/supplier-details/1/validators.js' }), 404, 'not found');
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/forms/supplier-details/99/validators.js' }), 404, 'not found');
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/forms/no-such-form/1/validators.js' }), 404, 'not found');
  });

  it('saves a step: columns, answers, a new last-edited time, and an audit entry with before and after', async () => {
    const supplier = await createDetailsSupplier(context, 'Saving Ltd');
    const response = await saveFresh(supplier, companyDetails({ nzbn: '9429 0415 2574 6' }));
    expect(response.statusCode).toBe(200);
    const saved = response.json<Details>();
    expect(saved).toMatchObject({ trading_name: 'Kererū Works', gst_number: '49091850', years_in_business: 6 });
    // The NZBN, compacted, waits for the team's review; the supplier keeps its own until then.
    expect(saved).toMatchObject({ pending_change: { fields: [{ field: 'nzbn', after: '9429041525746' }] } });

    const [row] = await context.database.db.select().from(suppliers).where(eq(suppliers.id, supplier.supplierId));
    expect(row).toMatchObject({ tradingName: 'Kererū Works', legalName: 'Saving Ltd Limited', nzbn: saved.nzbn, city: 'Wellington', country: 'New Zealand' });
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
    const supplier = await createDetailsSupplier(context, 'Checked Ltd');
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

  it('refuses hidden formatting characters in the trading and legal names, saying so, changing nothing', async () => {
    const supplier = await createDetailsSupplier(context, 'Plain Ltd');
    const before = await load(supplier);
    const response = await save(supplier, { last_edited: before.last_edited, ...companyDetails({ trading_name: 'Plain\u202Edtl', legal_name: 'Plain\u0007 Limited' }) });
    expectError(response, 400, 'bad request');
    expect(response.json<{ details: { field: string; message: string }[] }>().details).toEqual([
      { field: 'trading_name', message: 'Trading name contains hidden formatting characters, perhaps from copying and pasting. Type it again.' },
      { field: 'legal_name', message: 'Legal name contains hidden formatting characters, perhaps from copying and pasting. Type it again.' },
    ]);
    expect(await load(supplier)).toEqual(before);
  });

  it('asks for the business number of the country and checks an Australian GST number as an ABN', async () => {
    const supplier = await createDetailsSupplier(context, 'Wattle Pty');
    const australian = { line_1: '1 George Street', city: 'Sydney', postcode: '2000', country: 'Australia' };
    const missing = await saveFresh(supplier, companyDetails({ registered_address: australian, nzbn: undefined, gst_number: '49091850' }));
    expectError(missing, 400, 'bad request');
    expect(fieldsOf(missing).sort()).toEqual(['abn', 'gst_number']);

    const fixed = await saveFresh(
      supplier,
      companyDetails({ registered_address: australian, nzbn: undefined, abn: '51 824 753 556', acn: '005 499 981', gst_number: '51824753556' }),
    );
    expect(fixed.statusCode).toBe(200);
    // The numbers, compacted, wait for the team's review.
    expect(fixed.json<Details>().pending_change).toMatchObject({
      fields: expect.arrayContaining([expect.objectContaining({ field: 'abn', after: '51824753556' }), expect.objectContaining({ field: 'acn', after: '005499981' })]) as unknown,
    });
  });

  it('requires what the answers make necessary, reports required fields, and drops answers to hidden questions', async () => {
    const supplier = await createDetailsSupplier(context, 'Conditional Ltd');
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
    const supplier = await createDetailsSupplier(context, 'Solvent Ltd');
    const other = await createDetailsSupplier(context, 'Other Files Ltd');
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
    const supplier = await createDetailsSupplier(context, 'Guarded Save Ltd');
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

describe('insurance: types named by a save, and other types (issue 26)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  const validationAnswers = { has_been_investigated: 'no', has_disputes: 'no', has_legal: 'no' };

  async function load(supplier: SupplierWithAdmin): Promise<Details> {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/user/details', headers: supplier.headers });
    expect(response.statusCode).toBe(200);
    return response.json<Details>();
  }

  async function saveFresh(supplier: SupplierWithAdmin, payload: Record<string, unknown>) {
    const { last_edited } = await load(supplier);
    return context.app.inject({ method: 'PUT', url: '/api/v1/supplier-registration', headers: supplier.headers, payload: { last_edited, ...payload } });
  }

  async function storedDetails(supplierId: number) {
    const [row] = await context.database.db.select({ details: suppliers.details }).from(suppliers).where(eq(suppliers.id, supplierId));
    return row?.details;
  }

  function errorsOf(response: LightMyRequestResponse): { field: string; message: string }[] {
    return response.json<{ details: { field: string; message: string }[] }>().details;
  }

  /** A supplier whose validation step holds two types' cover and one other type. */
  async function insuredSupplier(name: string): Promise<SupplierWithAdmin> {
    const supplier = await createDetailsSupplier(context, name);
    const saved = await saveFresh(supplier, {
      ...validationAnswers,
      insurance: { public_liability: 5_000_000, cyber_liability: 2_000_000 },
      other_insurance: ['Motor vehicle fleet'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return supplier;
  }

  it('puts a type that is none of the nine into other_insurance by its name, once, and stores no such key in insurance', async () => {
    const supplier = await insuredSupplier('Other Types Ltd');
    const response = await saveFresh(supplier, { insurance: { 'Marine cargo': 250_000, 'Key person': null, public_liability: 6_000_000 } });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      insurance: { public_liability: 6_000_000, cyber_liability: 2_000_000 },
      other_insurance: ['Motor vehicle fleet', 'Marine cargo', 'Key person'],
    };
    expect(response.json()).toMatchObject(expected);
    expect(response.json<Details>().insurance).toEqual(expected.insurance);
    expect(await storedDetails(supplier.supplierId)).toMatchObject(expected);
    expect((await storedDetails(supplier.supplierId))?.insurance).toEqual(expected.insurance);
    expect(await load(supplier)).toEqual(response.json());

    // The same names again, in other cases and spellings, and a known type by its label: no duplicates.
    const again = await saveFresh(supplier, {
      insurance: { 'marine  CARGO': 1, 'Product Liability': 1_000_000 },
      other_insurance: ['Motor vehicle fleet', 'motor vehicle fleet', 'Key person'],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      insurance: { public_liability: 6_000_000, cyber_liability: 2_000_000, product_liability: 1_000_000 },
      other_insurance: ['Motor vehicle fleet', 'Key person', 'marine  CARGO'],
    });
    expect(await storedDetails(supplier.supplierId)).toMatchObject({
      insurance: { public_liability: 6_000_000, cyber_liability: 2_000_000, product_liability: 1_000_000 },
      other_insurance: ['Motor vehicle fleet', 'Key person', 'marine  CARGO'],
    });
    expect(Object.keys((await storedDetails(supplier.supplierId))?.insurance as object).sort()).toEqual(['cyber_liability', 'product_liability', 'public_liability']);
  });

  it('keeps the stored cover of every type a save does not name; null clears one type', async () => {
    const supplier = await insuredSupplier('Partial Cover Ltd');
    const one = await saveFresh(supplier, { insurance: { cyber_liability: 3_000_000 } });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<Details>().insurance).toEqual({ public_liability: 5_000_000, cyber_liability: 3_000_000 });
    expect(one.json<Details>().other_insurance).toEqual(['Motor vehicle fleet']);
    expect(await storedDetails(supplier.supplierId)).toMatchObject({
      insurance: { public_liability: 5_000_000, cyber_liability: 3_000_000 },
      other_insurance: ['Motor vehicle fleet'],
      has_disputes: 'no',
    });

    // Another step, or the other types alone, leave the cover as it is.
    expect((await saveFresh(supplier, { has_legal: 'yes', legal_reason_yes: 'A lease dispute before the Tenancy Tribunal.' })).statusCode).toBe(200);
    const others = await saveFresh(supplier, { other_insurance: ['Marine cargo'] });
    expect(others.statusCode, others.body).toBe(200);
    expect(others.json()).toMatchObject({ insurance: { public_liability: 5_000_000, cyber_liability: 3_000_000 }, other_insurance: ['Marine cargo'] });

    const cleared = await saveFresh(supplier, { insurance: { cyber_liability: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<Details>().insurance).toEqual({ public_liability: 5_000_000 });
    expect((await storedDetails(supplier.supplierId))?.insurance).toEqual({ public_liability: 5_000_000 });

    // The edit screen sends every type, the blank ones as null.
    const screen = await saveFresh(supplier, {
      ...validationAnswers,
      insurance: { public_liability: null, property: 750_000, cyber_liability: null },
      other_insurance: [],
    });
    expect(screen.statusCode, screen.body).toBe(200);
    expect((await storedDetails(supplier.supplierId))?.insurance).toEqual({ property: 750_000 });
    expect((await storedDetails(supplier.supplierId))?.other_insurance).toEqual([]);
  });

  it('refuses bad names and amounts with a 400 that says what is wrong, never a 500, and keeps what is stored', async () => {
    const supplier = await insuredSupplier('Bad Names Ltd');
    const before = await load(supplier);
    const storedBefore = await storedDetails(supplier.supplierId);
    const tooMany = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`Type ${String(index)}`, 1]));
    const cases: [string, Record<string, unknown>, string[]][] = [
      ['an empty name', { insurance: { '': 100 } }, ['insurance']],
      ['a blank name', { insurance: { '   ': 100, cyber_liability: 1 } }, ['insurance']],
      ['a name of 101 characters', { insurance: { ['x'.repeat(101)]: 1 } }, ['insurance']],
      ['a name of 100,000 characters', { insurance: { ['x'.repeat(100_000)]: 1 } }, ['insurance']],
      ['insurance as text', { insurance: 'Marine cargo' }, ['insurance']],
      ['insurance as a list', { insurance: ['Marine cargo'] }, ['insurance']],
      ['too many types', { insurance: tooMany }, ['insurance']],
      ['an amount of another type that is not dollars', { insurance: { 'Marine cargo': 'lots' } }, ['insurance.Marine cargo']],
      ['a negative amount of another type', { insurance: { 'Marine cargo': -1 } }, ['insurance.Marine cargo']],
      ['an amount of a known type that is not dollars', { insurance: { public_liability: 'lots' } }, ['insurance.public_liability']],
      ['a known type named twice', { insurance: { public_liability: 1, 'Public Liability': 2 } }, ['insurance.public_liability']],
      ['a number as a name', { other_insurance: [42] }, ['other_insurance.0']],
      ['null as a name', { other_insurance: ['Marine cargo', null] }, ['other_insurance.1']],
      ['an object as a name', { other_insurance: [{ name: 'Marine cargo' }] }, ['other_insurance.0']],
      ['an empty name in the list', { other_insurance: ['Marine cargo', ''] }, ['other_insurance.1']],
      ['a blank name in the list', { other_insurance: ['  '] }, ['other_insurance.0']],
      ['a long name in the list', { other_insurance: ['y'.repeat(5000)] }, ['other_insurance.0']],
      ['the list as text', { other_insurance: 'Marine cargo' }, ['other_insurance']],
      ['the list as an object', { other_insurance: { 0: 'Marine cargo' } }, ['other_insurance']],
      ['21 other types', { other_insurance: Array.from({ length: 21 }, (_, index) => `Type ${String(index)}`) }, ['other_insurance']],
      [
        'more than 20 other types once merged',
        { other_insurance: Array.from({ length: 15 }, (_, index) => `Listed ${String(index)}`), insurance: Object.fromEntries(Array.from({ length: 6 }, (_, index) => [`Named ${String(index)}`, 1])) },
        ['other_insurance'],
      ],
    ];
    for (const [label, payload, fields] of cases) {
      const response = await saveFresh(supplier, payload);
      expectError(response, 400, 'bad request');
      expect(errorsOf(response).map((error) => error.field), label).toEqual(fields);
      expect(errorsOf(response).every((error) => error.message.length > 0 && error.message.length < 200), label).toBe(true);
      expect(response.body.length, label).toBeLessThan(2000);
    }
    const messages = async (payload: Record<string, unknown>) => errorsOf(await saveFresh(supplier, payload)).map((error) => error.message);
    expect(await messages({ insurance: { '': 100 } })).toEqual(['Enter the type of insurance']);
    expect(await messages({ insurance: { ['x'.repeat(101)]: 1 } })).toEqual(['Type of insurance must be 100 characters or fewer']);
    expect(await messages({ other_insurance: [42] })).toEqual(['Name each type of insurance in text']);
    expect(await messages({ insurance: { 'Marine cargo': 'lots' } })).toEqual(['Cover of Marine cargo must be a whole number of dollars']);
    expect(await messages({ other_insurance: Array.from({ length: 21 }, (_, index) => `Type ${String(index)}`) })).toEqual([
      'Name at most 20 other types of insurance',
    ]);

    expect(await load(supplier)).toEqual(before);
    expect(await storedDetails(supplier.supplierId)).toEqual(storedBefore);
  });

  it('lists an other type that an earlier save kept inside insurance, for the supplier and the team, and stores it so at the next save', async () => {
    const supplier = await insuredSupplier('Earlier Save Ltd');
    const stored = await storedDetails(supplier.supplierId);
    await context.database.db
      .update(suppliers)
      .set({ details: { ...stored, insurance: { public_liability: 5_000_000, 'Marine cargo': 100_000, '': 1 } } })
      .where(eq(suppliers.id, supplier.supplierId));

    const read = await load(supplier);
    expect(read.insurance).toEqual({ public_liability: 5_000_000 });
    expect(read.other_insurance).toEqual(['Motor vehicle fleet', 'Marine cargo']);
    const teamMember = (await createTeamMemberUser(context)).headers;
    const team = await context.app.inject({ method: 'GET', url: `/api/v1/admin/suppliers/${String(supplier.supplierId)}`, headers: teamMember });
    expect(team.statusCode, team.body).toBe(200);
    expect(team.json<{ details: Record<string, unknown> }>().details).toMatchObject({
      insurance: { public_liability: 5_000_000 },
      other_insurance: ['Motor vehicle fleet', 'Marine cargo'],
    });

    expect((await saveFresh(supplier, companyDetails())).statusCode).toBe(200);
    expect(await storedDetails(supplier.supplierId)).toMatchObject({
      insurance: { public_liability: 5_000_000 },
      other_insurance: ['Motor vehicle fleet', 'Marine cargo'],
    });
    expect((await storedDetails(supplier.supplierId))?.insurance).toEqual({ public_liability: 5_000_000 });
  });
});

describe('public profile details', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  const publicProfile = {
    description: 'Kaupapa Māori research & evaluation for <public> agencies, since 2012.',
    contact_email: 'kiaora@kererū.example.co.nz',
    contact_phone: '+64 4 555 0199',
    website: 'https://www.kereru.example.co.nz/about?team=research&region=wellington',
  };

  async function load(supplier: SupplierWithAdmin): Promise<Details> {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/user/details', headers: supplier.headers });
    expect(response.statusCode).toBe(200);
    return response.json<Details>();
  }

  async function saveFresh(supplier: SupplierWithAdmin, payload: Record<string, unknown>, headers = supplier.headers) {
    const { last_edited } = await load(supplier);
    return context.app.inject({ method: 'PUT', url: '/api/v1/supplier-registration', headers, payload: { last_edited, ...payload } });
  }

  async function columnsOf(supplierId: number) {
    const [row] = await context.database.db
      .select({ summary: suppliers.summary, email: suppliers.email, phone: suppliers.phone, website: suppliers.website, details: suppliers.details })
      .from(suppliers)
      .where(eq(suppliers.id, supplierId));
    return row;
  }

  function errorsOf(response: LightMyRequestResponse): { field: string; message: string }[] {
    return response.json<{ details: { field: string; message: string }[] }>().details;
  }

  it('saves the description, contact email, phone and website into the columns the public profile reads, and audits them', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Profile Saving Ltd');
    const response = await saveFresh(supplier, publicProfile);
    expect(response.statusCode).toBe(200);
    expect(response.json<Details>()).toMatchObject(publicProfile);
    expect(await load(supplier)).toMatchObject(publicProfile);

    const row = await columnsOf(supplier.supplierId);
    expect(row).toMatchObject({
      summary: publicProfile.description,
      email: publicProfile.contact_email,
      phone: publicProfile.contact_phone,
      website: publicProfile.website,
    });
    // Kept once, in the columns, not again among the other answers.
    expect(Object.keys(row?.details ?? {})).not.toEqual(expect.arrayContaining(['description']));
    expect(row?.details).not.toHaveProperty('contact_email');

    const [entry] = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'supplier.update-details'), eq(auditLog.supplierId, supplier.supplierId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorUserId: supplier.admin.user.id,
      before: { description: null, contact_email: null, contact_phone: null, website: null },
      after: publicProfile,
    });

    // Each field on its own, and an emptied field is cleared.
    const phoneOnly = await saveFresh(supplier, { ...publicProfile, contact_phone: '04 555 0142' });
    expect(phoneOnly.statusCode).toBe(200);
    const [phoneEntry] = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'supplier.update-details'), eq(auditLog.supplierId, supplier.supplierId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(phoneEntry?.before).toEqual({ contact_phone: '+64 4 555 0199' });
    expect(phoneEntry?.after).toEqual({ contact_phone: '04 555 0142' });
    const cleared = await saveFresh(supplier, { ...publicProfile, website: '  ', description: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<Details>()).not.toHaveProperty('website');
    expect(await columnsOf(supplier.supplierId)).toMatchObject({ summary: null, website: null, email: publicProfile.contact_email });
  });

  it('saving another step keeps the public profile, and saving the public profile keeps the other steps', async () => {
    const supplier = await createDetailsSupplier(context, 'Profile Keeping Ltd');
    expect((await saveFresh(supplier, publicProfile)).statusCode).toBe(200);
    expect((await saveFresh(supplier, companyDetails({ trading_name: 'Profile Kept Ltd' }))).statusCode).toBe(200);
    expect(await columnsOf(supplier.supplierId)).toMatchObject({ summary: publicProfile.description, website: publicProfile.website });
    expect((await saveFresh(supplier, { ...publicProfile, contact_email: 'office@kereru.example.co.nz' })).statusCode).toBe(200);
    expect(await load(supplier)).toMatchObject({ trading_name: 'Profile Kept Ltd', business_owner: 'Aroha Ngata', contact_email: 'office@kereru.example.co.nz' });
  });

  it('refuses a malformed email, phone or website and an overlong description, naming each field, changing nothing', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Profile Checked Ltd');
    expect((await saveFresh(supplier, publicProfile)).statusCode).toBe(200);
    const before = await load(supplier);
    const response = await saveFresh(supplier, {
      description: 'x'.repeat(601),
      contact_email: 'kiaora at kereru.co.nz',
      contact_phone: 'call us',
      website: 'www.kereru.co.nz',
    });
    expectError(response, 400, 'bad request');
    expect(errorsOf(response)).toEqual(
      expect.arrayContaining([
        { field: 'description', message: 'Keep the description to 600 characters or fewer' },
        { field: 'contact_email', message: 'Enter an email address in the correct format, like name@example.co.nz' },
        { field: 'contact_phone', message: 'Enter a phone number in digits, like 04 555 0142 or +64 4 555 0142' },
        { field: 'website', message: 'Enter the website address starting with https:// or http://, like https://www.example.co.nz' },
      ]),
    );
    expect(errorsOf(response).map((error) => error.field).sort()).toEqual(['contact_email', 'contact_phone', 'description', 'website']);
    expect(response.json<{ message: string }>().message).toContain('There are 4 problems with the supplier details.');

    for (const website of ['javascript:alert(1)', 'ftp://files.kereru.co.nz', 'https://localhost', 'https://exa mple.co.nz', 'mailto:kiaora@kereru.co.nz']) {
      const refused = await saveFresh(supplier, { ...publicProfile, website });
      expectError(refused, 400, 'bad request');
      expect(errorsOf(refused).map((error) => error.field), website).toEqual(['website']);
    }
    for (const contact_phone of ['12345', '0800 FLOWERS', '04 555 0142 ext 3', '+64 4 555 0142 0000 0000']) {
      expect(errorsOf(await saveFresh(supplier, { ...publicProfile, contact_phone })).map((error) => error.field), contact_phone).toEqual(['contact_phone']);
    }
    for (const contact_email of ['kiaora@kereru', '@kereru.co.nz', 'kia ora@kereru.co.nz', '<script>@x.co.nz']) {
      expect(errorsOf(await saveFresh(supplier, { ...publicProfile, contact_email })).map((error) => error.field), contact_email).toEqual(['contact_email']);
    }
    expect(await load(supplier)).toEqual(before);
  });

  it('refuses a save over someone else’s (409) and a member’s save (403), changing nothing', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Profile Guarded Ltd');
    const stale = await load(supplier);
    expect((await saveFresh(supplier, publicProfile)).statusCode).toBe(200);
    const current = await load(supplier);
    const conflict = await context.app.inject({
      method: 'PUT',
      url: '/api/v1/supplier-registration',
      headers: supplier.headers,
      payload: { last_edited: stale.last_edited, ...publicProfile, description: 'Overwritten' },
    });
    expectError(conflict, 409, 'conflict');
    expect(conflict.json<{ message: string }>().message).toContain('Someone else saved these supplier details');

    const member = await createSignedInUser(context, { suppliers: [{ supplierId: supplier.supplierId, isAdmin: false }] });
    const refused = await saveFresh(supplier, { ...publicProfile, description: 'By a member' }, bearer(member.accessToken, supplier.supplierId));
    expectError(refused, 403, 'forbidden');
    expect(await load(supplier)).toEqual(current);
    expect((await columnsOf(supplier.supplierId))?.summary).toBe(publicProfile.description);
  });

  it("another supplier's admin cannot read or change these details with a forged supplier header", async () => {
    const supplierA = await createSupplierWithAdmin(context, 'Profile Alpha Ltd');
    const supplierB = await createSupplierWithAdmin(context, 'Profile Bravo Ltd');
    expect((await saveFresh(supplierA, publicProfile)).statusCode).toBe(200);
    const before = await load(supplierA);
    const forged = bearer(supplierB.admin.accessToken, supplierA.supplierId);
    const read = await context.app.inject({ method: 'GET', url: '/api/v1/user/details', headers: forged });
    expectError(read, 403, 'forbidden');
    expect(read.body).not.toContain('kereru');
    const write = await context.app.inject({
      method: 'PUT',
      url: '/api/v1/supplier-registration',
      headers: forged,
      payload: { last_edited: before.last_edited, website: 'https://hijacked.example.com' },
    });
    expectError(write, 403, 'forbidden');
    // B's own save changes B only.
    expect((await saveFresh(supplierB, { website: 'https://bravo.example.co.nz' })).statusCode).toBe(200);
    expect(await load(supplierA)).toEqual(before);
    expect((await columnsOf(supplierB.supplierId))?.website).toBe('https://bravo.example.co.nz');
  });
});

describe('the supplier’s own public listing (GET /user/listings)', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  interface Listing {
    profilePath: string | null;
    channels: { title: string; catalogues: { title: string; services: { title: string; slug: string }[] }[] }[];
  }

  function listings(headers: Record<string, string>) {
    return context.app.inject({ method: 'GET', url: '/api/v1/user/listings', headers });
  }

  /** Lists the services for the supplier, published or not (as the team's approval would). */
  async function list(ids: number[], supplierId: number, published: boolean) {
    await context.database.db
      .insert(supplierServices)
      .values(ids.map((id) => ({ supplierId, serviceId: id, publishedAt: published ? new Date('2025-02-01T00:00:00Z') : null })));
  }

  it('lists the published listings by channel and catalogue as the public profile does, with the profile’s address', async () => {
    const channel = await createChannel(context.database.db, {
      title: 'Listing Channel',
      catalogues: [
        { title: 'Listing Catalogue B', position: 1, services: [{ title: 'Zeta service' }, { title: 'Alpha service' }] },
        { title: 'Listing Catalogue A', position: 0, services: [{ title: 'Draft service' }, { title: 'Middle service' }] },
      ],
    });
    const own = await createSupplierWithAdmin(context, 'Listing Own Ltd');
    const other = await createSupplierWithAdmin(context, 'Listing Other Ltd');
    await list([serviceId(channel, 'Zeta service'), serviceId(channel, 'Alpha service'), serviceId(channel, 'Middle service')], own.supplierId, true);
    await list([serviceId(channel, 'Draft service')], own.supplierId, false);
    await list([serviceId(channel, 'Draft service')], other.supplierId, true);

    const response = await listings(own.headers);
    expect(response.statusCode).toBe(200);
    const listing = response.json<Listing>();
    expect(listing.profilePath).toBe(`/approved-suppliers/${String(own.supplierId)}`);
    const mine = listing.channels.find((candidate) => candidate.title === 'Listing Channel');
    expect(mine?.catalogues.map((catalogue) => [catalogue.title, catalogue.services.map((service) => service.title)])).toEqual([
      ['Listing Catalogue A', ['Middle service']],
      ['Listing Catalogue B', ['Alpha service', 'Zeta service']],
    ]);
    // The other supplier's published listing and its own unpublished one are not there.
    expect(JSON.stringify(listing)).not.toContain('Draft service');

    // A member reads it too; the other supplier's own call answers its own listing.
    const member = await createSignedInUser(context, { suppliers: [{ supplierId: own.supplierId, isAdmin: false }] });
    expect((await listings(bearer(member.accessToken, own.supplierId))).json<Listing>()).toEqual(listing);
    const others = (await listings(other.headers)).json<Listing>();
    expect(others.profilePath).toBe(`/approved-suppliers/${String(other.supplierId)}`);
    expect(JSON.stringify(others)).not.toMatch(/Middle service|Alpha service|Zeta service/);
  });

  it('is empty, with no profile, before anything is published or while the supplier is not approved', async () => {
    const channel = await createChannel(context.database.db, { title: 'Empty Channel', catalogues: [{ title: 'Empty Catalogue', services: [{ title: 'Pending service' }] }] });
    const fresh = await createSupplierWithAdmin(context, 'Listing Fresh Ltd');
    expect((await listings(fresh.headers)).json()).toEqual({ profilePath: null, channels: [] });
    await list([serviceId(channel, 'Pending service')], fresh.supplierId, false);
    expect((await listings(fresh.headers)).json()).toEqual({ profilePath: null, channels: [] });

    const applicant = await createSupplierWithAdmin(context, 'Listing Applicant Ltd');
    await list([serviceId(channel, 'Pending service')], applicant.supplierId, true);
    expect((await listings(applicant.headers)).json<Listing>().channels).toHaveLength(1);
    await context.database.db.update(suppliers).set({ status: 'applicant' }).where(eq(suppliers.id, applicant.supplierId));
    expect((await listings(applicant.headers)).json()).toEqual({ profilePath: null, channels: [] });
  });

  it('a saved description is what the directory search reads about the supplier', async () => {
    const channel = await createChannel(context.database.db, { title: 'Searched Channel', catalogues: [{ title: 'Searched Catalogue', services: [{ title: 'Searched service' }] }] });
    const supplier = await createSupplierWithAdmin(context, 'Listing Searched Ltd');
    await list([serviceId(channel, 'Searched service')], supplier.supplierId, true);
    // Read the directory's data version on every search (its cache otherwise waits up to a second).
    directorySearchCache(context.database.db).versionCheckIntervalMs = 0;
    const titles = async (keyword: string) => (await search(context.app, { keyword })).results.map((result) => result.title);
    expect(await titles('zanzibarite')).not.toContain('Listing Searched Ltd');
    const { last_edited } = (await context.app.inject({ method: 'GET', url: '/api/v1/user/details', headers: supplier.headers })).json<Details>();
    const saved = await context.app.inject({
      method: 'PUT',
      url: '/api/v1/supplier-registration',
      headers: supplier.headers,
      payload: { last_edited, description: 'Specialists in zanzibarite surveys.' },
    });
    expect(saved.statusCode).toBe(200);
    expect(await titles('zanzibarite')).toContain('Listing Searched Ltd');
  });

  it("needs sign-in and membership: another supplier's id in the header reaches nothing", async () => {
    const channel = await createChannel(context.database.db, { title: 'Guarded Channel', catalogues: [{ title: 'Guarded Catalogue', services: [{ title: 'Secret service' }] }] });
    const owner = await createSupplierWithAdmin(context, 'Listing Guarded Ltd');
    const outsider = await createSupplierWithAdmin(context, 'Listing Outsider Ltd');
    await list([serviceId(channel, 'Secret service')], owner.supplierId, true);

    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/user/listings' }), 401, 'unauthorized');
    const forged = await listings(bearer(outsider.admin.accessToken, owner.supplierId));
    expectError(forged, 403, 'forbidden');
    expect(forged.body).not.toContain('Secret service');
    // Without a supplier header there is no active supplier to list for.
    const headerless = await listings(bearer(outsider.admin.accessToken));
    expect(headerless.statusCode).toBeGreaterThanOrEqual(400);
    expect(headerless.body).not.toContain('Secret service');
    expect((await listings(outsider.headers)).json()).toEqual({ profilePath: null, channels: [] });
  });
});

describe('demo supplier details', () => {
  it('are complete, valid answers to every step for every demo supplier', () => {
    for (const [index, supplier] of demoSuppliers.entries()) {
      const answers = {
        trading_name: supplier.tradingName,
        legal_name: supplier.legalName,
        nzbn: supplier.nzbn,
        abn: supplier.abn,
        description: supplier.summary,
        contact_email: supplier.email,
        contact_phone: supplier.phone,
        website: supplier.website,
        ...demoDetails(supplier, index),
      };
      for (const step of supplierDetailsForm.steps) {
        const result = validateStep(step, answers, (data) => supplierDetailsRuleErrors(step.id as SupplierDetailsStepId, data));
        expect(result.errors, `${supplier.tradingName}, ${step.id}`).toEqual([]);
      }
    }
  });
});

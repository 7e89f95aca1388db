/** Applications for services: source lists, the composed form, save, resume, submit, delete and tenant isolation. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_LOCKED_MESSAGE,
  REFERENCE_ID_PATTERN,
  SUPPLIER_APPLICATIONS_PAGE_SIZE,
  type ApplicationListResponse,
  type ApplicationResponse,
  type HeldServicesResponse,
  type SaveApplicationResponse,
  type ServiceListResponse,
} from '../../../common/api/applications';
import type { DirectoryTree } from '../../../common/api/directory';
import type { FormDefinitionResponse } from '../../../common/api/forms';
import { bearer } from '../../auth/test-support';
import { ensureFormDefinitions } from '../../db/content/index';
import { applicationServices, applications, auditLog, formDefinitions, supplierServices } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createChannel, type CreatedChannel } from '../directory/test-support';
import { uploadFile } from '../uploads/test-support';
import { createSupplierWithAdmin, expectError, type SupplierWithAdmin } from '../supplier-users/test-support';
import { createTestApplication } from './team-test-support';

const yourOffer = { offer_summary: 'Cloud platforms for agencies, run by a team in Wellington.', delivery_model: 'hybrid', pricing_approach: 'fixed_price' };
const declarations = { has_conflicts: 'no', certifications: ['ISO 27001 (information security)'], information_confirmed: true };

function capability(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    capability_statement: 'Ten years of hosting and migrating government workloads.',
    case_studies: [{ client: 'Ministry of Examples', description: 'Moved 40 systems to the cloud.', outcome: 'Costs down by a third.', year: 2024 }],
    day_rate: 1450,
    insurance: { public_liability: 2_000_000, cyber_liability: 1_000_000 },
    available_from: '2026-02-02',
    ...overrides,
  };
}

describe('applications for services', () => {
  let context: TestContext;
  let channel: CreatedChannel;
  let otherChannel: CreatedChannel;
  let hosting: number;
  let backup: number;
  let advice: number;
  let design: number;
  let cloudId: number;
  let adviceId: number;
  let designId: number;

  beforeAll(async () => {
    context = await buildTestApp();
    // The second channel comes first in site order, so its catalogue's step comes first too.
    otherChannel = await createChannel(context.database.db, {
      title: 'Professional Services',
      position: 1001,
      catalogues: [{ title: 'Design', services: [{ title: 'Service design' }] }],
    });
    channel = await createChannel(context.database.db, {
      title: 'Digital and ICT',
      position: 1000,
      catalogues: [
        { title: 'Cloud Services', services: [{ title: 'Hosting' }, { title: 'Backup' }] },
        { title: 'Advisory', services: [{ title: 'Architecture advice' }] },
      ],
    });
    const [cloud, advisory] = channel.catalogues;
    const [designCatalogue] = otherChannel.catalogues;
    if (!cloud || !advisory || !designCatalogue) {
      throw new Error('catalogues missing');
    }
    cloudId = cloud.id;
    adviceId = advisory.id;
    designId = designCatalogue.id;
    [hosting, backup] = cloud.services.map((service) => service.id) as [number, number];
    advice = advisory.services[0]?.id ?? 0;
    design = designCatalogue.services[0]?.id ?? 0;
  });
  afterAll(() => context.close());

  function post(supplier: SupplierWithAdmin, payload: unknown, headers = supplier.headers): Promise<LightMyRequestResponse> {
    return context.app.inject({ method: 'POST', url: '/api/v1/application', headers, payload: payload as Record<string, unknown> });
  }

  function draft(services: number[], answers: Record<string, Record<string, unknown>> = {}, extra: Record<string, unknown> = {}) {
    return { form: { key: 'application', version: 1 }, progress: 1, status: 'incomplete', application: { services, answers }, ...extra };
  }

  async function start(supplier: SupplierWithAdmin, services: number[], answers: Record<string, Record<string, unknown>> = {}): Promise<SaveApplicationResponse> {
    const response = await post(supplier, draft(services, answers));
    expect(response.statusCode).toBe(200);
    return response.json<SaveApplicationResponse>();
  }

  async function load(supplier: SupplierWithAdmin, id: number): Promise<ApplicationResponse> {
    const response = await context.app.inject({ method: 'GET', url: `/api/v1/application/${id}`, headers: supplier.headers });
    expect(response.statusCode).toBe(200);
    return response.json<ApplicationResponse>();
  }

  async function storedRow(id: number) {
    const [row] = await context.database.db.select().from(applications).where(eq(applications.id, id));
    return row;
  }

  function fieldsOf(response: LightMyRequestResponse): string[] {
    return response.json<{ details: { field: string }[] }>().details.map((detail) => detail.field);
  }

  it('stores the application forms at start, once', async () => {
    const rows = await context.database.db
      .select({ key: formDefinitions.key, version: formDefinitions.version })
      .from(formDefinitions)
      .where(inArray(formDefinitions.key, ['application', 'catalogue']))
      .orderBy(asc(formDefinitions.key));
    expect(rows).toEqual([
      { key: 'application', version: 1 },
      { key: 'catalogue', version: 1 },
    ]);
    expect(await ensureFormDefinitions(context.database.db)).toBe(0);
  });

  it('lists channels with catalogues and services without sign-in', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/channel' });
    expect(response.statusCode).toBe(200);
    const tree = response.json<DirectoryTree>();
    const digital = tree.find((candidate) => candidate.id === channel.id);
    expect(digital?.catalogues.map((catalogue) => catalogue.title)).toEqual(['Cloud Services', 'Advisory']);
    expect(digital?.catalogues[0]?.services.map((service) => service.title)).toEqual(['Backup', 'Hosting']);
  });

  it('lists services by title with their catalogue, for signed-in suppliers', async () => {
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/service' }), 401, 'unauthorized');
    const supplier = await createSupplierWithAdmin(context, 'Service Lister');
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/service', headers: supplier.headers });
    expect(response.statusCode).toBe(200);
    const list = response.json<ServiceListResponse>();
    const titles = list.map((service) => service.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(list.find((service) => service.id === hosting)).toEqual({ id: hosting, title: 'Hosting', catalogue: { id: cloudId, title: 'Cloud Services' } });
  });

  it('composes the form: common steps, then one step per catalogue in site order, each with its validators', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Form Reader');
    expectError(await context.app.inject({ method: 'GET', url: `/api/v1/supplier-form?services=${hosting}` }), 401, 'unauthorized');
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/v1/supplier-form?services=${design},${advice},${hosting},${backup}`,
      headers: supplier.headers,
    });
    expect(response.statusCode).toBe(200);
    const form = response.json<FormDefinitionResponse>();
    expect(form).toMatchObject({ key: 'application', version: 1 });
    expect(form.validators).toMatch(/^forms\/application\/1\/validators\.js\?h=[0-9a-f]{16}$/);
    expect(form.steps.map((step) => step.id)).toEqual(['your-offer', 'declarations', `catalogue-${cloudId}`, `catalogue-${adviceId}`, `catalogue-${designId}`]);
    expect(form.steps[2]?.title).toBe('Cloud Services: your capability');
    expect(form.steps[0]?.validators).toBe(form.validators);
    const cloudValidators = form.steps[2]?.validators ?? '';
    expect(cloudValidators).toMatch(new RegExp(`^forms/catalogue-${cloudId}/1/validators\\.js\\?h=[0-9a-f]{16}$`));

    // The generated catalogue step's validators are served like any form's.
    const module = await context.app.inject({ method: 'GET', url: `/api/v1/${cloudValidators}` });
    expect(module.statusCode).toBe(200);
    expect(module.headers['content-type']).toContain('text/javascript');
    expect(module.headers['cache-control']).toContain('immutable');
    expect(module.body).toContain(`"catalogue-${cloudId}": function (require)`);
    const common = await context.app.inject({ method: 'GET', url: `/api/v1/${form.validators}` });
    expect(common.body).toContain('"declarations": function (require)');
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/forms/catalogue-999999/1/validators.js' }), 404, 'not found');
    expectError(await context.app.inject({ method: 'GET', url: `/api/v1/forms/catalogue-${cloudId}/7/validators.js` }), 404, 'not found');
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/forms/application/7/validators.js' }), 404, 'not found');
  });

  it('refuses unknown services, naming them', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Unknown Services');
    const form = await context.app.inject({ method: 'GET', url: `/api/v1/supplier-form?services=${hosting},99999998,99999999`, headers: supplier.headers });
    expectError(form, 400, 'bad request');
    expect(form.json<{ message: string }>().message).toContain('99999998, 99999999');
    const saved = await post(supplier, draft([hosting, 99999999]));
    expectError(saved, 400, 'bad request');
    expect(saved.json<{ message: string }>().message).toContain('99999999');
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/supplier-form?services=abc', headers: supplier.headers }), 400, 'bad request');
    const list = await context.app.inject({ method: 'GET', url: '/api/v1/application', headers: supplier.headers });
    expect(list.json<ApplicationListResponse>().applications).toEqual([]);
  });

  it('saves a draft, resumes it, and submits it: locked, services requested, files named, audited', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Happy Path');
    const started = await start(supplier, [hosting], { 'your-offer': { offer_summary: '  Half an answer  ' } });
    expect(started.referenceId).toMatch(new RegExp(REFERENCE_ID_PATTERN));

    const first = await load(supplier, started.applicationId);
    expect(first).toMatchObject({
      id: started.applicationId,
      referenceId: started.referenceId,
      status: 'incomplete',
      progress: 1,
      isLocked: false,
      lastEdited: started.lastEdited,
      data: { services: [hosting], answers: { 'your-offer': { offer_summary: 'Half an answer' } } },
      servicesWithStatus: [{ id: hosting, title: 'Hosting', catalogue: { id: cloudId, title: 'Cloud Services' }, status: 'requested' }],
      files: {},
    });
    expect(first.statusTimestamps.incomplete).toBe(started.lastEdited);
    expect(first.form.steps.map((step) => step.id)).toEqual(['your-offer', 'declarations', `catalogue-${cloudId}`]);
    expect((await storedRow(started.applicationId))?.formVersions).toEqual([
      { key: 'application', version: 1 },
      { key: 'catalogue', version: 1 },
    ]);

    // Resume: change the services (the rows follow), answer more, move on a step.
    const upload = await uploadFile(context.app, supplier.headers, { fileName: 'capability.pdf' }, 'ApplicationFiles');
    const fileId = upload.json<{ files: { id: string }[] }>().files[0]?.id ?? '';
    const resumed = await post(
      supplier,
      draft(
        [hosting, advice],
        { 'your-offer': yourOffer, [`catalogue-${cloudId}`]: capability({ capability_document: fileId }) },
        { referenceId: started.referenceId, lastEdited: first.lastEdited, progress: 3 },
      ),
    );
    expect(resumed.statusCode).toBe(200);
    const second = await load(supplier, started.applicationId);
    expect(second.progress).toBe(3);
    expect(second.servicesWithStatus.map((service) => service.id)).toEqual([hosting, advice]);
    expect(second.files).toEqual({ [fileId]: 'capability.pdf' });
    expect(second.form.steps.map((step) => step.id)).toContain(`catalogue-${adviceId}`);

    const submission = {
      referenceId: started.referenceId,
      lastEdited: second.lastEdited,
      form: { key: 'application', version: 1 },
      progress: 6,
      status: 'submitted',
      application: {
        services: [hosting, advice],
        termsAccepted: true,
        answers: {
          'your-offer': yourOffer,
          declarations,
          [`catalogue-${cloudId}`]: capability({ capability_document: fileId }),
          [`catalogue-${adviceId}`]: capability(),
        },
      },
    };
    const done = await post(supplier, submission);
    expect(done.statusCode).toBe(200);
    const final = await load(supplier, started.applicationId);
    expect(final).toMatchObject({ status: 'submitted', isLocked: true, progress: 6 });
    expect(final.statusTimestamps.submitted).toBe(final.lastEdited);
    expect(final.statusTimestamps.incomplete).toBe(started.lastEdited);
    expect(final.servicesWithStatus.every((service) => service.status === 'requested')).toBe(true);

    const list = await context.app.inject({ method: 'GET', url: '/api/v1/application?status=submitted', headers: supplier.headers });
    expect(list.json<ApplicationListResponse>().applications).toEqual([
      {
        id: started.applicationId,
        referenceId: started.referenceId,
        services: [
          { id: advice, title: 'Architecture advice' },
          { id: hosting, title: 'Hosting' },
        ],
        status: 'submitted',
        isLocked: true,
        lastEdited: final.lastEdited,
      },
    ]);
    const none = await context.app.inject({ method: 'GET', url: '/api/v1/application?status=incomplete', headers: supplier.headers });
    expect(none.json<ApplicationListResponse>().applications).toEqual([]);

    const actions = await context.database.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'application'), eq(auditLog.entityId, String(started.applicationId))))
      .orderBy(asc(auditLog.id));
    expect(actions.map((entry) => entry.action)).toEqual(['application.create', 'application.save', 'application.submit']);
    expect(actions[2]?.before).toMatchObject({ status: 'incomplete', isLocked: false });
    expect(actions[2]?.after).toMatchObject({ status: 'submitted', isLocked: true });

    // Locked: no more saves, no delete.
    const again = await post(supplier, { ...submission, lastEdited: final.lastEdited, status: 'incomplete' });
    expectError(again, 409, 'conflict');
    expect(again.json<{ message: string }>().message).toBe(APPLICATION_LOCKED_MESSAGE);
    expectError(await context.app.inject({ method: 'DELETE', url: `/api/v1/application/${started.applicationId}`, headers: supplier.headers }), 409, 'conflict');
    expect(await load(supplier, started.applicationId)).toEqual(final);
  });

  it('saves unfinished answers as a draft: missing answers, an unticked confirmation, no case study yet', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Draft Writer');
    const started = await start(supplier, [hosting], {
      declarations: { has_conflicts: 'yes', information_confirmed: false },
      [`catalogue-${cloudId}`]: { case_studies: [], day_rate: 900 },
    });
    const saved = await load(supplier, started.applicationId);
    expect(saved.data.answers).toEqual({
      declarations: { has_conflicts: 'yes', information_confirmed: false },
      [`catalogue-${cloudId}`]: { case_studies: [], day_rate: 900 },
    });
  });

  it('lists the last edited first', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Many Drafts');
    const older = await start(supplier, [hosting]);
    const newer = await start(supplier, [advice]);
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/application', headers: supplier.headers });
    expect(response.json<ApplicationListResponse>().applications.map((row) => row.id)).toEqual([newer.applicationId, older.applicationId]);
    // Editing the older one brings it to the top.
    await post(supplier, draft([hosting], {}, { referenceId: older.referenceId, lastEdited: older.lastEdited }));
    const reordered = await context.app.inject({ method: 'GET', url: '/api/v1/application', headers: supplier.headers });
    expect(reordered.json<ApplicationListResponse>().applications.map((row) => row.id)).toEqual([older.applicationId, newer.applicationId]);
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/application?status=approved', headers: supplier.headers }), 400, 'bad request');
  });

  it('pages the supplier\'s own applications, the last edited first, and counts only theirs', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Many Applications');
    const other = await createSupplierWithAdmin(context, 'Someone Else Entirely');
    await createTestApplication(context, { supplierId: other.supplierId, status: 'submitted', services: [{ serviceId: advice }] });
    const count = SUPPLIER_APPLICATIONS_PAGE_SIZE + 3;
    for (let index = 0; index < count; index += 1) {
      // Five share one time: the larger id comes first.
      const lastEdited = index < 5 ? new Date('2020-05-05T00:00:00Z') : new Date(Date.UTC(2020, 5, index));
      await createTestApplication(context, { supplierId: supplier.supplierId, status: index % 2 === 0 ? 'submitted' : 'declined', services: [{ serviceId: hosting }], lastEdited });
    }
    const list = async (query: string) => {
      const response = await context.app.inject({ method: 'GET', url: `/api/v1/application${query}`, headers: supplier.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ApplicationListResponse>();
    };
    const first = await list('');
    const second = await list('?page=2');
    expect(first).toMatchObject({ total: count, page: 1, pageSize: SUPPLIER_APPLICATIONS_PAGE_SIZE });
    expect(first.applications).toHaveLength(SUPPLIER_APPLICATIONS_PAGE_SIZE);
    expect(second.applications).toHaveLength(3);
    const rows = [...first.applications, ...second.applications];
    expect(new Set(rows.map((row) => row.id)).size).toBe(count);
    const order = rows.map((row) => `${row.lastEdited} ${String(row.id).padStart(10, '0')}`);
    expect(order).toEqual([...order].sort().reverse());
    expect(await list('?status=declined&page=1')).toMatchObject({ total: Math.floor(count / 2) });
    expect((await list('?page=3')).applications).toEqual([]);
    for (const query of ['?page=0', '?page=x', '?page=1.5']) {
      expectError(await context.app.inject({ method: 'GET', url: `/api/v1/application${query}`, headers: supplier.headers }), 400, 'bad request');
    }
  });

  it('finds one application by its reference id, and refuses a malformed reference', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Reference Seeker');
    const wanted = await start(supplier, [hosting]);
    await start(supplier, [advice]);
    const found = await context.app.inject({ method: 'GET', url: `/api/v1/application?referenceId=${wanted.referenceId}`, headers: supplier.headers });
    expect(found.json<ApplicationListResponse>().applications.map((row) => row.referenceId)).toEqual([wanted.referenceId]);
    const unknown = await context.app.inject({ method: 'GET', url: '/api/v1/application?referenceId=MP-0000-0000', headers: supplier.headers });
    expect(unknown.json<ApplicationListResponse>().applications).toEqual([]);
    const malformed = await context.app.inject({ method: 'GET', url: "/api/v1/application?referenceId=MP-1'%20OR%201=1", headers: supplier.headers });
    expectError(malformed, 400, 'bad request');
  });

  it('refuses a stale save with 409 and a save without lastEdited with 400; nothing changes', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Stale Saver');
    const started = await start(supplier, [hosting]);
    const first = await post(supplier, draft([hosting], { 'your-offer': yourOffer }, { referenceId: started.referenceId, lastEdited: started.lastEdited }));
    expect(first.statusCode).toBe(200);
    const before = await storedRow(started.applicationId);
    const stale = await post(supplier, draft([backup], {}, { referenceId: started.referenceId, lastEdited: started.lastEdited }));
    expectError(stale, 409, 'conflict');
    expect(stale.json<{ message: string }>().message).toMatch(/Someone else saved this application/);
    expectError(await post(supplier, draft([backup], {}, { referenceId: started.referenceId })), 400, 'bad request');
    expect(await storedRow(started.applicationId)).toEqual(before);
    const rows = await context.database.db.select().from(applicationServices).where(eq(applicationServices.applicationId, started.applicationId));
    expect(rows.map((row) => row.serviceId)).toEqual([hosting]);
  });

  it('only ever takes incomplete or submitted from a supplier', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Status Forger');
    const started = await start(supplier, [hosting]);
    const before = await storedRow(started.applicationId);
    for (const status of ['granted', 'published', 'pre_assessment']) {
      expectError(await post(supplier, draft([hosting], {}, { referenceId: started.referenceId, lastEdited: started.lastEdited, status })), 400, 'bad request');
    }
    // Fields the supplier does not own are refused, not ignored.
    expectError(await post(supplier, draft([hosting], {}, { referenceId: started.referenceId, lastEdited: started.lastEdited, isLocked: false })), 400, 'bad request');
    expectError(await post(supplier, draft([hosting], {}, { status: 'granted' })), 400, 'bad request');
    expect(await storedRow(started.applicationId)).toEqual(before);
    const list = await context.app.inject({ method: 'GET', url: '/api/v1/application', headers: supplier.headers });
    expect(list.json<ApplicationListResponse>().applications).toHaveLength(1);
  });

  it('refuses invalid answers with the failing fields by step, and keeps the stored data', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Invalid Answers');
    const started = await start(supplier, [hosting], { 'your-offer': yourOffer });
    const before = await storedRow(started.applicationId);
    const saveWith = (answers: Record<string, Record<string, unknown>>) =>
      post(supplier, draft([hosting], answers, { referenceId: started.referenceId, lastEdited: started.lastEdited }));

    const invalid = await saveWith({
      'your-offer': { ...yourOffer, offer_summary: 'x'.repeat(2001) },
      [`catalogue-${cloudId}`]: { day_rate: 'lots', available_from: '2 Feb 2026', case_studies: [{ year: 'last year' }] },
    });
    expectError(invalid, 400, 'bad request');
    expect(fieldsOf(invalid)).toEqual(
      expect.arrayContaining([
        'your-offer.offer_summary',
        `catalogue-${cloudId}.day_rate`,
        `catalogue-${cloudId}.available_from`,
        `catalogue-${cloudId}.case_studies.0.year`,
      ]),
    );
    expect(invalid.json<{ details: { field: string; message: string }[] }>().details).toContainEqual({
      field: `catalogue-${cloudId}.available_from`,
      message: 'Enter the date as YYYY-MM-DD',
    });

    // A date in the right shape that is no real date (31 February), or missing a part as the date input sends it.
    for (const [date, message] of [
      ['2027-02-31', 'Available from must be a real date'],
      ['2027--15', 'Available from must include a month'],
    ]) {
      const notADate = await saveWith({ [`catalogue-${cloudId}`]: { available_from: date } });
      expectError(notADate, 400, 'bad request');
      expect(notADate.json<{ details: { field: string; message: string }[] }>().details).toEqual([{ field: `catalogue-${cloudId}.available_from`, message }]);
    }

    const unknownStep = await saveWith({ 'no-such-step': { anything: 1 } });
    expectError(unknownStep, 400, 'bad request');
    expect(fieldsOf(unknownStep)).toEqual(['no-such-step']);
    // A catalogue step of a catalogue the application has no service in is unknown too.
    expect(fieldsOf(await saveWith({ [`catalogue-${adviceId}`]: capability() }))).toEqual([`catalogue-${adviceId}`]);
    // A file id that is not an upload of this supplier.
    const notAFile = await saveWith({ [`catalogue-${cloudId}`]: { capability_document: '00000000-0000-4000-8000-000000000000' } });
    expect(fieldsOf(notAFile)).toEqual([`catalogue-${cloudId}.capability_document`]);
    // A wrong type for a whole step's answers is the schema's 400.
    expectError(await saveWith({ 'your-offer': 'text' as unknown as Record<string, unknown> }), 400, 'bad request');

    expect(await storedRow(started.applicationId)).toEqual(before);
  });

  it('checks a submission in full: every step, the terms and a service', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Early Submitter');
    const started = await start(supplier, [hosting], { 'your-offer': yourOffer });
    const before = await storedRow(started.applicationId);
    const response = await post(
      supplier,
      draft(
        [hosting],
        { 'your-offer': yourOffer, declarations: { has_conflicts: 'yes', information_confirmed: false } },
        { referenceId: started.referenceId, lastEdited: started.lastEdited, status: 'submitted' },
      ),
    );
    expectError(response, 400, 'bad request');
    const fields = fieldsOf(response);
    expect(fields).toEqual(
      expect.arrayContaining([
        'declarations.conflict_details',
        'declarations.information_confirmed',
        `catalogue-${cloudId}.capability_statement`,
        `catalogue-${cloudId}.case_studies`,
        `catalogue-${cloudId}.day_rate`,
        'termsAccepted',
      ]),
    );
    expect(fields).not.toContain('your-offer.offer_summary');
    expect(response.json<{ details: { field: string; message: string }[] }>().details).toContainEqual({
      field: 'declarations.information_confirmed',
      message: 'Confirm the information in this application is true and complete',
    });
    const noServices = await post(supplier, draft([], {}, { status: 'submitted' }));
    expect(fieldsOf(noServices)).toContain('services');
    expect(await storedRow(started.applicationId)).toEqual(before);
  });

  it('lists the services a supplier holds: granted or listed, and pending in a submitted application; drafts and declines hold none', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Service Holder');
    const other = await createSupplierWithAdmin(context, 'Other Holder');
    expectError(await context.app.inject({ method: 'GET', url: '/api/v1/service/held' }), 401, 'unauthorized');
    await createTestApplication(context, { supplierId: supplier.supplierId, status: 'in_progress', services: [{ serviceId: hosting, status: 'granted' }, { serviceId: backup }] });
    await createTestApplication(context, { supplierId: supplier.supplierId, status: 'declined', services: [{ serviceId: advice }] });
    await createTestApplication(context, { supplierId: supplier.supplierId, status: 'incomplete', services: [{ serviceId: design }] });
    await createTestApplication(context, { supplierId: other.supplierId, status: 'submitted', services: [{ serviceId: advice }, { serviceId: design }] });
    const response = await context.app.inject({ method: 'GET', url: '/api/v1/service/held', headers: supplier.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json<HeldServicesResponse>()).toEqual([
      { id: Math.min(hosting, backup), status: hosting < backup ? 'granted' : 'pending' },
      { id: Math.max(hosting, backup), status: hosting < backup ? 'pending' : 'granted' },
    ]);

    // A published listing is granted too.
    await context.database.db.insert(supplierServices).values({ supplierId: other.supplierId, serviceId: hosting, publishedAt: new Date() });
    const others = await context.app.inject({ method: 'GET', url: '/api/v1/service/held', headers: other.headers });
    expect(new Map(others.json<HeldServicesResponse>().map((held) => [held.id, held.status]))).toEqual(
      new Map([
        [advice, 'pending'],
        [design, 'pending'],
        [hosting, 'granted'],
      ]),
    );
  });

  it('refuses an application for a service already granted or pending for the supplier, with a clear message; nothing is stored', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Second Asker');
    await createTestApplication(context, { supplierId: supplier.supplierId, status: 'granted', services: [{ serviceId: hosting, status: 'granted' }] });
    await createTestApplication(context, { supplierId: supplier.supplierId, status: 'pre_assessment', services: [{ serviceId: advice }] });
    const countBefore = (await context.app.inject({ method: 'GET', url: '/api/v1/application', headers: supplier.headers })).json<ApplicationListResponse>().applications.length;

    const granted = await post(supplier, draft([hosting, backup]));
    expectError(granted, 400, 'bad request');
    const grantedBody = granted.json<{ message: string; details: { field: string; message: string }[] }>();
    expect(grantedBody.message).toBe(
      'You cannot apply again for a service you hold or have applied for: Hosting is already approved for your business. Remove it from this application.',
    );
    expect(grantedBody.details).toEqual([{ field: 'services', message: grantedBody.message }]);

    const pending = await post(supplier, draft([advice]));
    expectError(pending, 400, 'bad request');
    expect(pending.json<{ message: string }>().message).toContain('Architecture advice is in an application being assessed');

    // An existing draft cannot take one on either, nor be submitted with one.
    const started = await start(supplier, [backup]);
    const added = await post(supplier, draft([backup, advice], {}, { referenceId: started.referenceId, lastEdited: started.lastEdited }));
    expectError(added, 400, 'bad request');
    expect(fieldsOf(added)).toEqual(['services']);
    const submitted = await post(supplier, draft([hosting], {}, { referenceId: started.referenceId, lastEdited: started.lastEdited, status: 'submitted' }));
    expectError(submitted, 400, 'bad request');
    expect((await load(supplier, started.applicationId)).data.services).toEqual([backup]);
    const countAfter = (await context.app.inject({ method: 'GET', url: '/api/v1/application', headers: supplier.headers })).json<ApplicationListResponse>().applications.length;
    expect(countAfter).toBe(countBefore + 1);

    // Another supplier's grants are no concern of this one; the draft's own services stay its own.
    const other = await createSupplierWithAdmin(context, 'Fresh Asker');
    expect((await post(other, draft([hosting, advice]))).statusCode).toBe(200);
    expect((await post(supplier, draft([backup, design], {}, { referenceId: started.referenceId, lastEdited: started.lastEdited }))).statusCode).toBe(200);
  });

  it('deletes an incomplete application, and only one of the supplier', async () => {
    const supplier = await createSupplierWithAdmin(context, 'Deleter');
    const started = await start(supplier, [hosting]);
    expectError(await context.app.inject({ method: 'DELETE', url: `/api/v1/application/${started.applicationId}` }), 401, 'unauthorized');
    const response = await context.app.inject({ method: 'DELETE', url: `/api/v1/application/${started.applicationId}`, headers: supplier.headers });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectError(await context.app.inject({ method: 'GET', url: `/api/v1/application/${started.applicationId}`, headers: supplier.headers }), 404, 'not found');
    expectError(await context.app.inject({ method: 'DELETE', url: `/api/v1/application/${started.applicationId}`, headers: supplier.headers }), 404, 'not found');
    expect(await storedRow(started.applicationId)).toBeUndefined();
    const [entry] = await context.database.db
      .select({ action: auditLog.action, before: auditLog.before })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.delete'), eq(auditLog.entityId, String(started.applicationId))));
    expect(entry?.before).toMatchObject({ referenceId: started.referenceId, status: 'incomplete' });
  });

  it("isolates tenants: B's member gets 404 on A's application and its threads, and nothing changes", async () => {
    const supplierA = await createSupplierWithAdmin(context, 'Alpha Applicant');
    const supplierB = await createSupplierWithAdmin(context, 'Bravo Applicant');
    const started = await start(supplierA, [hosting], { 'your-offer': yourOffer });
    const thread = await context.app.inject({
      method: 'POST',
      url: `/api/v1/application/${started.applicationId}/thread`,
      headers: supplierA.headers,
      payload: { title: 'A question', content: 'About our application' },
    });
    expect(thread.statusCode).toBe(200);
    const threadId = thread.json<{ id: number }>().id;
    const before = await storedRow(started.applicationId);

    const b = supplierB.headers;
    const base = `/api/v1/application/${started.applicationId}`;
    for (const attempt of [
      { method: 'GET', url: base },
      { method: 'DELETE', url: base },
      { method: 'GET', url: `${base}/thread` },
      { method: 'POST', url: `${base}/thread`, payload: { title: 'x', content: 'x' } },
      { method: 'POST', url: `${base}/thread/${threadId}/message`, payload: { content: 'x' } },
      { method: 'PUT', url: `${base}/thread/${threadId}/resolve` },
    ] as const) {
      const response = await context.app.inject({ ...attempt, headers: b });
      expectError(response, 404, 'not found');
      expect(response.body).not.toContain('Alpha Applicant');
    }
    const save = await post(supplierB, draft([hosting], {}, { referenceId: started.referenceId, lastEdited: started.lastEdited }));
    expectError(save, 404, 'not found');
    // A's header with B's token is refused by membership.
    expectError(await context.app.inject({ method: 'GET', url: base, headers: bearer(supplierB.admin.accessToken, supplierA.supplierId) }), 403, 'forbidden');
    // B cannot point an application of its own at A's files.
    const upload = await uploadFile(context.app, supplierA.headers, { fileName: 'alpha.pdf' }, 'ApplicationFiles');
    const alphaFile = upload.json<{ files: { id: string }[] }>().files[0]?.id ?? '';
    const borrowed = await post(supplierB, draft([hosting], { [`catalogue-${cloudId}`]: { capability_document: alphaFile } }));
    expectError(borrowed, 400, 'bad request');
    expect(borrowed.body).not.toContain('alpha.pdf');

    const listB = await context.app.inject({ method: 'GET', url: '/api/v1/application', headers: b });
    expect(listB.json<ApplicationListResponse>().applications).toEqual([]);
    const byReference = await context.app.inject({ method: 'GET', url: `/api/v1/application?referenceId=${started.referenceId}`, headers: b });
    expect(byReference.json<ApplicationListResponse>().applications).toEqual([]);
    expect(await storedRow(started.applicationId)).toEqual(before);
  });
});

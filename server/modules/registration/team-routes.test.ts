/** The team's registration queue: team only, oldest first, approve (supplier + invitation), decline (reasons by email), once each. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationServices, applications, auditLog, invitations, services, supplierRegistrations, suppliers, uploadedFiles } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { buildPublicFormTestApp, openPublicForm, type PublicFormVisitor } from '../../http/public-form-test-support';
import { readOutboxMessage } from '../../mail/index';
import type { TestContext } from '../../test/harness';
import { expectKeysetWalk } from '../../test/keyset-walk';
import { createApplicantSupplier, createTeamMemberUser } from '../applications/team-test-support';
import { expectError, readInvitationEmail } from '../supplier-users/test-support';
import { multipartBody, PDF_BYTES } from '../uploads/test-support';
import { ADMIN_REGISTRATIONS_PAGE_SIZE, REGISTRATION_STATUSES, type TeamRegistrationListResponse } from '../../../common/api/registration';
import { SUPPLIER_EXISTS_MESSAGE } from './decide-registration';
import { createTestCatalogue, validAnswers, type TestCatalogue } from './test-support';

describe('/api/v1/admin/registrations', () => {
  let context: TestContext;
  let visitor: PublicFormVisitor;
  let catalogue: TestCatalogue;
  let teamMember: Record<string, string>;
  let supplierUser: Record<string, string>;
  const ids: Record<string, number> = {};

  async function register(nzbn: string, email: string, extra: Record<string, unknown> = {}): Promise<number> {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/supplier-registration',
      headers: visitor.headers,
      payload: { formVersion: 1, answers: validAnswers(catalogue, { nzbn, registrant_email: email, trading_name: `Business ${nzbn}`, ...extra }) },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await context.database.db.select({ id: supplierRegistrations.id }).from(supplierRegistrations).where(eq(supplierRegistrations.nzbn, nzbn));
    return row?.id ?? 0;
  }

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
    payload === undefined
      ? context.app.inject({ method, url: `/api/v1/admin/registrations${url}`, headers })
      : context.app.inject({ method, url: `/api/v1/admin/registrations${url}`, headers, payload });

  async function mailTo(email: string) {
    const directory = context.config.mail.outboxDir;
    const entry = (await context.deliverMail()).find((candidate) => candidate.to.includes(email));
    return entry ? readOutboxMessage(directory, entry.id) : undefined;
  }

  beforeAll(async () => {
    context = await buildPublicFormTestApp();
    catalogue = await createTestCatalogue(context);
    visitor = await openPublicForm(context.app);
    const body = multipartBody({ fileName: 'accounts.pdf', content: PDF_BYTES });
    const uploaded = await context.app.inject({
      method: 'POST',
      url: '/api/v1/supplier-registration/upload',
      headers: { ...visitor.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    const fileId = uploaded.json<{ files: { id: string }[] }>().files[0]?.id;
    ids.first = await register('9429052549311', 'first@kauri.example', { submit_financial_statement: 'yes', financial_statement: fileId });
    ids.second = await register('9429077777775', 'second@kauri.example');
    ids.third = await register('9429031234566', 'third@kauri.example');
    teamMember = (await createTeamMemberUser(context)).headers;
    supplierUser = (await createApplicantSupplier(context, 'Someone Else')).headers;
  });
  afterAll(() => context.close());

  it('answers 401 signed out and 403 to a supplier user on every route, changing nothing', async () => {
    for (const headers of [{}, supplierUser]) {
      const expected = Object.keys(headers).length === 0 ? 401 : 403;
      expect((await call('GET', '', headers)).statusCode).toBe(expected);
      expect((await call('GET', `/${ids.first ?? 0}`, headers)).statusCode).toBe(expected);
      expect((await call('POST', `/${ids.first ?? 0}/approve`, headers)).statusCode).toBe(expected);
      expect((await call('POST', `/${ids.first ?? 0}/decline`, headers, { reasons: 'No' })).statusCode).toBe(expected);
    }
    const rows = await context.database.db.select({ status: supplierRegistrations.status }).from(supplierRegistrations);
    expect(rows.every((row) => row.status === 'pending')).toBe(true);
  });

  it('lists pending registrations oldest first, a page at a time, and reads one with its answers', async () => {
    const list = await call('GET', '', teamMember);
    expect(list.statusCode).toBe(200);
    const body = list.json<{ registrations: { id: number; tradingName: string }[]; total: number; page: number; pageSize: number }>();
    expect(body.registrations.map((registration) => registration.id)).toEqual([ids.first, ids.second, ids.third]);
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect((await call('GET', '?page=2', teamMember)).json()).toMatchObject({ registrations: [], total: 3, page: 2 });
    expect((await call('GET', '?page=0', teamMember)).statusCode).toBe(400);

    const one = await call('GET', `/${ids.first ?? 0}`, teamMember);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ status: 'pending', form: { key: 'supplier-registration', version: 1 }, answers: { trading_name: 'Business 9429052549311' }, supplierId: null, decidedBy: null });
    expect((await call('GET', '/999999', teamMember)).statusCode).toBe(404);
    expect((await call('GET', '/abc', teamMember)).statusCode).toBe(400);
  });

  it('approves: creates the supplier as an applicant with the answers, gives it the file, invites the registrant as admin, audits', async () => {
    const response = await call('POST', `/${ids.first ?? 0}/approve`, teamMember);
    expect(response.statusCode, response.body).toBe(200);
    const approved = response.json<{ status: string; supplierId: number }>();
    expect(approved.status).toBe('approved');
    expect(response.json()).toMatchObject({ decidedBy: 'Marketplace Team', decidedAt: expect.any(String) as string });
    const [supplier] = await context.database.db.select().from(suppliers).where(eq(suppliers.id, approved.supplierId));
    expect(supplier).toMatchObject({
      tradingName: 'Business 9429052549311',
      legalName: 'Kauri Cloud Limited',
      status: 'applicant',
      nzbn: '9429052549311',
      email: 'hello@kauri.example',
      city: 'Auckland',
      initialCatalogueId: catalogue.catalogueId,
    });
    expect(supplier?.details).toMatchObject({ gst_status: 'registered', insurance: { public_liability: 2_000_000 }, registered_address: { postcode: '1010' } });
    expect(supplier?.details).not.toHaveProperty('registrant_email');

    const [file] = await context.database.db.select().from(uploadedFiles).where(ownedBy(uploadedFiles, approved.supplierId));
    expect(file?.folder).toBe('RegistrationFiles');

    const [invitation] = await context.database.db
      .select()
      .from(invitations)
      .where(and(ownedBy(invitations, approved.supplierId), eq(invitations.email, 'first@kauri.example')));
    expect(invitation).toMatchObject({ isAdmin: true, name: 'Aroha Ngata', acceptedAt: null });
    const mail = await readInvitationEmail(context, 'first@kauri.example');
    // The approval's own mail, from the team: what was approved and what to do next.
    expect(mail.subject).toBe('Your business registration on the Marketplace is approved');
    expect(mail.text).toContain('for “Business 9429052549311”, reference REG-');
    expect(mail.text).toContain('1. Create your account.');
    expect(mail.text).toContain('We have started one for the services you chose (Backup, Hosting)');
    expect(mail.text).toContain('The Marketplace team');
    expect(mail.text).not.toContain('Marketplace Team');

    // The services chosen at registration start a draft application, its insurance given once.
    const [application] = await context.database.db.select().from(applications).where(ownedBy(applications, approved.supplierId));
    expect(application).toMatchObject({ status: 'incomplete', progress: 1, createdByUserId: null });
    const data = application?.data as { services: number[]; answers: Record<string, unknown> };
    expect([...data.services].sort((a, b) => a - b)).toEqual([...catalogue.serviceIds].sort((a, b) => a - b));
    expect(data.answers).toEqual({ [`catalogue-${String(catalogue.catalogueId)}`]: { insurance: { public_liability: 2_000_000 } } });
    const requested = await context.database.db.select().from(applicationServices).where(eq(applicationServices.applicationId, application?.id ?? 0));
    expect(requested.map((row) => row.status)).toEqual(['requested', 'requested']);

    const audits = await context.database.db.select().from(auditLog).where(eq(auditLog.action, 'registration.approve'));
    expect(audits).toMatchObject([{ entityId: String(ids.first), supplierId: approved.supplierId }]);
    // Approved is no longer in the queue, but in the approved ones; the number stays taken.
    expect((await call('GET', '', teamMember)).json<{ total: number }>().total).toBe(2);
    const approvedList = (await call('GET', '?status=approved', teamMember)).json<{ registrations: { id: number; status: string }[]; total: number }>();
    expect(approvedList).toMatchObject({ total: 1, registrations: [{ id: ids.first, status: 'approved' }] });
    expect((await call('GET', '?status=waiting', teamMember)).statusCode).toBe(400);
    const check = await context.app.inject({ method: 'GET', url: '/api/v1/check-supplier?nzbn=9429052549311', headers: visitor.headers });
    expect(check.json()).toEqual({ registered: true });
  });

  it('declines with the reasons, emails them to the registrant, audits, and frees the number', async () => {
    expect((await call('POST', `/${ids.second ?? 0}/decline`, teamMember, { reasons: '   ' })).statusCode).toBe(400);
    expect((await call('POST', `/${ids.second ?? 0}/decline`, teamMember, {})).statusCode).toBe(400);
    const response = await call('POST', `/${ids.second ?? 0}/decline`, teamMember, { reasons: 'We could not find your NZBN on the register.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'declined', declineReasons: 'We could not find your NZBN on the register.', supplierId: null, decidedBy: 'Marketplace Team' });
    expect((await call('GET', '?status=declined', teamMember)).json()).toMatchObject({ total: 1, registrations: [{ id: ids.second }] });
    expect((await call('GET', `/${ids.second ?? 0}`, teamMember)).json()).toMatchObject({ decidedBy: 'Marketplace Team' });
    const mail = await mailTo('second@kauri.example');
    expect(mail?.subject).toBe('Your business registration on the Marketplace was not approved');
    const referenceId = response.json<{ referenceId: string }>().referenceId;
    expect(mail?.text).toContain(`reference ${referenceId}`);
    expect(mail?.text).toContain('We could not find your NZBN on the register.');
    // Nothing the visitor typed is in the mail.
    expect(mail?.text).not.toContain('Business 9429077777775');
    const audits = await context.database.db.select().from(auditLog).where(eq(auditLog.action, 'registration.decline'));
    expect(audits).toHaveLength(1);
    const check = await context.app.inject({ method: 'GET', url: '/api/v1/check-supplier?nzbn=9429077777775', headers: visitor.headers });
    expect(check.json()).toEqual({ registered: false });
  });

  it('starts no application when no service chosen is still offered, and the mail says to apply from the dashboard', async () => {
    const [retiredService = 0] = catalogue.serviceIds;
    const id = await register('9429044444440', 'fourth@kauri.example', { services: [retiredService] });
    await context.database.db.update(services).set({ retiredAt: new Date() }).where(eq(services.id, retiredService));
    try {
      const response = await call('POST', `/${String(id)}/approve`, teamMember);
      expect(response.statusCode, response.body).toBe(200);
      const { supplierId } = response.json<{ supplierId: number }>();
      expect(await context.database.db.select().from(applications).where(ownedBy(applications, supplierId))).toEqual([]);
      const mail = await readInvitationEmail(context, 'fourth@kauri.example');
      expect(mail.text).toContain('2. Apply for the services you want to offer, from your dashboard.');
      expect(mail.text).not.toContain('We have started one');
    } finally {
      await context.database.db.update(services).set({ retiredAt: null }).where(eq(services.id, retiredService));
    }
  });

  it('answers 409 to approving a registration whose number a supplier took since, which stays pending', async () => {
    await context.database.db.insert(suppliers).values({ tradingName: 'Late Twin', legalName: 'Late Twin Limited', nzbn: '9429031234566' });
    const response = await call('POST', `/${ids.third ?? 0}/approve`, teamMember);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: SUPPLIER_EXISTS_MESSAGE });
    const [row] = await context.database.db.select().from(supplierRegistrations).where(eq(supplierRegistrations.id, ids.third ?? 0));
    expect(row?.status).toBe('pending');
  });

  it('answers 409 to a second decision either way, and changes nothing', async () => {
    const suppliersBefore = (await context.database.db.select({ id: suppliers.id }).from(suppliers)).length;
    for (const [id, action] of [[ids.first, 'approve'], [ids.first, 'decline'], [ids.second, 'approve'], [ids.second, 'decline']] as const) {
      const response = await call('POST', `/${id ?? 0}/${action}`, teamMember, action === 'decline' ? { reasons: 'Again' } : undefined);
      expect(response.statusCode, `${action} ${String(id)}`).toBe(409);
      expect(response.json()).toMatchObject({ error: 'conflict' });
    }
    expect((await context.database.db.select({ id: suppliers.id }).from(suppliers)).length).toBe(suppliersBefore);
    const files = await context.database.db.select({ id: uploadedFiles.id }).from(uploadedFiles).where(ownedBy(uploadedFiles, ANY_SUPPLIER));
    expect(files).toHaveLength(1);
    expect((await call('POST', '/999999/approve', teamMember)).statusCode).toBe(404);
  });

  it('pages from a registration forwards and back at each status, ties included: every registration once, as the numbered pages show it', async () => {
    // More than two pages at each status, the later ids submitted earlier; eleven share a submission
    // time across the first page's end, so only their ids tell them apart.
    for (const status of REGISTRATION_STATUSES) {
      await context.database.db.insert(supplierRegistrations).values(
        Array.from({ length: ADMIN_REGISTRATIONS_PAGE_SIZE * 2 + 5 }, (_, index) => ({
          referenceId: `REG-WALK-${status}-${String(index)}`,
          status,
          formKey: 'supplier-registration',
          formVersion: 1,
          answers: {},
          tradingName: `Walk ${status} ${String(index)}`,
          registrantName: 'Aroha Ngata',
          registrantEmail: `walk-${String(index)}@kauri.example`,
          createdAt: index < 10 ? new Date('2001-07-25T00:00:00Z') : new Date(Date.UTC(2001, 6, 60 - index)),
        })),
      );
    }
    const seen = new Map<number, TeamRegistrationListResponse['registrations'][number]>();
    const read = async (query: string) => {
      const response = await call('GET', `?${query}`, teamMember);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TeamRegistrationListResponse>();
      for (const registration of body.registrations) {
        seen.set(registration.id, registration);
      }
      return { ids: body.registrations.map((registration) => registration.id), nextCursor: body.nextCursor, previousCursor: body.previousCursor };
    };
    // The waiting ones by default, and each status by the filter.
    for (const [filters, status] of [['', 'pending'], ...REGISTRATION_STATUSES.map((status) => [`status=${status}`, status] as const)] as const) {
      const walked = await expectKeysetWalk(read, filters, { minimumPages: 3 });
      const listed = await context.database.db.select({ id: supplierRegistrations.id }).from(supplierRegistrations).where(eq(supplierRegistrations.status, status));
      expect(new Set(walked), filters).toEqual(new Set(listed.map((row) => row.id)));
      const order = walked.map((id) => `${seen.get(id)?.submittedAt ?? ''} ${String(id).padStart(10, '0')}`);
      expect(order, filters).toEqual([...order].sort());
    }
  });

  it('refuses a cursor that is not a registration id or both directions at once, and shows an empty page after a registration that is gone', async () => {
    for (const query of ['after=abc', 'before=0', 'after=1.5', 'after=1&before=2', 'status=approved&after=1&before=2']) {
      expectError(await call('GET', `?${query}`, teamMember), 400, 'bad request');
    }
    const gone = await call('GET', '?status=approved&after=2147483000&page=2', teamMember);
    expect(gone.statusCode).toBe(200);
    expect(gone.json<TeamRegistrationListResponse>()).toMatchObject({ registrations: [], nextCursor: null, page: 2 });
  });
});

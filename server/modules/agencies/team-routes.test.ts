import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamAgency, TeamAgencyListResponse, AgencyApplicationResponse, AgencySourceList } from '../../../common/api/agencies';
import { agencyApplications, auditLog } from '../../db/schema/index';
import { readOutboxMessage } from '../../mail/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createApplicantSupplier, createTeamMemberUser } from '../applications/team-test-support';
import { agencyDecisionSubject } from './notify';
import { COMPLETE_ANSWERS, openAgencyForm } from './test-support';

describe('the team\'s agency routes, /api/v1/admin/agencies', () => {
  let context: TestContext;
  let teamMember: Record<string, string>;
  let supplier: Record<string, string>;

  /** A registration submitted through the public API, as an agency would. */
  let lastResume: { id: string; headers: Record<string, string> } | undefined;
  async function submitAgency(name: string, email: string): Promise<number> {
    const visitor = await openAgencyForm(context.app);
    const answers = { ...COMPLETE_ANSWERS, agency_name: name, contact_email: email };
    const created = await context.app.inject({ method: 'POST', url: '/api/v1/agency-form/application', headers: visitor.headers, payload: { answers, lastStep: 4 } });
    const { id } = created.json<AgencyApplicationResponse>();
    const submitted = await context.app.inject({ method: 'POST', url: `/api/v1/agency-form/application/${id}/submit`, headers: visitor.headers, payload: { answers } });
    expect(submitted.statusCode).toBe(200);
    lastResume = { id, headers: visitor.headers };
    const [row] = await context.database.db.select({ id: agencyApplications.id }).from(agencyApplications).where(eq(agencyApplications.agencyName, name));
    return row?.id ?? 0;
  }
  const admin = (method: 'GET' | 'POST', url: string, headers = teamMember, payload?: Record<string, unknown>) =>
    context.app.inject({ method, url: `/api/v1/admin/agencies${url}`, headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    context = await buildTestApp();
    teamMember = (await createTeamMemberUser(context)).headers;
    supplier = (await createApplicantSupplier(context, 'Kererū Works', 'approved')).headers;
  });
  afterAll(() => context.close());

  it('lists submitted registrations oldest first, never unfinished ones, and pages them', async () => {
    const first = await submitAgency('Zeta District Council', 'zeta@council.example');
    const second = await submitAgency('Alpha Institute', 'alpha@institute.example');
    const visitor = await openAgencyForm(context.app);
    await context.app.inject({ method: 'POST', url: '/api/v1/agency-form/application', headers: visitor.headers, payload: { answers: { agency_name: 'Unfinished Agency' }, lastStep: 2 } });

    const list = (await admin('GET', '')).json<TeamAgencyListResponse>();
    expect(list.agencies.map((agency) => agency.id)).toEqual([first, second]);
    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(list.agencies[0]).toMatchObject({ name: 'Zeta District Council', status: 'submitted', contactEmail: 'zeta@council.example' });
    expect((await admin('GET', '?page=2')).json()).toMatchObject({ agencies: [], total: 2, page: 2 });
    expect((await admin('GET', '?status=incomplete')).statusCode).toBe(400);

    const one = await admin('GET', `/${first}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: first, answers: { agency_name: 'Zeta District Council', terms_accepted: true }, decidedAt: null, decidedBy: null });
    const [unfinished] = await context.database.db.select().from(agencyApplications).where(eq(agencyApplications.agencyName, 'Unfinished Agency'));
    expect((await admin('GET', `/${unfinished?.id ?? 0}`)).statusCode).toBe(404);
    expect((await admin('GET', '/999999')).statusCode).toBe(404);
  });

  it('answers 401 when signed out and 403 to a supplier user, changing nothing', async () => {
    const id = await submitAgency('Guarded Agency', 'guarded@agency.example');
    for (const [method, url] of [['GET', ''], ['GET', `/${id}`], ['POST', `/${id}/approve`], ['POST', `/${id}/decline`]] as const) {
      const payload = url.endsWith('decline') ? { reasons: 'No' } : undefined;
      expect((await admin(method, url, {}, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await admin(method, url, supplier, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    const [row] = await context.database.db.select().from(agencyApplications).where(eq(agencyApplications.id, id));
    expect(row?.status).toBe('submitted');
  });

  it('approves a registration once: audited, emailed, in the engagement notices\' source list; again is 409', async () => {
    const id = await submitAgency('Beta Agency', 'beta@agency.example');
    const resume = lastResume;
    const approved = await admin('POST', `/${id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json<TeamAgency>()).toMatchObject({ status: 'approved', decidedAt: expect.any(String) as string, decidedBy: 'Marketplace Team' });
    expect((await admin('GET', `/${id}`)).json<TeamAgency>()).toMatchObject({ decidedBy: 'Marketplace Team' });
    expect((await admin('POST', `/${id}/approve`)).statusCode).toBe(409);
    expect((await admin('POST', `/${id}/decline`, teamMember, { reasons: 'Changed our mind' })).statusCode).toBe(409);

    const entries = await context.database.db.select().from(auditLog).where(eq(auditLog.action, 'agency.approve'));
    expect(entries).toEqual([expect.objectContaining({ entityId: String(id), before: { status: 'submitted' } })]);
    const mail = (await context.deliverMail()).find((entry) => entry.to.includes('beta@agency.example'));
    expect(mail?.subject).toBe(agencyDecisionSubject('Marketplace', true));

    const sources = await context.app.inject({ method: 'GET', url: '/api/v1/engagement-notice/agency', headers: supplier });
    expect(sources.statusCode).toBe(200);
    expect(sources.json<AgencySourceList>()).toEqual([{ id, name: 'Beta Agency' }]);
    // The resume link of an approved registration says Approved (the app goes to completed).
    const read = await context.app.inject({ method: 'GET', url: `/api/v1/agency-form/application/${resume?.id ?? ''}`, headers: resume?.headers ?? {} });
    expect(read.json()).toMatchObject({ status: 'Approved', answers: {} });
  });

  it('declines with reasons, emailed to the contact and audited; an empty reason is 400', async () => {
    const id = await submitAgency('Gamma Board', 'gamma@board.example');
    expect((await admin('POST', `/${id}/decline`, teamMember, { reasons: '   ' })).statusCode).toBe(400);
    expect((await admin('POST', `/${id}/decline`, teamMember, {})).statusCode).toBe(400);
    const declined = await admin('POST', `/${id}/decline`, teamMember, { reasons: 'We could not confirm Gamma Board is a public agency.' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', declineReasons: 'We could not confirm Gamma Board is a public agency.' });
    expect((await admin('POST', `/${id}/approve`)).statusCode).toBe(409);

    const entry = (await context.deliverMail()).find((mail) => mail.to.includes('gamma@board.example'));
    expect(entry?.subject).toBe(agencyDecisionSubject('Marketplace', false));
    const message = await readOutboxMessage(context.config.mail.outboxDir, entry?.id ?? '');
    expect(message?.text).toContain('We could not confirm Gamma Board is a public agency.');
    // The name the agency typed is quoted, never the opening words of a line.
    expect(message?.text).toContain('the registration of the agency “Gamma Board” with the Marketplace');
    const audit = await context.database.db.select().from(auditLog).where(eq(auditLog.action, 'agency.decline'));
    expect(audit).toEqual([expect.objectContaining({ entityId: String(id), after: expect.objectContaining({ status: 'declined' }) as unknown })]);
    expect((await admin('GET', '?status=declined')).json<TeamAgencyListResponse>().agencies.map((agency) => agency.id)).toEqual([id]);
  });

  it('lists only approved agencies, by name, to signed-in supplier users', async () => {
    const zulu = await submitAgency('Zulu Trust', 'zulu@trust.example');
    const alpha = await submitAgency('Aardvark Office', 'aa@office.example');
    await admin('POST', `/${zulu}/approve`);
    await admin('POST', `/${alpha}/approve`);
    const names = (await context.app.inject({ method: 'GET', url: '/api/v1/engagement-notice/agency', headers: supplier })).json<AgencySourceList>().map((agency) => agency.name);
    expect(names).toEqual(['Aardvark Office', 'Beta Agency', 'Zulu Trust']);
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/engagement-notice/agency' })).statusCode).toBe(401);
  });
});

/**
 * Agency accounts (issue 31): the approved agency's contact invited as its first admin, its people
 * managed by its admins, the switch between a person's organisations, and the agency's walls.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyApplicationResponse } from '../../../common/api/agencies';
import type { AgencyUsersResponse } from '../../../common/api/agency-users';
import type { CurrentUserResponse } from '../../../common/api/user';
import { agencyBearer, bearer, createIdentityAccount, createSignedInUser, createSupplierWithMembers, signIn, uniqueEmail } from '../../auth/test-support';
import { agencyApplications, agencyMemberships, auditLog, invitations } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createTeamMemberUser } from '../applications/team-test-support';
import { COMPLETE_ANSWERS, openAgencyForm } from '../agencies/test-support';
import { expectError, readInvitationEmail } from '../supplier-users/test-support';
import { createAgencyWithAdmin, type AgencyWithAdmin } from './test-support';

describe('agency accounts', () => {
  let context: TestContext;
  let agency: AgencyWithAdmin;
  let otherAgency: AgencyWithAdmin;

  beforeAll(async () => {
    context = await buildTestApp();
    agency = await createAgencyWithAdmin(context, 'Ministry of Harbours');
    otherAgency = await createAgencyWithAdmin(context, 'Far District Council');
  });
  afterAll(() => context.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
    context.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

  /** Invites a person through the admin's route and accepts the mailed link as them. */
  async function inviteAndAccept(to: AgencyWithAdmin, isAdmin = false) {
    const email = uniqueEmail('colleague');
    const invited = await call('POST', '/agency/users', to.headers, { name: 'Hemi Colleague', email, isAdmin });
    expect(invited.statusCode).toBe(201);
    const { token, subject, text } = await readInvitationEmail(context, email);
    expect(subject).toContain('join an agency');
    expect(text).toContain(`“${to.agencyName}”`);
    await createIdentityAccount(context.database.db, { email, name: 'Hemi Colleague' });
    const { accessToken } = await signIn(context, email);
    const accepted = await call('POST', `/invitations/${token}/accept`, bearer(accessToken));
    expect(accepted.statusCode).toBe(200);
    const userId = (await call('GET', '/user', bearer(accessToken))).json<CurrentUserResponse>().user.id;
    return { email, accessToken, userId, headers: agencyBearer(accessToken, to.agencyId) };
  }

  it('approving a registration invites its contact as the first admin, whose link opens the agency dashboard', async () => {
    const email = uniqueEmail('contact');
    const visitor = await openAgencyForm(context.app);
    const answers = { ...COMPLETE_ANSWERS, agency_name: 'Ministry of Lighthouses', contact_email: email };
    const created = await context.app.inject({ method: 'POST', url: '/api/v1/agency-form/application', headers: visitor.headers, payload: { answers, lastStep: 4 } });
    const { id: resumeId } = created.json<AgencyApplicationResponse>();
    expect((await context.app.inject({ method: 'POST', url: `/api/v1/agency-form/application/${resumeId}/submit`, headers: visitor.headers, payload: { answers } })).statusCode).toBe(200);
    const [row] = await context.database.db.select({ id: agencyApplications.id }).from(agencyApplications).where(eq(agencyApplications.agencyName, 'Ministry of Lighthouses'));
    const agencyId = row?.id ?? 0;
    const team = await createTeamMemberUser(context);
    expect((await call('POST', `/admin/agencies/${agencyId}/approve`, team.headers)).statusCode).toBe(200);

    const { token, text } = await readInvitationEmail(context, email);
    expect(text).toContain('is now registered');
    expect(text).toContain("first admin");
    const details = await call('GET', `/invitations/${token}`, {});
    expect(details.json()).toMatchObject({ organisationKind: 'agency', organisationName: 'Ministry of Lighthouses', name: COMPLETE_ANSWERS.contact_name, isAdmin: true, status: 'valid' });

    await createIdentityAccount(context.database.db, { email, name: COMPLETE_ANSWERS.contact_name });
    const { accessToken } = await signIn(context, email);
    const accepted = await call('POST', `/invitations/${token}/accept`, bearer(accessToken));
    const activeAgency = { agencyID: agencyId, agencyName: 'Ministry of Lighthouses', isAdmin: true };
    expect(accepted.json()).toEqual({ activeSupplier: null, activeAgency });
    const overview = (await call('GET', '/user', bearer(accessToken))).json<CurrentUserResponse>();
    expect(overview).toMatchObject({ activeSupplier: null, suppliers: [], agencies: [activeAgency], activeAgency });
    const people = await call('GET', '/agency/users', agencyBearer(accessToken, agencyId));
    expect(people.json<AgencyUsersResponse>()).toMatchObject({ users: [{ email, isAdmin: true, isCurrentUser: true }], invitations: [] });
    const [entry] = await context.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'invitation.accept'), eq(auditLog.actorUserId, overview.user.id)));
    expect(entry?.after).toMatchObject({ activeAgencyId: agencyId, isAdmin: true });
    // The link works once.
    expect((await call('POST', `/invitations/${token}/accept`, bearer(accessToken))).statusCode).toBe(409);
  });

  it('an admin invites a colleague, who joins as a member: listed, and able to read the agency but not manage its people', async () => {
    const colleague = await inviteAndAccept(agency);
    const people = (await call('GET', '/agency/users', agency.headers)).json<AgencyUsersResponse>();
    expect(people.users.map((person) => person.email)).toContain(colleague.email);
    expect(people.invitations).toEqual([]);
    expectError(await call('GET', '/agency/users', colleague.headers), 403, 'forbidden');
    expect((await call('GET', '/agency/engagement-notices', colleague.headers)).statusCode).toBe(200);
    // Inviting a member again is 409.
    expectError(await call('POST', '/agency/users', agency.headers, { name: 'Again', email: colleague.email, isAdmin: false }), 409, 'conflict');
  });

  it('promotes and demotes, keeps the last admin, and removes people after a confirmation on the screen', async () => {
    const colleague = await inviteAndAccept(agency);
    const promoted = await call('PUT', `/agency/users/${colleague.userId}`, agency.headers, { isAdmin: true });
    expect(promoted.json()).toMatchObject({ id: colleague.userId, isAdmin: true, isCurrentUser: false });
    expect((await call('GET', '/agency/users', colleague.headers)).statusCode).toBe(200);
    expect((await call('PUT', `/agency/users/${colleague.userId}`, agency.headers, { isAdmin: false })).json()).toMatchObject({ isAdmin: false });
    // The founding admin is now the only admin: neither demoted nor removed.
    const [other] = await context.database.db
      .select({ userId: agencyMemberships.userId })
      .from(agencyMemberships)
      .where(and(eq(agencyMemberships.agencyId, agency.agencyId), eq(agencyMemberships.isAdmin, true)));
    expect(other?.userId).toBe(agency.admin.user.id);
    expectError(await call('PUT', `/agency/users/${agency.admin.user.id}`, agency.headers, { isAdmin: false }), 409, 'conflict');
    expectError(await call('DELETE', `/agency/users/${agency.admin.user.id}`, agency.headers), 409, 'conflict');
    expect((await call('DELETE', `/agency/users/${colleague.userId}`, agency.headers)).statusCode).toBe(204);
    // Removed: the agency is closed to them at once.
    expectError(await call('GET', '/agency/engagement-notices', colleague.headers), 403, 'forbidden');
    const overview = (await call('GET', '/user', bearer(colleague.accessToken))).json<CurrentUserResponse>();
    expect(overview).toMatchObject({ agencies: [], activeAgency: null });
    const audited = await context.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'membership.remove'), eq(auditLog.entityId, String(colleague.userId))));
    expect(audited[0]?.before).toMatchObject({ agencyId: agency.agencyId, email: colleague.email });
  });

  it('cancels a pending invitation, whose link then says so', async () => {
    const email = uniqueEmail('withdrawn');
    const invited = await call('POST', '/agency/users', agency.headers, { name: 'Not Needed', email, isAdmin: false });
    const { id } = invited.json<{ id: number }>();
    const { token } = await readInvitationEmail(context, email);
    expect((await call('GET', '/agency/users', agency.headers)).json<AgencyUsersResponse>().invitations.map((row) => row.id)).toContain(id);
    expect((await call('DELETE', `/agency/invitations/${id}`, agency.headers)).statusCode).toBe(204);
    expect((await call('GET', `/invitations/${token}`, {})).json()).toMatchObject({ status: 'revoked', organisationKind: 'agency' });
    expectError(await call('DELETE', `/agency/invitations/${id}`, agency.headers), 404, 'not found');
  });

  it("keeps each agency's people and invitations to itself, whatever ids or headers are sent", async () => {
    const email = uniqueEmail('theirs');
    const theirs = (await call('POST', '/agency/users', otherAgency.headers, { name: 'Theirs', email, isAdmin: false })).json<{ id: number }>();
    const before = await context.database.db.select().from(invitations).where(eq(invitations.id, theirs.id));
    // Another agency's id in the header: not a member, so 403, as for an agency that does not exist.
    expectError(await call('GET', '/agency/users', agencyBearer(agency.admin.accessToken, otherAgency.agencyId)), 403, 'forbidden');
    expectError(await call('GET', '/agency/users', agencyBearer(agency.admin.accessToken, 2_000_000_000)), 403, 'forbidden');
    // Another agency's ids through one's own agency: 404, nothing changed.
    expectError(await call('DELETE', `/agency/invitations/${theirs.id}`, agency.headers), 404, 'not found');
    expectError(await call('DELETE', `/agency/users/${otherAgency.admin.user.id}`, agency.headers), 404, 'not found');
    expectError(await call('PUT', `/agency/users/${otherAgency.admin.user.id}`, agency.headers, { isAdmin: false }), 404, 'not found');
    expect(await context.database.db.select().from(invitations).where(eq(invitations.id, theirs.id))).toEqual(before);
    // A malformed header, none at all, or a supplier's user: refused.
    expectError(await call('GET', '/agency/users', { ...agency.headers, 'x-agency-id': '1; drop table' }), 400, 'bad request');
    expectError(await call('GET', '/agency/users', bearer(agency.admin.accessToken)), 400, 'bad request');
    const { supplierId } = await createSupplierWithMembers(context.database.db, { tradingName: 'Supplier Of Nothing' });
    const supplierUser = await createSignedInUser(context, { suppliers: [{ supplierId, isAdmin: true }] });
    expectError(await call('GET', '/agency/engagement-notices', agencyBearer(supplierUser.accessToken, agency.agencyId)), 403, 'forbidden');
    expectError(await call('GET', '/agency/users', { 'x-agency-id': String(agency.agencyId) }), 401, 'unauthorized');
  });

  it('switches a person of a supplier and an agency between them; the supplier stays remembered', async () => {
    const { supplierId } = await createSupplierWithMembers(context.database.db, { tradingName: 'Both Sides Ltd' });
    const person = await createSignedInUser(context, { suppliers: [{ supplierId, isAdmin: false }], agencies: [{ agencyId: agency.agencyId, isAdmin: false }] });
    const headers = bearer(person.accessToken);
    const first = (await call('GET', '/user', headers)).json<CurrentUserResponse>();
    // A person of suppliers acts for one until they choose an agency.
    expect(first).toMatchObject({ activeSupplier: { supplierID: supplierId }, activeAgency: null, agencies: [{ agencyID: agency.agencyId, agencyName: 'Ministry of Harbours', isAdmin: false }] });
    const switched = await call('GET', `/user/switch-agency/${agency.agencyId}`, headers);
    expect(switched.json()).toEqual({ activeAgency: { agencyID: agency.agencyId, agencyName: 'Ministry of Harbours', isAdmin: false } });
    expect((await call('GET', '/user', headers)).json<CurrentUserResponse>()).toMatchObject({ activeSupplier: { supplierID: supplierId }, activeAgency: { agencyID: agency.agencyId } });
    const [entry] = await context.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.switch-agency'), eq(auditLog.actorUserId, person.user.id)));
    expect(entry?.after).toEqual({ activeAgencyId: agency.agencyId });
    expect((await call('GET', `/user/switch/${supplierId}`, headers)).statusCode).toBe(200);
    expect((await call('GET', '/user', headers)).json<CurrentUserResponse>()).toMatchObject({ activeSupplier: { supplierID: supplierId }, activeAgency: null });
    // From one agency to another and back: the mark moves, one agency at a time.
    await context.database.db.insert(agencyMemberships).values({ agencyId: otherAgency.agencyId, userId: person.user.id, isAdmin: false });
    for (const agencyId of [agency.agencyId, otherAgency.agencyId, agency.agencyId]) {
      expect((await call('GET', `/user/switch-agency/${agencyId}`, headers)).statusCode).toBe(200);
      expect((await call('GET', '/user', headers)).json<CurrentUserResponse>().activeAgency?.agencyID).toBe(agencyId);
    }
    expect((await call('GET', `/user/switch/${supplierId}`, headers)).statusCode).toBe(200);
    await context.database.db.delete(agencyMemberships).where(and(eq(agencyMemberships.agencyId, otherAgency.agencyId), eq(agencyMemberships.userId, person.user.id)));
    // An agency they do not belong to is not found, and nothing changes.
    expectError(await call('GET', `/user/switch-agency/${otherAgency.agencyId}`, headers), 404, 'not found');
    expect((await call('GET', '/user', headers)).json<CurrentUserResponse>().activeAgency).toBeNull();
  });
});

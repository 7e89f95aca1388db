/** The marketplace team's roles, /api/v1/admin/team, through the real app and database. */
import { asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddTeamMemberResponse, TeamResponse } from '../../../common/api/team-members';
import { bearer, createSignedInUser, createUser, type SignedInUser } from '../../auth/test-support';
import { auditLog, users } from '../../db/schema/index';
import { readOutboxMessage } from '../../mail/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { expectError } from '../supplier-users/test-support';

const TEAM_ACTIONS = ['team.add', 'team.invite', 'team.remove'];

describe('the team\'s roles', () => {
  let context: TestContext;
  let teamAdmin: SignedInUser;
  let otherAdmin: SignedInUser;
  let teamMember: SignedInUser;
  let supplierUser: { id: number; email: string };

  beforeAll(async () => {
    context = await buildTestApp();
    const { db } = context.database;
    teamAdmin = await createSignedInUser(context, { name: 'Aroha Admin', isTeamMember: true });
    otherAdmin = await createSignedInUser(context, { name: 'Oscar Admin', isTeamMember: true });
    teamMember = await createSignedInUser(context, { name: 'Tama Team', isTeamMember: true });
    await db.update(users).set({ isTeamAdmin: true }).where(inArray(users.id, [teamAdmin.user.id, otherAdmin.user.id]));
    supplierUser = await createUser(db, { email: 'existing.person@example.test', name: 'Existing Person' });
  });
  afterAll(() => context.close());

  const call = (who: SignedInUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    context.app.inject({ method, url: `/api/v1/admin/team${url}`, headers: bearer(who.accessToken), ...(payload ? { payload } : {}) });
  /** The users' roles, the team's audit entries and the mail sent: a refused call changes none. */
  const snapshot = async () => ({
    users: await context.database.db
      .select({ id: users.id, isTeamMember: users.isTeamMember, isTeamAdmin: users.isTeamAdmin, teamSince: users.teamSince })
      .from(users)
      .orderBy(asc(users.id)),
    audit: (await context.database.db.select({ total: count() }).from(auditLog).where(inArray(auditLog.action, TEAM_ACTIONS)))[0]?.total,
    mail: (await context.deliverMail()).length,
  });
  const mailTo = async (email: string) => {
    const directory = context.config.mail.outboxDir;
    const entry = (await context.deliverMail()).find((candidate) => candidate.to.includes(email));
    return entry ? readOutboxMessage(directory, entry.id) : undefined;
  };

  it('lists every team member by name, team admin or not, since when', async () => {
    const response = await call(teamMember, 'GET', '');
    expect(response.statusCode, response.body).toBe(200);
    const { members } = response.json<TeamResponse>();
    // A user is linked to their sign-in by their first API call: the admins have made none yet.
    expect(members.map((member) => [member.name, member.isTeamAdmin, member.isCurrentUser, member.hasSignedIn])).toEqual([
      ['Aroha Admin', true, false, false],
      ['Oscar Admin', true, false, false],
      ['Tama Team', false, true, true],
    ]);
    expect(Number.isNaN(Date.parse(members[0]?.since ?? ''))).toBe(false);
  });

  it('refuses an ordinary team member adding or removing anyone (403), changing nothing', async () => {
    const before = await snapshot();
    const add = await call(teamMember, 'POST', '', { email: 'new.person@example.test', name: 'New Person', isTeamAdmin: false });
    expectError(add, 403, 'forbidden');
    expect(add.json<{ message: string }>().message).toBe('Only a team admin can add people to the marketplace team or remove them.');
    expectError(await call(teamMember, 'DELETE', `/${otherAdmin.user.id}`), 403, 'forbidden');
    expect(await snapshot()).toEqual(before);
  });

  it('adds an existing user to the team, keeping their own name, and tells them', async () => {
    const response = await call(teamAdmin, 'POST', '', { email: 'EXISTING.person@example.test', name: 'Typed Name', isTeamAdmin: false });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<AddTeamMemberResponse>()).toMatchObject({
      outcome: 'added',
      member: { id: supplierUser.id, name: 'Existing Person', email: 'existing.person@example.test', isTeamAdmin: false, hasSignedIn: false },
    });
    const mail = await mailTo('existing.person@example.test');
    expect(mail?.subject).toBe('You have joined the Marketplace team');
    expect(mail?.text).toContain('added by “Aroha Admin”');
    const [entry] = await context.database.db.select().from(auditLog).where(eq(auditLog.action, 'team.add'));
    expect(entry).toMatchObject({ actorUserId: teamAdmin.user.id, entity: 'user', entityId: String(supplierUser.id), after: { isTeamMember: true, isTeamAdmin: false } });
  });

  it('invites a new person by email, quoting the name they were given', async () => {
    const response = await call(teamAdmin, 'POST', '', { email: 'hemi@example.test', name: 'Hēmi Urgent: verify your account', isTeamAdmin: true });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<AddTeamMemberResponse>();
    expect(answer).toMatchObject({ outcome: 'invited', member: { name: 'Hēmi Urgent: verify your account', isTeamAdmin: true, hasSignedIn: false } });
    const [stored] = await context.database.db.select().from(users).where(eq(users.id, answer.member.id));
    expect(stored).toMatchObject({ email: 'hemi@example.test', isTeamMember: true, isTeamAdmin: true, subject: null });
    const mail = await mailTo('hemi@example.test');
    expect(mail?.subject).toBe("You're invited to join the Marketplace team");
    expect(mail?.text).toContain('The invitation is for “Hēmi Urgent: verify your account”, and was sent by “Aroha Admin”.');
    expect(mail?.text).toContain('http://localhost:3999/admin');
    expect(mail?.text.startsWith('Kia ora,')).toBe(true);
  });

  it('refuses someone already on the team (409) and a bad body (400), changing nothing', async () => {
    const before = await snapshot();
    const again = await call(teamAdmin, 'POST', '', { email: 'tama@example.test', name: 'x', isTeamAdmin: false });
    expect(again.statusCode).toBe(201); // a new person; now already on the team:
    const after = await snapshot();
    expectError(await call(teamAdmin, 'POST', '', { email: 'TAMA@example.test', name: 'Tama', isTeamAdmin: true }), 409, 'conflict');
    for (const payload of [{}, { email: 'not-an-email', name: 'X', isTeamAdmin: false }, { email: 'a@example.test', name: '  ', isTeamAdmin: false }, { email: 'a@example.test', name: 'A', isTeamAdmin: 'yes' }, { email: 'a@example.test', name: 'A', isTeamAdmin: false, extra: 1 }]) {
      expectError(await call(teamAdmin, 'POST', '', payload), 400, 'bad request');
    }
    expect(await snapshot()).toEqual(after);
    expect(after.audit).toBe((before.audit ?? 0) + 1);
  });

  it('removes a team member, who loses the team routes at once', async () => {
    expect((await call(teamMember, 'GET', '')).statusCode).toBe(200);
    const response = await call(teamAdmin, 'DELETE', `/${teamMember.user.id}`);
    expect(response.statusCode, response.body).toBe(204);
    const [stored] = await context.database.db.select().from(users).where(eq(users.id, teamMember.user.id));
    expect(stored).toMatchObject({ isTeamMember: false, isTeamAdmin: false, teamSince: null });
    expectError(await call(teamMember, 'GET', ''), 403, 'forbidden');
    const [entry] = await context.database.db.select().from(auditLog).where(eq(auditLog.action, 'team.remove'));
    expect(entry).toMatchObject({ actorUserId: teamAdmin.user.id, entityId: String(teamMember.user.id), before: { isTeamAdmin: false } });
  });

  it('refuses removing yourself (409), someone not on the team (404) and a malformed id (400), changing nothing', async () => {
    const before = await snapshot();
    const yourself = await call(teamAdmin, 'DELETE', `/${teamAdmin.user.id}`);
    expectError(yourself, 409, 'conflict');
    expect(yourself.json<{ message: string }>().message).toBe('You cannot remove yourself from the team: ask another team admin.');
    expectError(await call(teamAdmin, 'DELETE', `/${teamMember.user.id}`), 404, 'not found');
    expectError(await call(teamAdmin, 'DELETE', '/987654'), 404, 'not found');
    expectError(await call(teamAdmin, 'DELETE', '/abc'), 400, 'bad request');
    expect(await snapshot()).toEqual(before);
  });

  it('never leaves the team without a team admin: of two admins removing each other at once, one is refused', async () => {
    const hemi = (await context.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'hemi@example.test')))[0]?.id ?? 0;
    expect((await call(teamAdmin, 'DELETE', `/${hemi}`)).statusCode).toBe(204);
    const [first, second] = await Promise.all([call(teamAdmin, 'DELETE', `/${otherAdmin.user.id}`), call(otherAdmin, 'DELETE', `/${teamAdmin.user.id}`)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([204, 403]);
    const admins = await context.database.db.select({ id: users.id }).from(users).where(eq(users.isTeamAdmin, true));
    expect(admins).toHaveLength(1);
  });
});

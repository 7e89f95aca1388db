/**
 * The authorisation matrix (issue 14): every API route, enumerated from the server's own route
 * table, against eleven callers (issue 29 added a team member signed in without a second factor, who
 * has no more than any signed-in person; issue 31 an agency's member, its admin and another agency's admin). A new route without a row in `policies` fails this test, so no route
 * can be added without saying who may call it.
 *
 * A refused call must answer exactly the expected status, in the one error shape, reveal nothing of
 * the supplier it aimed at, and change nothing stored. An allowed call must get past authorisation
 * (not 401, not 403); its ids are placeholders, so a 400 or 404 from the handler is fine here: what
 * the records hold is each area's own tests' business.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER_HEADER } from '../auth/supplier-context';
import { agencyBearer, bearer, createIdentityAccount, createSignedInUser, createSupplierWithMembers, createUser, signIn } from '../auth/test-support';
import * as schema from '../db/schema/index';
import { createApprovedAgency } from '../modules/agency-users/test-support';
import { buildTestApp, type TestContext } from '../test/harness';
import { API_PREFIX, apiRoutes, concretePath, storedCounts } from './route-table-support';

type Caller =
  | 'anonymous'
  | 'noSupplier'
  | 'member'
  | 'admin'
  | 'foreignAdmin'
  | 'team'
  | 'teamAdmin'
  | 'teamPasswordOnly'
  | 'agencyMember'
  | 'agencyAdmin'
  | 'foreignAgencyAdmin';
const CALLERS: Caller[] = ['anonymous', 'noSupplier', 'member', 'admin', 'foreignAdmin', 'team', 'teamAdmin', 'teamPasswordOnly', 'agencyMember', 'agencyAdmin', 'foreignAgencyAdmin'];

/**
 * Who may call a route. `public`: anyone. `publicForm`: anyone with the page's security token
 * (this test sends none, so all are refused). `signedIn`: any signed-in person. `member` / `admin`:
 * a member / an admin of the supplier named by X-Supplier-Id. `fileActor`: like `member`, and the
 * team without a supplier. `team`: the marketplace team only. `teamAdmin`: the team's admins only
 * (the `team` caller is an ordinary team member, `teamAdmin` a team admin). `agencyMember` /
 * `agencyAdmin` (issue 31): a member / an admin of the approved agency named by X-Agency-Id; the
 * agency callers send that header and no supplier's, and `foreignAgencyAdmin` is another agency's
 * admin sending this agency's id.
 */
type Policy = 'public' | 'publicForm' | 'signedIn' | 'member' | 'admin' | 'fileActor' | 'team' | 'teamAdmin' | 'agencyMember' | 'agencyAdmin';

/** ALLOWED: gets past authorisation; a number: the status of the refusal. */
const ALLOWED = 'allowed';
const everyone = (status: number | typeof ALLOWED) => Object.fromEntries(CALLERS.map((caller) => [caller, status])) as Record<Caller, number | typeof ALLOWED>;
/** An agency caller on a supplier's route: no X-Supplier-Id, so 400, as for anyone without a supplier. */
const agencyCallers = (status: number | typeof ALLOWED) => ({ agencyMember: status, agencyAdmin: status, foreignAgencyAdmin: status });
const expectations: Record<Policy, Record<Caller, number | typeof ALLOWED>> = {
  public: everyone(ALLOWED),
  publicForm: everyone(403),
  signedIn: { ...everyone(ALLOWED), anonymous: 401 },
  member: { anonymous: 401, noSupplier: 400, member: ALLOWED, admin: ALLOWED, foreignAdmin: 403, team: 400, teamAdmin: 400, teamPasswordOnly: 400, ...agencyCallers(400) },
  admin: { anonymous: 401, noSupplier: 400, member: 403, admin: ALLOWED, foreignAdmin: 403, team: 400, teamAdmin: 400, teamPasswordOnly: 400, ...agencyCallers(400) },
  fileActor: { anonymous: 401, noSupplier: 400, member: ALLOWED, admin: ALLOWED, foreignAdmin: 403, team: ALLOWED, teamAdmin: ALLOWED, teamPasswordOnly: 403, ...agencyCallers(400) },
  team: { ...everyone(403), anonymous: 401, team: ALLOWED, teamAdmin: ALLOWED },
  teamAdmin: { ...everyone(403), anonymous: 401, teamAdmin: ALLOWED },
  // Without X-Agency-Id (every supplier and team caller): 400.
  agencyMember: { ...everyone(400), anonymous: 401, agencyMember: ALLOWED, agencyAdmin: ALLOWED, foreignAgencyAdmin: 403 },
  agencyAdmin: { ...everyone(400), anonymous: 401, agencyMember: 403, agencyAdmin: ALLOWED, foreignAgencyAdmin: 403 },
};

/** Every API route, by `METHOD path` as registered (the /api/v1 prefix left out). */
const policies: Record<string, Policy> = {
  // The signed-in person.
  'GET /user': 'signedIn',
  'GET /user/switch': 'signedIn',
  'GET /user/switch/:supplierID': 'signedIn',
  'GET /user/switch-agency/:agencyID': 'signedIn',
  'POST /account/password': 'signedIn',
  'GET /account/second-factors': 'signedIn',
  'POST /account/second-factors/authenticator-app/set-up': 'signedIn',
  'POST /account/second-factors/authenticator-app': 'signedIn',
  'POST /account/second-factors/passkey/set-up': 'signedIn',
  'POST /account/second-factors/passkey': 'signedIn',
  'DELETE /account/second-factors/:id': 'signedIn',
  'POST /account/recovery-codes': 'signedIn',
  'GET /account/sessions': 'signedIn',
  'DELETE /account/sessions/:sessionID': 'signedIn',
  'POST /account/sessions/end-others': 'signedIn',
  'POST /invitations/:token/accept': 'signedIn',
  // Invitation links and the public site.
  'GET /invitations/:token': 'public',
  'GET /openapi.json': 'public',
  'GET /channel': 'public',
  'POST /directory/search': 'public',
  'GET /open-data/releases': 'public',
  'GET /open-data/releases/:releaseId': 'public',
  'GET /open-data/records/:ocid': 'public',
  'GET /open-data/bulk': 'public',
  'GET /open-data/bulk/:day': 'public',
  'GET /directory/export.csv': 'public',
  'GET /forms/:key/:version/validators.js': 'public',
  // Public forms: the page's security token.
  'GET /check-supplier': 'publicForm',
  'POST /supplier-registration': 'publicForm',
  'POST /supplier-registration/upload': 'publicForm',
  'GET /agency-form': 'publicForm',
  'POST /agency-form/application': 'publicForm',
  'GET /agency-form/application/:id': 'publicForm',
  'PUT /agency-form/application/:id': 'publicForm',
  'POST /agency-form/application/:id/submit': 'publicForm',
  // The active supplier's records.
  'GET /user/details': 'member',
  'GET /user/listings': 'member',
  'GET /supplier-registration/update_form': 'member',
  'GET /supplier-form': 'member',
  'GET /service': 'member',
  'GET /service/held': 'member',
  'GET /application': 'member',
  'POST /application': 'member',
  'GET /application/:id': 'member',
  'DELETE /application/:id': 'member',
  'GET /messages': 'member',
  'GET /messages/unread-count': 'member',
  'GET /engagement-notice': 'member',
  'GET /engagement-notice/agency': 'member',
  'GET /engagement-notice/form': 'member',
  'GET /engagement-notice/:id': 'member',
  'POST /engagement-notice/save': 'member',
  'POST /engagement-notice/withdraw/:id': 'member',
  'POST /engagement-notice/confidentiality/:id': 'member',
  'DELETE /engagement-notice/:id': 'member',
  'GET /billing-report': 'member',
  'GET /billing-report/form': 'member',
  'GET /billing-report/:id': 'member',
  'POST /billing-report/save': 'member',
  'DELETE /billing-report/:id': 'member',
  'GET /billing-report/engagement-notices': 'member',
  'GET /billing-report/services': 'member',
  'GET /next-steps': 'member',
  'GET /listing': 'member',
  'GET /listing/:serviceId': 'member',
  'PUT /listing/:serviceId': 'member',
  'POST /listing/:serviceId/send': 'member',
  'GET /listing/:serviceId/template.xlsx': 'member',
  'POST /listing/:serviceId/template': 'member',
  // Uploads: the supplier's, or the team's own.
  'POST /upload': 'fileActor',
  'GET /files/:id': 'fileActor',
  // The active agency's people, and its admins (issue 31).
  'GET /agency/engagement-notices': 'agencyMember',
  'GET /agency/engagement-notices/:id': 'agencyMember',
  'POST /agency/engagement-notices/:id/confirm': 'agencyMember',
  'POST /agency/engagement-notices/:id/dispute': 'agencyMember',
  'POST /agency/engagement-notices/:id/confidentiality': 'agencyMember',
  'POST /agency/engagement-notices/:id/messages': 'agencyMember',
  'GET /agency/billing-reports': 'agencyMember',
  'GET /agency/billing-reports/:id': 'agencyMember',
  'POST /agency/billing-reports/:id/confirm': 'agencyMember',
  'POST /agency/billing-reports/:id/query': 'agencyMember',
  'POST /agency/billing-reports/:id/messages': 'agencyMember',
  'GET /agency/spend': 'agencyMember',
  'GET /agency/spend/export.csv': 'agencyMember',
  'GET /agency/listing-documents/:supplierId/:slug/:fileId': 'agencyMember',
  'GET /agency/shortlists': 'agencyMember',
  'POST /agency/shortlists': 'agencyMember',
  'GET /agency/shortlists/:id': 'agencyMember',
  'PUT /agency/shortlists/:id': 'agencyMember',
  'DELETE /agency/shortlists/:id': 'agencyMember',
  'PUT /agency/shortlists/:id/suppliers/:supplierId': 'agencyMember',
  'DELETE /agency/shortlists/:id/suppliers/:supplierId': 'agencyMember',
  'GET /agency/shortlists/:id/export.csv': 'agencyMember',
  'GET /agency/directory-suppliers/:supplierId': 'agencyMember',
  'GET /agency/users': 'agencyAdmin',
  'POST /agency/users': 'agencyAdmin',
  'PUT /agency/users/:id': 'agencyAdmin',
  'DELETE /agency/users/:id': 'agencyAdmin',
  'DELETE /agency/invitations/:id': 'agencyAdmin',
  // The supplier's admins.
  'PUT /supplier-registration': 'admin',
  'DELETE /supplier-registration/pending-change': 'admin',
  'GET /user/users': 'admin',
  'POST /user/users': 'admin',
  'GET /user/users/:id': 'admin',
  'PUT /user/users/:id': 'admin',
  'DELETE /user/invitations/:id': 'admin',
  'POST /supplier-user/remove': 'admin',
  'PUT /user/second-factor-requirement': 'admin',
  // The marketplace team.
  'GET /admin/applications': 'team',
  'GET /admin/applications/:id': 'team',
  'POST /admin/applications/:id/status': 'team',
  'PUT /admin/applications/:id/services/:serviceId': 'team',
  'GET /admin/threads': 'team',
  'GET /admin/threads/:threadId': 'team',
  'GET /admin/threads/:threadId/messages': 'team',
  'POST /admin/threads/:threadId/message': 'team',
  'PUT /admin/threads/:threadId/resolve': 'team',
  'PUT /admin/threads/:threadId/assignee': 'team',
  'GET /admin/threads/unread-count': 'team',
  'GET /admin/queues': 'team',
  'GET /admin/registrations': 'team',
  'GET /admin/registrations/:id': 'team',
  'POST /admin/registrations/:id/approve': 'team',
  'POST /admin/registrations/:id/decline': 'team',
  'GET /admin/agencies': 'team',
  'GET /admin/forms/:key/:version': 'team',
  'GET /admin/agencies/:id': 'team',
  'POST /admin/agencies/:id/approve': 'team',
  'POST /admin/agencies/:id/decline': 'team',
  'GET /admin/listings': 'team',
  'GET /admin/listings/:id': 'team',
  'POST /admin/listings/:id/approve': 'team',
  'POST /admin/listings/:id/request-changes': 'team',
  'POST /admin/listings/:id/suspend': 'team',
  'POST /admin/listings/:id/reinstate': 'team',
  'GET /admin/engagement-notices': 'team',
  'GET /admin/engagement-notices/:id': 'team',
  'GET /admin/engagement-notices/export.csv': 'team',
  'GET /admin/billing-reports': 'team',
  'GET /admin/billing-reports/:id': 'team',
  'GET /admin/billing-reports/export.csv': 'team',
  'GET /admin/billing-reports/missing': 'team',
  'GET /admin/reporting-mismatches': 'team',
  'GET /admin/catalogue': 'team',
  'POST /admin/catalogue/channels': 'team',
  'POST /admin/catalogue/catalogues': 'team',
  'POST /admin/catalogue/services': 'team',
  'PUT /admin/catalogue/channels/order': 'team',
  'PUT /admin/catalogue/catalogues/order': 'team',
  'PUT /admin/catalogue/channels/:id': 'team',
  'PUT /admin/catalogue/catalogues/:id': 'team',
  'PUT /admin/catalogue/services/:id': 'team',
  'POST /admin/catalogue/channels/:id/retire': 'team',
  'POST /admin/catalogue/catalogues/:id/retire': 'team',
  'POST /admin/catalogue/services/:id/retire': 'team',
  'POST /admin/catalogue/channels/:id/restore': 'team',
  'POST /admin/catalogue/catalogues/:id/restore': 'team',
  'POST /admin/catalogue/services/:id/restore': 'team',
  'POST /admin/catalogue/channels/:id/move': 'team',
  'POST /admin/catalogue/catalogues/:id/move': 'team',
  'GET /admin/suppliers': 'team',
  'GET /admin/suppliers/names': 'team',
  'GET /admin/suppliers/:id': 'team',
  'POST /admin/suppliers/:id/suspend': 'team',
  'POST /admin/suppliers/:id/reinstate': 'team',
  'GET /admin/supplier-changes': 'team',
  'GET /admin/supplier-changes/:id': 'team',
  'POST /admin/supplier-changes/:id/approve': 'team',
  'POST /admin/supplier-changes/:id/decline': 'team',
  'GET /admin/audit': 'team',
  'GET /admin/audit/export.csv': 'team',
  'GET /admin/team': 'team',
  'GET /admin/background-jobs/summary': 'team',
  // The team's admins.
  'POST /admin/team': 'teamAdmin',
  'DELETE /admin/team/:userId': 'teamAdmin',
  'GET /admin/background-jobs': 'teamAdmin',
  'POST /admin/background-jobs/:id/retry': 'teamAdmin',
  'POST /admin/background-jobs/:id/cancel': 'teamAdmin',
};

/** Thread routes are registered once per model of the threads registry: the same policy for each. */
const THREAD_ROUTE = /^(GET|POST|PUT) \/[a-z-]+\/:id\/thread(\/:threadId\/(message|messages|resolve))?$/;

function policyOf(key: string): Policy | undefined {
  return policies[key] ?? (THREAD_ROUTE.test(key) ? 'member' : undefined);
}

describe('the authorisation matrix', () => {
  let context: TestContext;
  let headersOf: Record<Caller, Record<string, string>>;
  let supplierName = '';
  const agencyName = 'Ministry of the Matrix';
  let supplierId = 0;

  beforeAll(async () => {
    context = await buildTestApp();
    const { db } = context.database;
    const own = await createSupplierWithMembers(db);
    const other = await createSupplierWithMembers(db);
    supplierId = own.supplierId;
    const [row] = await db.select({ tradingName: schema.suppliers.tradingName }).from(schema.suppliers);
    supplierName = row?.tradingName ?? '';
    const member = await createSignedInUser(context, { suppliers: [{ supplierId: own.supplierId }] });
    const admin = await createSignedInUser(context, { suppliers: [{ supplierId: own.supplierId, isAdmin: true }] });
    const foreignAdmin = await createSignedInUser(context, { suppliers: [{ supplierId: other.supplierId, isAdmin: true }] });
    const noSupplier = await createSignedInUser(context);
    const team = await createSignedInUser(context, { isTeamMember: true });
    const teamAdmin = await createSignedInUser(context, { isTeamMember: true });
    await db.update(schema.users).set({ isTeamAdmin: true }).where(eq(schema.users.id, teamAdmin.user.id));
    // On the team, but signed in with a password alone: the team's powers need a second factor.
    const teamPasswordOnly = await createIdentityAccount(db);
    const teamPasswordOnlyUser = await createUser(db, { email: teamPasswordOnly.email, name: 'Team Password Only', isTeamMember: true });
    await db.update(schema.users).set({ isTeamAdmin: true }).where(eq(schema.users.id, teamPasswordOnlyUser.id));
    const teamPasswordOnlySignIn = await signIn(context, teamPasswordOnly.email, teamPasswordOnly.password);
    const agencyId = await createApprovedAgency(db, agencyName);
    const otherAgencyId = await createApprovedAgency(db, 'Other Agency');
    const agencyMember = await createSignedInUser(context, { agencies: [{ agencyId }] });
    const agencyAdmin = await createSignedInUser(context, { agencies: [{ agencyId, isAdmin: true }] });
    const foreignAgencyAdmin = await createSignedInUser(context, { agencies: [{ agencyId: otherAgencyId, isAdmin: true }] });
    headersOf = {
      anonymous: {},
      noSupplier: bearer(noSupplier.accessToken),
      member: bearer(member.accessToken, own.supplierId),
      admin: bearer(admin.accessToken, own.supplierId),
      // Another supplier's admin sending this supplier's id: the forged header.
      foreignAdmin: { ...bearer(foreignAdmin.accessToken), [SUPPLIER_HEADER]: String(own.supplierId) },
      team: bearer(team.accessToken),
      teamAdmin: bearer(teamAdmin.accessToken),
      teamPasswordOnly: bearer(teamPasswordOnlySignIn.accessToken),
      agencyMember: agencyBearer(agencyMember.accessToken, agencyId),
      agencyAdmin: agencyBearer(agencyAdmin.accessToken, agencyId),
      // Another agency's admin sending this agency's id: the forged header.
      foreignAgencyAdmin: agencyBearer(foreignAgencyAdmin.accessToken, agencyId),
    };
  });
  afterAll(() => context.close());

  it('watches every table for changes', async () => {
    expect(Object.keys(await storedCounts(context)).length).toBeGreaterThan(20);
  });

  it('has a row for every API route, and no row for a route that does not exist', () => {
    const keys = apiRoutes(context).map(({ method, path }) => `${method} ${path}`);
    expect(keys.filter((key) => policyOf(key) === undefined), 'routes without a row in the matrix').toEqual([]);
    expect(Object.keys(policies).filter((key) => !keys.includes(key)), 'rows for routes that do not exist').toEqual([]);
  });

  it('answers each caller as its row says, leaking nothing and changing nothing when it refuses', async () => {
    const mismatches: string[] = [];
    let refusals = 0;
    for (const { method, path } of apiRoutes(context)) {
      const policy = policyOf(`${method} ${path}`);
      if (!policy) {
        continue;
      }
      for (const caller of CALLERS) {
        const expected = expectations[policy][caller];
        const before = expected === ALLOWED ? undefined : await storedCounts(context);
        const response = await context.app.inject({ method, url: `${API_PREFIX}${concretePath(path, supplierId)}`, headers: headersOf[caller] });
        const cell = `${method} ${path} as ${caller}`;
        if (expected === ALLOWED) {
          if (response.statusCode === 401 || response.statusCode === 403 || response.statusCode >= 500) {
            mismatches.push(`${cell}: ${String(response.statusCode)}, expected to get past authorisation`);
          }
          continue;
        }
        refusals += 1;
        if (response.statusCode !== expected) {
          mismatches.push(`${cell}: ${String(response.statusCode)}, expected ${String(expected)}`);
          continue;
        }
        const body = response.json<{ error?: unknown; message?: unknown }>();
        if (typeof body.error !== 'string' || typeof body.message !== 'string') {
          mismatches.push(`${cell}: not the one error shape`);
        }
        if (supplierName !== '' && response.body.includes(supplierName)) {
          mismatches.push(`${cell}: the refusal names the supplier`);
        }
        if (response.body.includes(agencyName)) {
          mismatches.push(`${cell}: the refusal names the agency`);
        }
        expect(await storedCounts(context), `${cell} changed stored rows`).toEqual(before);
      }
    }
    expect(mismatches).toEqual([]);
    expect(refusals).toBeGreaterThan(200);
  }, 480_000);
});

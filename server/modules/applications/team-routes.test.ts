/**
 * /api/v1/admin/applications: the marketplace team lists applications by stage, moves them only
 * along TEAM_TRANSITIONS (emailing the supplier, auditing), decides on each requested service and
 * publishes the listings, after which the directory finds the supplier. Others get 401/403.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamApplication, TeamApplicationListResponse } from '../../../common/api/team-applications';
import { ADMIN_APPLICATIONS_PAGE_SIZE, listingsNotReadyMessage } from '../../../common/api/team-applications';
import type { Thread } from '../../../common/api/threads';
import { FINISHED_APPLICATION_STATUSES, type ApplicationStageCode } from '../../../common/application-stages';
import { bearer } from '../../auth/test-support';
import { applicationServices, applicationStatuses, applications, auditLog, serviceListingVersions, serviceListings, supplierServices, suppliers, threads } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { expectKeysetWalk } from '../../test/keyset-walk';
import { directorySearchCache } from '../directory/service';
import { createChannel, search, serviceId, type CreatedChannel } from '../directory/test-support';
import { uploadFile } from '../uploads/test-support';
import { createTestListing } from '../listings/test-support';
import { applicationMoveSubject, serviceDecisionSubject } from './workflow-notify';
import { expectError } from '../supplier-users/test-support';
import { createApplicantSupplier, createTeamMemberUser, createTestApplication, type ApplicantSupplier } from './team-test-support';

describe('admin applications', () => {
  let context: TestContext;
  let channel: CreatedChannel;
  let teamHeaders: Record<string, string>;
  let teamUserId: number;
  let supplier: ApplicantSupplier;

  beforeAll(async () => {
    context = await buildTestApp();
    // The walk publishes listings and searches straight after: re-read the directory version on every search.
    directorySearchCache(context.database.db).versionCheckIntervalMs = 0;
    channel = await createChannel(context.database.db, {
      title: 'Workflow Channel',
      catalogues: [
        { title: 'Workflow Analytics', services: [{ title: 'Workflow dashboards' }, { title: 'Workflow forecasting' }] },
        { title: 'Workflow Training', services: [{ title: 'Workflow coaching' }] },
      ],
    });
    const teamMember = await createTeamMemberUser(context);
    teamHeaders = teamMember.headers;
    teamUserId = teamMember.user.id;
    supplier = await createApplicantSupplier(context, 'Tūī Workflow Analytics');
  });
  afterAll(() => context.close());

  const dashboards = () => serviceId(channel, 'Workflow dashboards');
  const forecasting = () => serviceId(channel, 'Workflow forecasting');
  const coaching = () => serviceId(channel, 'Workflow coaching');

  function move(id: number, payload: object, headers = teamHeaders): Promise<LightMyRequestResponse> {
    return context.app.inject({ method: 'POST', url: `/api/v1/admin/applications/${id}/status`, headers, payload });
  }
  function decide(id: number, service: number, status: string, headers = teamHeaders, reason?: string): Promise<LightMyRequestResponse> {
    const payload = reason === undefined ? { status } : { status, reason };
    return context.app.inject({ method: 'PUT', url: `/api/v1/admin/applications/${id}/services/${service}`, headers, payload });
  }
  async function readApplicationRow(id: number) {
    const [row] = await context.database.db.select().from(applications).where(eq(applications.id, id));
    const decisions = await context.database.db
      .select({ serviceId: applicationServices.serviceId, status: applicationServices.status })
      .from(applicationServices)
      .where(eq(applicationServices.applicationId, id))
      .orderBy(asc(applicationServices.serviceId));
    return { row, decisions };
  }
  async function auditActions(id: number): Promise<string[]> {
    const rows = await context.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'application'), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id));
    return rows.map((row) => row.action);
  }
  async function outboxSubjectsTo(email: string): Promise<string[]> {
    return (await context.deliverMail()).filter((entry) => entry.to.includes(email)).map((entry) => entry.subject);
  }

  it('requires sign-in, and answers 403 to supplier users (even admins), changing nothing', async () => {
    const application = await createTestApplication(context, { supplierId: supplier.supplierId, services: [{ serviceId: dashboards() }] });
    const requests = [
      { method: 'GET' as const, url: '/api/v1/admin/applications' },
      { method: 'GET' as const, url: `/api/v1/admin/applications/${application.id}` },
      { method: 'POST' as const, url: `/api/v1/admin/applications/${application.id}/status`, payload: { status: 'pre_assessment' } },
      { method: 'PUT' as const, url: `/api/v1/admin/applications/${application.id}/services/${dashboards()}`, payload: { status: 'granted' } },
    ];
    const before = await readApplicationRow(application.id);
    for (const request of requests) {
      const anonymous = await context.app.inject(request);
      expect(anonymous.statusCode).toBe(401);
      for (const headers of [supplier.headers, bearer(supplier.admin.accessToken)]) {
        const response = await context.app.inject({ ...request, headers });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ error: 'forbidden' });
      }
    }
    expect(await readApplicationRow(application.id)).toEqual(before);
    expect(await auditActions(application.id)).toEqual([]);
  });

  it('lists submitted-or-later applications by stage, the longest in its current stage first, a page at a time', async () => {
    const { db } = context.database;
    const other = await createApplicantSupplier(context, 'Kererū Listings');
    // Far-past dates put these first whatever the other tests change. The order follows the time
    // each reached its stage, not its last change (a decision on a service changes that).
    const longest = await createTestApplication(context, {
      supplierId: other.supplierId,
      status: 'pre_assessment',
      services: [{ serviceId: coaching() }, { serviceId: dashboards() }],
      stageSince: new Date('2000-01-01T00:00:00Z'),
      lastEdited: new Date('2000-03-01T00:00:00Z'),
    });
    const shorter = await createTestApplication(context, {
      supplierId: supplier.supplierId,
      status: 'pre_assessment',
      services: [{ serviceId: dashboards() }],
      stageSince: new Date('2000-01-02T00:00:00Z'),
      lastEdited: new Date('2000-01-02T00:00:00Z'),
    });
    // No time recorded for its stage: its last change stands in.
    const unrecorded = await createTestApplication(context, {
      supplierId: supplier.supplierId,
      status: 'pre_assessment',
      services: [{ serviceId: forecasting() }],
      lastEdited: new Date('2000-01-03T00:00:00Z'),
    });
    const incomplete = await createTestApplication(context, {
      supplierId: supplier.supplierId,
      status: 'incomplete',
      services: [{ serviceId: dashboards() }],
      lastEdited: new Date('2099-02-01T00:00:00Z'),
    });
    // Finished before any of them: nothing waits on it, so the work queue puts it after them.
    const finished = await createTestApplication(context, {
      supplierId: other.supplierId,
      status: 'published',
      services: [{ serviceId: coaching() }],
      stageSince: new Date('1999-01-01T00:00:00Z'),
      lastEdited: new Date('1999-01-01T00:00:00Z'),
    });

    const filtered = await context.app.inject({ method: 'GET', url: '/api/v1/admin/applications?status=pre_assessment', headers: teamHeaders });
    expect(filtered.statusCode).toBe(200);
    const page = filtered.json<TeamApplicationListResponse>();
    const preAssessmentTotal = (await db.select({ id: applications.id }).from(applications).where(eq(applications.status, 'pre_assessment'))).length;
    expect(page).toMatchObject({ page: 1, pageSize: ADMIN_APPLICATIONS_PAGE_SIZE, total: preAssessmentTotal });
    expect(page.applications.every((item) => item.status === 'pre_assessment')).toBe(true);
    expect(page.applications.slice(0, 3)).toEqual([
      {
        id: longest.id,
        referenceId: longest.referenceId,
        supplierId: other.supplierId,
        supplierTradingName: 'Kererū Listings',
        status: 'pre_assessment',
        lastEdited: '2000-03-01T00:00:00.000Z',
        stageReachedAt: '2000-01-01T00:00:00.000Z',
        // By title.
        services: [
          { id: coaching(), title: 'Workflow coaching' },
          { id: dashboards(), title: 'Workflow dashboards' },
        ],
      },
      {
        id: shorter.id,
        referenceId: shorter.referenceId,
        supplierId: supplier.supplierId,
        supplierTradingName: 'Tūī Workflow Analytics',
        status: 'pre_assessment',
        lastEdited: '2000-01-02T00:00:00.000Z',
        stageReachedAt: '2000-01-02T00:00:00.000Z',
        services: [{ id: dashboards(), title: 'Workflow dashboards' }],
      },
      {
        id: unrecorded.id,
        referenceId: unrecorded.referenceId,
        supplierId: supplier.supplierId,
        supplierTradingName: 'Tūī Workflow Analytics',
        status: 'pre_assessment',
        lastEdited: '2000-01-03T00:00:00.000Z',
        stageReachedAt: '2000-01-03T00:00:00.000Z',
        services: [{ id: forecasting(), title: 'Workflow forecasting' }],
      },
    ]);

    // Without a filter: every stage but Incomplete, which is the supplier's draft.
    const all = (await context.app.inject({ method: 'GET', url: '/api/v1/admin/applications', headers: teamHeaders })).json<TeamApplicationListResponse>();
    const submittedOrLater = (await db.select({ id: applications.id }).from(applications).where(ne(applications.status, 'incomplete'))).length;
    expect(all.total).toBe(submittedOrLater);
    expect(all.applications.map((item) => item.id)).not.toContain(incomplete.id);
    expect(all.applications[0]?.id).toBe(longest.id);
    const listed = all.applications.map((item) => item.id);
    expect(listed.indexOf(finished.id)).toBeGreaterThan(listed.indexOf(unrecorded.id));
    const none = await context.app.inject({ method: 'GET', url: '/api/v1/admin/applications?status=incomplete', headers: teamHeaders });
    expect(none.json<TeamApplicationListResponse>()).toMatchObject({ applications: [], total: 0 });

    // Paging: a second page holds what the first could not.
    for (let index = 0; index < ADMIN_APPLICATIONS_PAGE_SIZE; index += 1) {
      await createTestApplication(context, { supplierId: other.supplierId, status: 'listing_validation', services: [{ serviceId: coaching() }] });
    }
    const validationTotal = (await db.select({ id: applications.id }).from(applications).where(eq(applications.status, 'listing_validation'))).length;
    const second = await context.app.inject({ method: 'GET', url: '/api/v1/admin/applications?status=listing_validation&page=2', headers: teamHeaders });
    expect(second.json<TeamApplicationListResponse>()).toMatchObject({ page: 2, total: validationTotal });
    expect(second.json<TeamApplicationListResponse>().applications).toHaveLength(validationTotal - ADMIN_APPLICATIONS_PAGE_SIZE);

    for (const query of ['page=0', 'page=x', 'status=approved', 'sort=newest', 'sort=', 'order=oldest']) {
      const bad = await context.app.inject({ method: 'GET', url: `/api/v1/admin/applications?${query}`, headers: teamHeaders });
      expect(bad.statusCode).toBe(400);
    }
  });

  it("keeps each application's stage time and whether it is finished as its status moves, as the work queue reads them", async () => {
    const { db } = context.database;
    const application = await createTestApplication(context, {
      supplierId: supplier.supplierId,
      status: 'submitted',
      services: [{ serviceId: dashboards() }],
      stageSince: new Date('2001-01-01T00:00:00Z'),
      lastEdited: new Date('2001-02-01T00:00:00Z'),
    });
    const stored = async () =>
      (await db.select({ stageSince: applications.stageSince, isFinished: applications.isFinished }).from(applications).where(eq(applications.id, application.id)))[0];
    expect(await stored()).toEqual({ stageSince: new Date('2001-01-01T00:00:00Z'), isFinished: false });
    // Every status: finished exactly when nothing more happens to it (common/application-stages.ts).
    for (const status of applicationStatuses) {
      const reachedAt = new Date(Date.UTC(2002, applicationStatuses.indexOf(status), 1));
      await db
        .update(applications)
        .set({ status, statusTimestamps: { [status]: reachedAt.toISOString() } })
        .where(eq(applications.id, application.id));
      expect(await stored(), status).toEqual({ stageSince: reachedAt, isFinished: FINISHED_APPLICATION_STATUSES.includes(status as ApplicationStageCode) });
    }
    // A status with no time recorded: its last change stands in.
    await db.update(applications).set({ status: 'granted', lastEdited: new Date('2003-03-03T00:00:00Z') }).where(eq(applications.id, application.id));
    expect(await stored()).toEqual({ stageSince: new Date('2003-03-03T00:00:00Z'), isFinished: false });
    await db.delete(applications).where(eq(applications.id, application.id));
  });

  it('sorts a stage by time in the stage, oldest first (the default, or sort=oldest), or by latest change with sort=latest, and pages the same way', async () => {
    // Long-ago stage times put these first whatever the other tests add; the later change has the older stage time.
    const longest = await createTestApplication(context, {
      supplierId: supplier.supplierId,
      status: 'in_progress',
      services: [{ serviceId: dashboards() }],
      lastEdited: new Date('2000-03-01T00:00:00Z'),
      stageSince: new Date('2000-01-01T00:00:00Z'),
    });
    const shorter = await createTestApplication(context, {
      supplierId: supplier.supplierId,
      status: 'in_progress',
      services: [{ serviceId: dashboards() }],
      lastEdited: new Date('2000-02-01T00:00:00Z'),
      stageSince: new Date('2000-01-15T00:00:00Z'),
    });
    const list = async (query: string) => {
      const response = await context.app.inject({ method: 'GET', url: `/api/v1/admin/applications?${query}`, headers: teamHeaders });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TeamApplicationListResponse>();
    };
    const oldest = await list('status=in_progress&sort=oldest');
    expect(oldest.applications.slice(0, 2).map((item) => ({ id: item.id, stageReachedAt: item.stageReachedAt }))).toEqual([
      { id: longest.id, stageReachedAt: '2000-01-01T00:00:00.000Z' },
      { id: shorter.id, stageReachedAt: '2000-01-15T00:00:00.000Z' },
    ]);
    expect(oldest.applications.every((item) => item.status === 'in_progress')).toBe(true);
    const stageTimes = oldest.applications.map((item) => item.stageReachedAt);
    expect(stageTimes).toEqual([...stageTimes].sort());
    // By latest change: the later change first.
    const latest = (await list('status=in_progress&sort=latest')).applications.map((item) => item.id);
    expect(latest.indexOf(longest.id)).toBeLessThan(latest.indexOf(shorter.id));
    expect((await list('status=in_progress&sort=oldest&page=2')).page).toBe(2);
  });

  it('pages from an application forwards and back in each order, ties included: every application once, as the numbered pages show it', async () => {
    // More than two pages at one stage; ten share a stage time and a last change, so only their ids tell them apart.
    for (let index = 0; index < ADMIN_APPLICATIONS_PAGE_SIZE * 2 + 5; index += 1) {
      const time = index < 10 ? new Date('2001-06-01T00:00:00Z') : new Date(Date.UTC(2001, 6, index));
      await createTestApplication(context, { supplierId: supplier.supplierId, status: 'listing_validation', services: [{ serviceId: dashboards() }], lastEdited: time, stageSince: time });
    }
    const seen = new Map<number, TeamApplicationListResponse['applications'][number]>();
    const read = async (query: string) => {
      const response = await context.app.inject({ method: 'GET', url: `/api/v1/admin/applications?${query}`, headers: teamHeaders });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TeamApplicationListResponse>();
      for (const item of body.applications) {
        seen.set(item.id, item);
      }
      return { ids: body.applications.map((item) => item.id), nextCursor: body.nextCursor, previousCursor: body.previousCursor };
    };
    const byStage = await expectKeysetWalk(read, 'status=listing_validation', { minimumPages: 3 });
    const stageOrder = byStage.map((id) => `${seen.get(id)?.stageReachedAt ?? ''} ${String(id).padStart(10, '0')}`);
    expect(stageOrder).toEqual([...stageOrder].sort());
    const latest = await expectKeysetWalk(read, 'status=listing_validation&sort=latest', { minimumPages: 3 });
    const latestOrder = latest.map((id) => `${seen.get(id)?.lastEdited ?? ''} ${String(id).padStart(10, '0')}`);
    expect(latestOrder).toEqual([...latestOrder].sort().reverse());
    // Every stage, the work queue's order; and the latest change across them.
    expect(new Set(await expectKeysetWalk(read, '', { minimumPages: 3 }))).toEqual(new Set(await expectKeysetWalk(read, 'sort=latest', { minimumPages: 3 })));
  });

  it('refuses a cursor that is not an application id or both directions at once, and shows an empty page after an application that is gone', async () => {
    for (const query of ['after=abc', 'before=0', 'after=1.5', 'after=1&before=2']) {
      expectError(await context.app.inject({ method: 'GET', url: `/api/v1/admin/applications?${query}`, headers: teamHeaders }), 400, 'bad request');
    }
    const gone = await context.app.inject({ method: 'GET', url: '/api/v1/admin/applications?after=2147483000&page=2', headers: teamHeaders });
    expect(gone.statusCode).toBe(200);
    expect(gone.json<TeamApplicationListResponse>()).toMatchObject({ applications: [], nextCursor: null, page: 2 });
  });

  it('shows one application with its services, and answers 404 for unknown or incomplete ones', async () => {
    const application = await createTestApplication(context, {
      supplierId: supplier.supplierId,
      services: [{ serviceId: dashboards() }, { serviceId: coaching(), status: 'declined' }],
    });
    const response = await context.app.inject({ method: 'GET', url: `/api/v1/admin/applications/${application.id}`, headers: teamHeaders });
    expect(response.statusCode).toBe(200);
    const body = response.json<TeamApplication>();
    expect(body).toMatchObject({
      id: application.id,
      referenceId: application.referenceId,
      supplierId: supplier.supplierId,
      supplierTradingName: 'Tūī Workflow Analytics',
      status: 'submitted',
      statusTimestamps: { submitted: expect.any(String) as string },
      data: { services: [dashboards(), coaching()] },
    });
    expect(body.servicesWithStatus).toEqual([
      // In the order of the form: by channel, then catalogue, then title.
      { id: dashboards(), title: 'Workflow dashboards', catalogue: { id: expect.any(Number) as number, title: 'Workflow Analytics' }, status: 'requested', declineReason: null },
      // Declined before reasons were kept (a test row): no reason to show.
      { id: coaching(), title: 'Workflow coaching', catalogue: { id: expect.any(Number) as number, title: 'Workflow Training' }, status: 'declined', declineReason: null },
    ]);
    // The applicant beside its answers, and the form every answer reads by (common steps, then one per catalogue).
    expect(body.supplier).toEqual({ tradingName: 'Tūī Workflow Analytics', legalName: expect.any(String) as string, nzbn: null, email: null, phone: null, status: 'applicant' });
    expect(body.stageReachedAt).toBe(body.statusTimestamps.submitted);
    const catalogueStep = `catalogue-${String(body.servicesWithStatus[0]?.catalogue.id)}`;
    expect(body.form.steps.map((step) => step.id)).toContain(catalogueStep);
    expect(body.files).toEqual({});

    // A file the answers refer to is named (only the applicant's own: another supplier's stays unknown).
    const upload = await uploadFile(context.app, supplier.headers, { fileName: 'capability.pdf' }, 'ApplicationFiles');
    expect(upload.statusCode, upload.body).toBe(200);
    const fileId = upload.json<{ files: { id: string }[] }>().files[0]?.id ?? '';
    await context.database.db
      .update(applications)
      .set({ data: { services: [dashboards(), coaching()], termsAccepted: true, answers: { [catalogueStep]: { capability_document: fileId } } } })
      .where(eq(applications.id, application.id));
    const withFile = (await context.app.inject({ method: 'GET', url: `/api/v1/admin/applications/${application.id}`, headers: teamHeaders })).json<TeamApplication>();
    expect(withFile.files).toEqual({ [fileId]: 'capability.pdf' });
    expect(withFile.data.answers[catalogueStep]).toEqual({ capability_document: fileId });

    const incomplete = await createTestApplication(context, { supplierId: supplier.supplierId, status: 'incomplete', services: [] });
    for (const id of [incomplete.id, 999999]) {
      const missing = await context.app.inject({ method: 'GET', url: `/api/v1/admin/applications/${id}`, headers: teamHeaders });
      expect(missing.statusCode).toBe(404);
      expect((await move(id, { status: 'pre_assessment' })).statusCode).toBe(404);
      expect((await decide(id, dashboards(), 'granted')).statusCode).toBe(404);
    }
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/admin/applications/abc', headers: teamHeaders })).statusCode).toBe(400);
  });

  it('walks an application from Submitted to Published, after which the directory lists the supplier', async () => {
    const { db } = context.database;
    const applicant = await createApplicantSupplier(context, 'Pīwakawaka Insights');
    const application = await createTestApplication(context, {
      supplierId: applicant.supplierId,
      services: [{ serviceId: dashboards() }, { serviceId: forecasting() }, { serviceId: coaching() }],
    });
    const inDirectory = async () => (await search(context.app, { keyword: 'Pīwakawaka' })).results.filter((result) => result.id === applicant.supplierId);
    expect(await inDirectory()).toEqual([]);

    const reached: Record<string, string> = {};
    const walkTo = async (status: string) => {
      const response = await move(application.id, { status });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TeamApplication>();
      expect(body.status).toBe(status);
      expect(body.statusTimestamps[status]).toEqual(expect.any(String));
      expect(body.lastEdited).toBe(body.statusTimestamps[status]);
      reached[status] = body.statusTimestamps[status] ?? '';
      return body;
    };

    await walkTo('pre_assessment');
    await walkTo('in_progress');
    // Granting needs a granted service.
    const early = await move(application.id, { status: 'granted' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'conflict', message: expect.stringContaining('Grant at least one') as string });

    expect((await decide(application.id, dashboards(), 'granted')).statusCode).toBe(200);
    expect((await decide(application.id, forecasting(), 'granted')).statusCode).toBe(200);
    const decided = await decide(application.id, coaching(), 'declined', teamHeaders, '  Coaching needs a registered trainer on staff.  ');
    expect(decided.statusCode).toBe(200);
    // The reason, trimmed, is the supplier's to read on its application; the decision is mailed.
    expect(decided.json<TeamApplication>().servicesWithStatus.find((service) => service.id === coaching())?.declineReason).toBe('Coaching needs a registered trainer on staff.');
    const supplierView = await context.app.inject({ method: 'GET', url: `/api/v1/application/${application.id}`, headers: applicant.headers });
    expect(JSON.stringify(supplierView.json())).toContain('Coaching needs a registered trainer on staff.');
    expect(await outboxSubjectsTo(applicant.admin.user.email)).toContain(serviceDecisionSubject(application.referenceId, 'declined'));
    expect(decided.json<TeamApplication>().servicesWithStatus.map((service) => [service.title, service.status])).toEqual([
      ['Workflow dashboards', 'granted'],
      ['Workflow forecasting', 'granted'],
      ['Workflow coaching', 'declined'],
    ]);

    await walkTo('granted');
    // Decisions are closed once granted.
    const late = await decide(application.id, coaching(), 'granted');
    expect(late.statusCode).toBe(409);
    await walkTo('listing_validation');
    expect(await inDirectory()).toEqual([]);
    // Publishing waits for a listing the team approved for every granted service: one still in review holds it back.
    const dashboardsListing = await createTestListing(db, { supplierId: applicant.supplierId, serviceId: dashboards(), applicationId: application.id });
    const forecastingListing = await createTestListing(db, { supplierId: applicant.supplierId, serviceId: forecasting(), applicationId: application.id, status: 'in_review' });
    const held = await move(application.id, { status: 'published' });
    expect(held.statusCode).toBe(409);
    expect(held.json<{ message: string }>().message).toBe(listingsNotReadyMessage(['Workflow forecasting']));
    expect(await inDirectory()).toEqual([]);
    const [heldRow] = await db.select({ status: applications.status }).from(applications).where(eq(applications.id, application.id));
    expect(heldRow?.status).toBe('listing_validation');
    const approved = await context.app.inject({ method: 'POST', url: `/api/v1/admin/listings/${String(forecastingListing)}/approve`, headers: teamHeaders });
    expect(approved.statusCode, approved.body).toBe(200);

    // Each approved listing is published with the application as its first version.
    const published = await walkTo('published');
    const versions = await db
      .select()
      .from(serviceListingVersions)
      .where(inArray(serviceListingVersions.listingId, [dashboardsListing, forecastingListing]))
      .orderBy(asc(serviceListingVersions.listingId));
    expect(versions.map((version) => [version.listingId, version.version, version.approvedByUserId, version.changedFields])).toEqual([
      [dashboardsListing, 1, teamUserId, []],
      [forecastingListing, 1, teamUserId, []],
    ]);
    expect(versions.every((version) => version.publishedAt.toISOString() === reached.published)).toBe(true);
    const [forecastingRow] = await db.select({ status: serviceListings.status }).from(serviceListings).where(eq(serviceListings.id, forecastingListing));
    expect(forecastingRow?.status).toBe('published');

    // Every stage's time is kept, in order.
    expect(Object.keys(published.statusTimestamps).sort()).toEqual(['granted', 'in_progress', 'listing_validation', 'pre_assessment', 'published', 'submitted']);
    const times = ['pre_assessment', 'in_progress', 'granted', 'listing_validation', 'published'].map((status) => Date.parse(reached[status] ?? ''));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // Published: the granted services are listed and the supplier is approved.
    const listings = await db
      .select({ serviceId: supplierServices.serviceId, publishedAt: supplierServices.publishedAt })
      .from(supplierServices)
      .where(eq(supplierServices.supplierId, applicant.supplierId))
      .orderBy(asc(supplierServices.serviceId));
    expect(listings.map((listing) => listing.serviceId)).toEqual([dashboards(), forecasting()].sort((a, b) => a - b));
    expect(listings.every((listing) => listing.publishedAt?.toISOString() === reached.published)).toBe(true);
    const [supplierRow] = await db.select({ status: suppliers.status }).from(suppliers).where(eq(suppliers.id, applicant.supplierId));
    expect(supplierRow?.status).toBe('approved');

    const found = await inDirectory();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      title: 'Pīwakawaka Insights',
      channel: 'Workflow Channel',
      catalogue: 'Workflow Analytics',
      services: [
        { id: dashboards(), title: 'Workflow dashboards' },
        { id: forecasting(), title: 'Workflow forecasting' },
      ],
    });
    const byService = await search(context.app, { service: forecasting() });
    expect(byService.results.map((result) => result.id)).toContain(applicant.supplierId);
    const byDeclinedService = await search(context.app, { service: coaching() });
    expect(byDeclinedService.results.map((result) => result.id)).not.toContain(applicant.supplierId);

    // Published is final.
    for (const status of ['declined', 'listing_validation', 'published']) {
      const response = await move(application.id, { status, reason: 'Too late' });
      expect(response.statusCode).toBe(409);
    }

    // Each move emailed the supplier's user and was audited.
    const subjects = await outboxSubjectsTo(applicant.admin.user.email);
    for (const status of ['pre_assessment', 'in_progress', 'granted', 'listing_validation', 'published'] as const) {
      expect(subjects).toContain(applicationMoveSubject(application.referenceId, status));
    }
    // And each decision on a service: two granted, one declined.
    expect(subjects.filter((subject) => subject === serviceDecisionSubject(application.referenceId, 'granted'))).toHaveLength(2);
    expect(subjects.filter((subject) => subject === serviceDecisionSubject(application.referenceId, 'declined'))).toHaveLength(1);
    // And the listing the team approved.
    expect(subjects).toHaveLength(5 + 3 + 1);
    expect(await auditActions(application.id)).toEqual([
      'application.move',
      'application.move',
      'application.decide-service',
      'application.decide-service',
      'application.decide-service',
      'application.move',
      'application.move',
      'application.move',
    ]);
    const [publishEntry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'application'), eq(auditLog.entityId, String(application.id))))
      .orderBy(asc(auditLog.id))
      .offset(7);
    expect(publishEntry).toMatchObject({
      actorUserId: teamUserId,
      supplierId: applicant.supplierId,
      before: { status: 'listing_validation' },
      after: { status: 'published', supplierStatus: 'approved' },
    });
  });

  it('declines with reasons the supplier reads as a team message in the application thread', async () => {
    const applicant = await createApplicantSupplier(context, 'Ruru Consulting');
    const application = await createTestApplication(context, { supplierId: applicant.supplierId, services: [{ serviceId: dashboards() }] });
    expect((await move(application.id, { status: 'pre_assessment' })).statusCode).toBe(200);

    const declined = await move(application.id, { status: 'declined', reason: '  Your insurance certificates have expired.  ' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json<TeamApplication>()).toMatchObject({ status: 'declined', statusTimestamps: { declined: expect.any(String) as string } });

    const threadList = await context.app.inject({ method: 'GET', url: `/api/v1/application/${application.id}/thread`, headers: applicant.headers });
    expect(threadList.statusCode).toBe(200);
    const [thread, ...rest] = threadList.json<{ threads: Thread[] }>().threads;
    expect(rest).toEqual([]);
    expect(thread).toMatchObject({
      model: 'application',
      recordId: application.id,
      title: `Your application ${application.referenceId} was declined`,
      isResolved: false,
      messages: [{ content: 'Your insurance certificates have expired.', isFromTeam: true, authorName: 'Marketplace Team' }],
    });
    // Another supplier cannot read it.
    expect((await context.app.inject({ method: 'GET', url: `/api/v1/application/${application.id}/thread`, headers: supplier.headers })).statusCode).toBe(404);

    expect(await outboxSubjectsTo(applicant.admin.user.email)).toContain(applicationMoveSubject(application.referenceId, 'declined'));
    const entries = await context.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'application'), eq(auditLog.entityId, String(application.id)), eq(auditLog.action, 'application.move')))
      .orderBy(asc(auditLog.id));
    expect(entries.at(-1)).toMatchObject({
      actorUserId: teamUserId,
      before: { status: 'pre_assessment' },
      after: { status: 'declined', reason: 'Your insurance certificates have expired.', threadId: thread?.id },
    });

    // Declined is final: no move and no decision changes anything.
    const before = await readApplicationRow(application.id);
    for (const status of ['pre_assessment', 'in_progress', 'granted', 'declined', 'published']) {
      const response = await move(application.id, { status, reason: 'Again' });
      expect(response.statusCode).toBe(409);
    }
    expect((await decide(application.id, dashboards(), 'granted')).statusCode).toBe(409);
    expect(await readApplicationRow(application.id)).toEqual(before);
  });

  it('refuses moves outside the allowed transitions with 409, a missing reason with 400, and changes nothing', async () => {
    const { db } = context.database;
    const application = await createTestApplication(context, {
      supplierId: supplier.supplierId,
      services: [{ serviceId: dashboards(), status: 'granted' }],
    });
    const before = await readApplicationRow(application.id);
    const threadsBefore = await db.select({ id: threads.id }).from(threads).where(and(eq(threads.model, 'application'), eq(threads.recordId, application.id)));
    const outboxBefore = (await context.deliverMail()).length;

    const skipped = await move(application.id, { status: 'published' });
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json()).toMatchObject({
      error: 'conflict',
      message: 'The application is at "Submitted" and cannot move to "Service Listing(s) Published". It can move to: "Pre-assessment", "Declined".',
    });
    for (const status of ['in_progress', 'granted', 'listing_validation']) {
      expect((await move(application.id, { status })).statusCode).toBe(409);
    }
    for (const payload of [{ status: 'declined' }, { status: 'declined', reason: '   ' }]) {
      const response = await move(application.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'bad request', details: [{ field: 'body.reason' }] });
    }
    for (const payload of [{ status: 'submitted' }, { status: 'incomplete' }, { status: 'approved' }, { status: 'declined', reason: '' }, { status: 'pre_assessment', extra: 1 }]) {
      expect((await move(application.id, payload)).statusCode).toBe(400);
    }

    expect(await readApplicationRow(application.id)).toEqual(before);
    expect(await auditActions(application.id)).toEqual([]);
    expect(await db.select({ id: threads.id }).from(threads).where(and(eq(threads.model, 'application'), eq(threads.recordId, application.id)))).toEqual(threadsBefore);
    expect((await context.deliverMail()).length).toBe(outboxBefore);
  });

  it('decides requested services only, only while the application is being assessed', async () => {
    const application = await createTestApplication(context, {
      supplierId: supplier.supplierId,
      status: 'in_progress',
      services: [{ serviceId: dashboards() }, { serviceId: forecasting() }],
    });
    const granted = await decide(application.id, dashboards(), 'granted');
    expect(granted.statusCode).toBe(200);
    expect(granted.json<TeamApplication>().servicesWithStatus.find((service) => service.id === dashboards())?.status).toBe('granted');
    // A decline needs the team's reason; a decision can be changed while the team assesses.
    for (const reason of [undefined, '   ']) {
      expectError(await decide(application.id, dashboards(), 'declined', teamHeaders, reason), 400, 'bad request');
    }
    expect((await decide(application.id, dashboards(), 'declined', teamHeaders, 'No evidence of dashboards delivered.')).statusCode).toBe(200);
    const regranted = await decide(application.id, dashboards(), 'granted');
    expect(regranted.statusCode).toBe(200);
    // Granted again, the old reason is gone.
    expect(regranted.json<TeamApplication>().servicesWithStatus.find((service) => service.id === dashboards())?.declineReason).toBeNull();

    const notRequested = await decide(application.id, coaching(), 'granted');
    expect(notRequested.statusCode).toBe(404);
    expect((await decide(application.id, dashboards(), 'requested')).statusCode).toBe(400);
    expect((await decide(application.id, 0, 'granted')).statusCode).toBe(400);

    const { decisions } = await readApplicationRow(application.id);
    expect(decisions).toEqual(
      [
        { serviceId: dashboards(), status: 'granted' },
        { serviceId: forecasting(), status: 'requested' },
      ].sort((a, b) => a.serviceId - b.serviceId),
    );
    const entries = await context.database.db
      .select({ before: auditLog.before, after: auditLog.after, actorUserId: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'application'), eq(auditLog.entityId, String(application.id)), inArray(auditLog.action, ['application.decide-service'])))
      .orderBy(asc(auditLog.id));
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ actorUserId: teamUserId, before: { serviceId: dashboards(), status: 'requested' }, after: { serviceId: dashboards(), status: 'granted' } });

    for (const status of ['granted', 'listing_validation', 'published', 'declined'] as const) {
      const closed = await createTestApplication(context, { supplierId: supplier.supplierId, status, services: [{ serviceId: dashboards() }] });
      const response = await decide(closed.id, dashboards(), 'granted');
      expect(response.statusCode).toBe(409);
      expect((await readApplicationRow(closed.id)).decisions).toEqual([{ serviceId: dashboards(), status: 'requested' }]);
    }
  });
});

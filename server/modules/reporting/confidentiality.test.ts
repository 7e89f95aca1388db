/**
 * Keeping an engagement out of open data (issue 32): the supplier and the agency each mark a sent
 * notice confidential with a reason, or clear their mark, until the agency confirms it; a reason is
 * required and bounded; nobody else can change or see the marks; each change is audited. That the
 * publisher then leaves the notice out is ../open-data/open-data.test.ts's.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyNoticeDetail } from '../../../common/api/agency-engagements';
import type { EngagementNoticeResponse } from '../../../common/api/engagement-notices';
import { CONFIDENTIAL_REASON_MAX_LENGTH } from '../../../common/reporting/confidentiality';
import { agencyBearer, createSignedInUser } from '../../auth/test-support';
import { auditLog } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import type { SupplierWithAdmin } from '../supplier-users/test-support';
import { createNotice, createReportingSupplier, createReportingWorld, type ReportingWorld } from './test-support';

describe('confidential engagements', () => {
  let context: TestContext;
  let world: ReportingWorld;
  let supplier: SupplierWithAdmin;
  let rival: SupplierWithAdmin;
  let buyerHeaders: Record<string, string>;
  let otherAgencyHeaders: Record<string, string>;

  beforeAll(async () => {
    context = await buildTestApp();
    world = await createReportingWorld(context);
    supplier = await createReportingSupplier(context, 'Tōtara Digital', [world.services.design]);
    rival = await createReportingSupplier(context, 'Rival Design', [world.services.design]);
    const buyer = await createSignedInUser(context, { agencies: [{ agencyId: world.agencies.approved, isAdmin: false }] });
    buyerHeaders = agencyBearer(buyer.accessToken, world.agencies.approved);
    const stranger = await createSignedInUser(context, { agencies: [{ agencyId: world.agencies.other, isAdmin: true }] });
    otherAgencyHeaders = agencyBearer(stranger.accessToken, world.agencies.other);
  });
  afterAll(() => context.close());

  const supplierMark = (id: number, payload: Record<string, unknown>, headers = supplier.headers) =>
    context.app.inject({ method: 'POST', url: `/api/v1/engagement-notice/confidentiality/${String(id)}`, headers, payload });
  const agencyMark = (id: number, payload: Record<string, unknown>, headers = buyerHeaders) =>
    context.app.inject({ method: 'POST', url: `/api/v1/agency/engagement-notices/${String(id)}/confidentiality`, headers, payload });
  /** A refusal: its status, and a message that says `words`. */
  const expectRefusal = async (pending: ReturnType<typeof supplierMark>, status: number, words: string) => {
    const response = await pending;
    expect({ status: response.statusCode, message: response.json<{ message: string }>().message }).toEqual({ status, message: expect.stringContaining(words) as string });
  };
  const sentNotice = async () => (await createNotice(context, supplier, world)).engagementNoticeId;

  it('keeps each side’s reason, shows both to both sides, and clears one side’s mark without touching the other’s', async () => {
    const id = await sentNotice();
    const bySupplier = await supplierMark(id, { confidential: true, reason: '  Our day rates are commercially sensitive.  ' });
    expect(bySupplier.statusCode).toBe(200);
    expect(bySupplier.json<EngagementNoticeResponse>().confidentiality).toEqual({
      supplierReason: 'Our day rates are commercially sensitive.',
      agencyReason: null,
      canChange: true,
    });
    const byAgency = await agencyMark(id, { confidential: true, reason: 'A national security project.' });
    expect(byAgency.json<AgencyNoticeDetail>().confidentiality).toEqual({
      supplierReason: 'Our day rates are commercially sensitive.',
      agencyReason: 'A national security project.',
      canChange: true,
    });
    // The supplier lets it be published; the agency's mark stays, and the reason sent with it is dropped.
    const cleared = await supplierMark(id, { confidential: false, reason: 'ignored' });
    expect(cleared.json<EngagementNoticeResponse>().confidentiality).toMatchObject({ supplierReason: null, agencyReason: 'A national security project.' });

    const entries = await context.database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'engagement-notice.confidentiality'), eq(auditLog.entityId, String(id))));
    expect(entries.map((entry) => entry.after)).toEqual([
      { side: 'supplier', confidentialReason: 'Our day rates are commercially sensitive.' },
      { side: 'agency', confidentialReason: 'A national security project.' },
      { side: 'supplier', confidentialReason: null },
    ]);
  });

  it('asks for a reason, within its limit, and keeps what was stored when refused', async () => {
    const id = await sentNotice();
    await supplierMark(id, { confidential: true, reason: 'Kept' });
    await expectRefusal(supplierMark(id, { confidential: true, reason: '   ' }), 400, 'Say why this engagement is confidential');
    await expectRefusal(agencyMark(id, { confidential: true }), 400, 'Say why this engagement is confidential');
    await expectRefusal(agencyMark(id, { confidential: true, reason: 'x'.repeat(CONFIDENTIAL_REASON_MAX_LENGTH + 1) }), 400, 'characters or fewer');
    expect((await supplierMark(id, { confidential: 'yes' })).statusCode).toBe(400);
    expect((await supplierMark(id, { confidential: true, reason: 'ok', extra: 1 })).statusCode).toBe(400);
    const notice = await context.app.inject({ method: 'GET', url: `/api/v1/engagement-notice/${String(id)}`, headers: supplier.headers });
    expect(notice.json<EngagementNoticeResponse>().confidentiality).toMatchObject({ supplierReason: 'Kept', agencyReason: null });
  });

  it('refuses any change once the agency confirmed the engagement, once the supplier withdrew it, or while it is a draft', async () => {
    const confirmed = await sentNotice();
    expect((await context.app.inject({ method: 'POST', url: `/api/v1/agency/engagement-notices/${String(confirmed)}/confirm`, headers: buyerHeaders })).statusCode).toBe(200);
    await expectRefusal(supplierMark(confirmed, { confidential: true, reason: 'Too late' }), 409, 'already published');
    await expectRefusal(agencyMark(confirmed, { confidential: true, reason: 'Too late' }), 409, 'already published');
    const after = await context.app.inject({ method: 'GET', url: `/api/v1/engagement-notice/${String(confirmed)}`, headers: supplier.headers });
    expect(after.json<EngagementNoticeResponse>().confidentiality).toEqual({ supplierReason: null, agencyReason: null, canChange: false });

    const withdrawn = await sentNotice();
    const withdrawal = await context.app.inject({
      method: 'POST',
      url: `/api/v1/engagement-notice/withdraw/${String(withdrawn)}`,
      headers: supplier.headers,
      payload: { withdrawnReason: 'duplicate' },
    });
    expect(withdrawal.statusCode).toBe(200);
    await expectRefusal(supplierMark(withdrawn, { confidential: true, reason: 'Too late' }), 409, 'withdrawn');

    const draft = (await createNotice(context, supplier, world, { status: 'draft' })).engagementNoticeId;
    await expectRefusal(supplierMark(draft, { confidential: true, reason: 'Too early' }), 409, 'still a draft');
  });

  it('lets nobody else mark a notice: another supplier, another agency, or no session', async () => {
    const id = await sentNotice();
    expect((await supplierMark(id, { confidential: true, reason: 'Not mine' }, rival.headers)).statusCode).toBe(404);
    expect((await agencyMark(id, { confidential: true, reason: 'Not ours' }, otherAgencyHeaders)).statusCode).toBe(404);
    expect((await supplierMark(id, { confidential: true, reason: 'Anyone' }, {})).statusCode).toBe(401);
    expect((await agencyMark(id, { confidential: true, reason: 'Anyone' }, {})).statusCode).toBe(401);
    // A supplier's session has no agency for the agency's route, nor an agency person's a supplier for the supplier's.
    expect((await agencyMark(id, { confidential: true, reason: 'Wrong side' }, supplier.headers)).statusCode).toBe(400);
    expect((await supplierMark(id, { confidential: true, reason: 'Wrong side' }, buyerHeaders)).statusCode).toBe(400);
    const notice = await context.app.inject({ method: 'GET', url: `/api/v1/engagement-notice/${String(id)}`, headers: supplier.headers });
    expect(notice.json<EngagementNoticeResponse>().confidentiality).toMatchObject({ supplierReason: null, agencyReason: null });
  });
});

/**
 * Factories for the engagement notice and billing report tests: a catalogue, approved agencies, a
 * supplier approved for some services with a signed-in admin, the answers of a complete notice and
 * report, and saves through the API. Only tests import this file.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { SaveBillingReportResponse } from '../../../common/api/billing-reports';
import type { SaveEngagementNoticeResponse } from '../../../common/api/engagement-notices';
import { agencyApplications, supplierServices } from '../../db/schema/index';
import type { TestContext } from '../../test/harness';
import { createChannel } from '../directory/test-support';
import { createSupplierWithAdmin, type SupplierWithAdmin } from '../supplier-users/test-support';

export interface ReportingWorld {
  /** Services by name: `design` and `research` (one catalogue), `hosting` (another). */
  services: { design: number; research: number; hosting: number };
  agencies: { approved: number; other: number; submitted: number };
}

async function insertAgency(context: TestContext, name: string, status: 'approved' | 'submitted'): Promise<number> {
  const [row] = await context.database.db
    .insert(agencyApplications)
    .values({
      resumeTokenHash: createHash('sha256').update(randomBytes(16)).digest('base64url'),
      formVersion: 1,
      status,
      agencyName: name,
      contactEmail: 'procurement@agency.govt.example',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: agencyApplications.id });
  if (!row) {
    throw new Error('agency insert returned nothing');
  }
  return row.id;
}

/** The catalogue and agencies every test of a file shares. */
export async function createReportingWorld(context: TestContext): Promise<ReportingWorld> {
  const channel = await createChannel(context.database.db, {
    title: 'Reporting Channel',
    catalogues: [
      { title: 'Design Catalogue', services: [{ title: 'Service design' }, { title: 'User research' }] },
      { title: 'Cloud Catalogue', services: [{ title: 'Hosting' }] },
    ],
  });
  const [design, research] = channel.catalogues[0]?.services.map((service) => service.id) ?? [];
  const hosting = channel.catalogues[1]?.services[0]?.id;
  if (design === undefined || research === undefined || hosting === undefined) {
    throw new Error('services missing');
  }
  return {
    services: { design, research, hosting },
    agencies: {
      approved: await insertAgency(context, 'Ministry of Testing', 'approved'),
      other: await insertAgency(context, 'Aardvark District Council', 'approved'),
      submitted: await insertAgency(context, 'Unapproved Agency', 'submitted'),
    },
  };
}

/** A supplier approved (listed) for the given services, with a signed-in admin. */
export async function createReportingSupplier(context: TestContext, tradingName: string, serviceIds: readonly number[]): Promise<SupplierWithAdmin> {
  const supplier = await createSupplierWithAdmin(context, tradingName);
  if (serviceIds.length > 0) {
    await context.database.db
      .insert(supplierServices)
      .values(serviceIds.map((serviceId) => ({ supplierId: supplier.supplierId, serviceId, publishedAt: new Date() })));
  }
  return supplier;
}

/** Every answer of a notice, by step. */
export function noticeAnswers(world: ReportingWorld, overrides: { engagement?: Record<string, unknown>; dates?: Record<string, unknown> } = {}) {
  return {
    engagement: { agency: world.agencies.approved, title: 'Website rebuild', reference: 'PO-2026-0042', services: [world.services.design], ...overrides.engagement },
    'dates-and-value': { start_date: '2026-01-05', end_date: '2026-12-18', value: 12_000_000, description: 'Discovery to live.', ...overrides.dates },
  };
}

export interface SaveOptions {
  id?: number;
  lastEdited?: string;
  status?: 'draft' | 'submitted';
  progress?: number;
  supplierID?: number;
  version?: number;
}

export function saveNotice(context: TestContext, supplier: SupplierWithAdmin, answers: Record<string, unknown>, options: SaveOptions = {}): Promise<LightMyRequestResponse> {
  return context.app.inject({
    method: 'POST',
    url: '/api/v1/engagement-notice/save',
    headers: supplier.headers,
    payload: {
      ...(options.id === undefined ? {} : { id: options.id, lastEdited: options.lastEdited }),
      form: { key: 'engagement-notice', version: options.version ?? 1 },
      progress: options.progress ?? 2,
      engagementNotice: answers,
      supplierID: options.supplierID ?? supplier.supplierId,
      status: options.status ?? 'submitted',
    },
  });
}

/** A notice saved through the API (submitted unless told); fails the test on any other answer. */
export async function createNotice(
  context: TestContext,
  supplier: SupplierWithAdmin,
  world: ReportingWorld,
  options: SaveOptions & { overrides?: Parameters<typeof noticeAnswers>[1] } = {},
): Promise<SaveEngagementNoticeResponse> {
  const response = await saveNotice(context, supplier, noticeAnswers(world, options.overrides), options);
  if (response.statusCode !== 200) {
    throw new Error(`saving a notice answered ${String(response.statusCode)}: ${response.body}`);
  }
  return response.json<SaveEngagementNoticeResponse>();
}

export function reportAnswers(noticeId: number, period: string, lines: unknown[]) {
  return { engagement: { engagement_notice: noticeId, billing_period: period }, amounts: { lines } };
}

export function saveReport(context: TestContext, supplier: SupplierWithAdmin, answers: Record<string, unknown>, options: SaveOptions = {}): Promise<LightMyRequestResponse> {
  return context.app.inject({
    method: 'POST',
    url: '/api/v1/billing-report/save',
    headers: supplier.headers,
    payload: {
      ...(options.id === undefined ? {} : { id: options.id, lastEdited: options.lastEdited }),
      form: { key: 'billing-report', version: options.version ?? 1 },
      progress: options.progress ?? 2,
      billingReport: answers,
      supplierID: options.supplierID ?? supplier.supplierId,
      status: options.status ?? 'submitted',
    },
  });
}

export async function createReport(
  context: TestContext,
  supplier: SupplierWithAdmin,
  answers: Record<string, unknown>,
  options: SaveOptions = {},
): Promise<SaveBillingReportResponse> {
  const response = await saveReport(context, supplier, answers, options);
  if (response.statusCode !== 200) {
    throw new Error(`saving a report answered ${String(response.statusCode)}: ${response.body}`);
  }
  return response.json<SaveBillingReportResponse>();
}

/**
 * Service listings, the supplier's side (issue 30): the services it may list, its listing of each,
 * saving the working copy and sending it for review. A supplier may list a service its application
 * was granted once that application reached Granted (spec §4 stage 4) or later, and a service it
 * already lists in the directory. When the last listing an application at Granted asks for is
 * sent, the application moves to Service Listing Validation (stage 5), with its timestamp.
 * Every statement on `service_listings` is limited to the supplier (`ownedBy`).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FormDefinitionResponse } from '../../../common/api/forms';
import {
  LISTING_CHANGED_SINCE,
  LISTING_NOT_EDITABLE,
  LISTING_NOT_FOUND,
  LISTING_NOT_SENDABLE,
  type SaveServiceListingRequest,
  type SaveServiceListingResponse,
  type SendServiceListingRequest,
  type SendServiceListingResponse,
  type ServiceListingListResponse,
  type ServiceListingResponse,
} from '../../../common/api/service-listings';
import type { ApplicationStatus } from '../../../common/application-stages';
import type { FieldError, FormStep } from '../../../common/forms/definition';
import { uploadAnswers } from '../../../common/forms/uploads';
import {
  isListingEditable,
  isListingSendable,
  LISTING_FIELDS,
  LISTING_STEPS,
  priceRangeProblem,
  SERVICE_LISTING_FORM_KEY,
  type ServiceListingStatus,
} from '../../../common/listings/service-listings';
import { isRecord } from '../../../common/is-record';
import type { AuditLog } from '../../audit';
import type { SupplierActor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { nextLastEdited } from '../../db/last-edited';
import { applicationServices, applications, catalogues, serviceListings, services, supplierServices } from '../../db/schema/index';
import { ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import { formResponse, newRecordForm, type AnswersByStep } from '../forms/record-forms';
import { answersRefused, checkAnswersByStep } from '../forms/validate';
import { findStoredFormDefinition } from '../forms/registry';
import { supplierFileNames } from '../uploads/service';

/** The application stages at which its granted services may be listed (spec §4 stages 4–6). */
const LISTABLE_STAGES = ['granted', 'listing_validation', 'published'] as const satisfies readonly ApplicationStatus[];

type ListingRow = typeof serviceListings.$inferSelect;

export interface ListableService {
  id: number;
  slug: string;
  title: string;
  catalogueTitle: string;
  /** The application at a listable stage that granted it, the latest one; null for a service listed before listings had forms. */
  applicationId: number | null;
}

/** The services the supplier may list, by catalogue and title; one service when `serviceId` is given. */
async function listableServices(db: Database, supplierId: number, serviceId?: number): Promise<ListableService[]> {
  const oneService = serviceId === undefined ? undefined : eq(applicationServices.serviceId, serviceId);
  const granted = await db
    .select({ serviceId: applicationServices.serviceId, applicationId: applications.id })
    .from(applicationServices)
    .innerJoin(applications, eq(applications.id, applicationServices.applicationId))
    .where(
      and(
        ownedBy(applications, supplierId),
        eq(applicationServices.status, 'granted'),
        inArray(applications.status, [...LISTABLE_STAGES]),
        oneService,
      ),
    )
    .orderBy(asc(applications.id));
  const listed = await db
    .select({ serviceId: supplierServices.serviceId })
    .from(supplierServices)
    .where(and(ownedBy(supplierServices, supplierId), serviceId === undefined ? undefined : eq(supplierServices.serviceId, serviceId)));
  // The latest granting application wins (rows come oldest first).
  const applicationOf = new Map<number, number | null>(listed.map((row) => [row.serviceId, null]));
  for (const row of granted) {
    applicationOf.set(row.serviceId, row.applicationId);
  }
  if (applicationOf.size === 0) {
    return [];
  }
  const rows = await db
    .select({ id: services.id, slug: services.slug, title: services.title, catalogueTitle: catalogues.title })
    .from(services)
    .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
    .where(inArray(services.id, [...applicationOf.keys()]))
    .orderBy(asc(catalogues.title), asc(services.title), asc(services.id));
  return rows.map((row) => ({ ...row, applicationId: applicationOf.get(row.id) ?? null }));
}

export async function findListableService(db: Database, supplierId: number, serviceId: number): Promise<ListableService> {
  const [service] = await listableServices(db, supplierId, serviceId);
  if (!service) {
    throw new AppError(ErrorCode.NotFound, LISTING_NOT_FOUND);
  }
  return service;
}

export async function findListing(db: Database, supplierId: number, serviceId: number, options: { lock?: boolean } = {}): Promise<ListingRow | null> {
  const query = db
    .select()
    .from(serviceListings)
    .where(and(ownedBy(serviceListings, supplierId), eq(serviceListings.serviceId, serviceId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The service as the listing payloads name it. */
function serviceOf(service: ListableService): ServiceListingResponse['service'] {
  return { id: service.id, slug: service.slug, title: service.title, catalogueTitle: service.catalogueTitle };
}

/** GET /listing: every service the supplier may list, with its listing where it has one. */
export async function listSupplierListings(db: Database, supplierId: number): Promise<ServiceListingListResponse> {
  const listable = await listableServices(db, supplierId);
  const rows =
    listable.length === 0
      ? []
      : await db
          .select()
          .from(serviceListings)
          .where(and(ownedBy(serviceListings, supplierId), inArray(serviceListings.serviceId, listable.map((service) => service.id))));
  const byService = new Map(rows.map((row) => [row.serviceId, row]));
  return {
    listings: listable.map((service) => {
      const row = byService.get(service.id);
      return {
        service: serviceOf(service),
        listing: row
          ? { id: row.id, status: row.status, isLive: row.publishedVersion !== null, lastEdited: row.lastEdited.toISOString() }
          : null,
      };
    }),
  };
}

function fileAnswers(steps: readonly FormStep[], data: AnswersByStep): { path: string[]; fileId: string }[] {
  return steps.flatMap((step) => uploadAnswers(step, data[step.id]).map((file) => ({ ...file, path: [step.id, ...file.path] })));
}

/** The form a listing is written on: its own version, or the newest for a listing not started. */
export async function listingForm(db: Database, row: ListingRow | null): Promise<FormDefinitionResponse> {
  return row ? (await formResponse(db, SERVICE_LISTING_FORM_KEY, row.formVersion)).response : newRecordForm(db, SERVICE_LISTING_FORM_KEY);
}

/** GET /listing/{serviceId}: the listing of one service the supplier may list (404 for any other). */
export async function getSupplierListing(db: Database, supplierId: number, serviceId: number): Promise<ServiceListingResponse> {
  const service = await findListableService(db, supplierId, serviceId);
  const row = await findListing(db, supplierId, serviceId);
  const form = await listingForm(db, row);
  const data = (row?.data ?? {}) as AnswersByStep;
  const status: ServiceListingStatus = row?.status ?? 'draft';
  return {
    id: row?.id ?? null,
    service: serviceOf(service),
    form,
    data,
    status,
    isLive: row !== null && row.publishedVersion !== null,
    isEditable: isListingEditable(status),
    isSendable: row !== null && isListingSendable(status),
    changesRequested: row?.changesRequested ?? null,
    lastEdited: row?.lastEdited.toISOString() ?? null,
    files: await supplierFileNames(db, supplierId, fileAnswers(form.steps, data).map((file) => file.fileId)),
  };
}

/** Problems the form's schema cannot say: the price range's order, and file answers that are not the supplier's. */
export async function checkListingRules(db: Database, supplierId: number, steps: readonly FormStep[], data: AnswersByStep): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const pricing = data[LISTING_STEPS.pricing];
  if (isRecord(pricing)) {
    const problem = priceRangeProblem(pricing[LISTING_FIELDS.priceFrom], pricing[LISTING_FIELDS.priceTo]);
    if (problem !== null) {
      errors.push({ path: [LISTING_STEPS.pricing, LISTING_FIELDS.priceTo], message: problem });
    }
  }
  const files = fileAnswers(steps, data);
  const owned = await supplierFileNames(db, supplierId, files.map((file) => file.fileId));
  for (const file of files) {
    if (!(file.fileId in owned)) {
      errors.push({ path: file.path, message: 'The file was not found: upload it again' });
    }
  }
  return errors;
}

/** What the audit log keeps of a listing: its status and which version is live (the answers stay in the row and its versions). */
function auditState(row: Pick<ListingRow, 'serviceId' | 'status' | 'publishedVersion'>): Record<string, unknown> {
  return { serviceId: row.serviceId, status: row.status, publishedVersion: row.publishedVersion };
}

/**
 * PUT /listing/{serviceId}: saves the working copy, checked for what it holds. A listing not
 * started begins on the form version sent; a saved one keeps its own (409 for another) and must be
 * unchanged since it was loaded (`lastEdited`, 409) and editable (409 while the team reviews it).
 * Changing a published listing starts a change: the live version stays public until the team
 * approves the change. Nothing is stored on a 4xx.
 */
export async function saveSupplierListing(
  deps: { db: Database; audit: AuditLog },
  actor: SupplierActor,
  serviceId: number,
  request: SaveServiceListingRequest,
): Promise<SaveServiceListingResponse> {
  const { db, audit } = deps;
  if (request.form.key !== SERVICE_LISTING_FORM_KEY) {
    throw new AppError(ErrorCode.BadRequest, 'A listing is written on the service listing form.', [
      { field: 'form.key', message: `Must be ${SERVICE_LISTING_FORM_KEY}` },
    ]);
  }
  const definition = await findStoredFormDefinition(db, SERVICE_LISTING_FORM_KEY, request.form.version);
  if (!definition) {
    throw new AppError(ErrorCode.BadRequest, 'No such version of the listing form. Reload the page.', [
      { field: 'form.version', message: 'No such version of the listing form' },
    ]);
  }
  const service = await findListableService(db, actor.supplierId, serviceId);
  return db.transaction(async (tx) => {
    const existing = await findListing(tx, actor.supplierId, serviceId, { lock: true });
    if (existing) {
      if (!isListingEditable(existing.status)) {
        throw new AppError(ErrorCode.Conflict, LISTING_NOT_EDITABLE);
      }
      if (existing.lastEdited.toISOString() !== request.lastEdited) {
        throw new AppError(ErrorCode.Conflict, LISTING_CHANGED_SINCE);
      }
      if (existing.formVersion !== definition.version) {
        throw new AppError(ErrorCode.Conflict, 'This listing was started on another version of the form. Reload the page.');
      }
    }
    const { data, errors } = checkAnswersByStep(definition.steps, request.data, false);
    errors.push(...(await checkListingRules(tx, actor.supplierId, definition.steps, data)));
    if (errors.length > 0) {
      throw answersRefused(errors, 'listing');
    }
    const now = nextLastEdited(existing?.lastEdited);
    // A published listing's change, or a listing sent back, stays what it was until it is sent.
    const status: ServiceListingStatus = existing?.status === 'changes_requested' ? 'changes_requested' : 'draft';
    const values = { data, status, lastEdited: now, lastEditedByUserId: actor.userId } as const;
    const [saved] = existing
      ? await tx
          .update(serviceListings)
          .set(values)
          .where(and(eq(serviceListings.id, existing.id), ownedBy(serviceListings, actor.supplierId)))
          .returning()
      : await tx
          .insert(serviceListings)
          .values({ ...values, supplierId: actor.supplierId, serviceId, applicationId: service.applicationId, formVersion: definition.version })
          .returning();
    if (!saved) {
      throw new AppError(ErrorCode.NotFound, LISTING_NOT_FOUND);
    }
    await audit.record(
      {
        actorUserId: actor.userId,
        action: existing ? 'listing.save' : 'listing.create',
        entity: 'listing',
        entityId: saved.id,
        supplierId: actor.supplierId,
        before: existing ? auditState(existing) : null,
        after: auditState(saved),
        requestId: actor.requestId,
      },
      tx,
    );
    return {
      id: saved.id,
      status: saved.status,
      lastEdited: saved.lastEdited.toISOString(),
      files: await supplierFileNames(tx, actor.supplierId, fileAnswers(definition.steps, data).map((file) => file.fileId)),
    };
  });
}

/**
 * Moves the application to Service Listing Validation when it is at Granted and every service it
 * granted has a listing sent or approved; returns its reference when it moved.
 */
async function moveApplicationWhenListingsSent(tx: Database, actor: SupplierActor, applicationId: number | null, audit: AuditLog, at: Date): Promise<string | null> {
  if (applicationId === null) {
    return null;
  }
  const [application] = await tx
    .select()
    .from(applications)
    .where(and(eq(applications.id, applicationId), ownedBy(applications, actor.supplierId)))
    .for('update');
  if (application?.status !== 'granted') {
    return null;
  }
  const granted = await tx
    .select({ serviceId: applicationServices.serviceId })
    .from(applicationServices)
    .where(and(eq(applicationServices.applicationId, applicationId), eq(applicationServices.status, 'granted')));
  const listings = await tx
    .select({ serviceId: serviceListings.serviceId, status: serviceListings.status })
    .from(serviceListings)
    .where(and(ownedBy(serviceListings, actor.supplierId), inArray(serviceListings.serviceId, granted.map((row) => row.serviceId))));
  const sent = new Set(listings.filter((row) => row.status === 'in_review' || row.status === 'approved').map((row) => row.serviceId));
  if (!granted.every((row) => sent.has(row.serviceId))) {
    return null;
  }
  const statusTimestamps = { ...application.statusTimestamps, listing_validation: at.toISOString() };
  await tx
    .update(applications)
    .set({ status: 'listing_validation', statusTimestamps, lastEdited: nextLastEdited(application.lastEdited) })
    .where(and(eq(applications.id, applicationId), ownedBy(applications, actor.supplierId)));
  await audit.record(
    {
      actorUserId: actor.userId,
      action: 'application.move',
      entity: 'application',
      entityId: applicationId,
      supplierId: actor.supplierId,
      before: { status: 'granted' },
      after: { status: 'listing_validation', reason: 'Every listing was sent for review' },
      requestId: actor.requestId,
    },
    tx,
  );
  return application.referenceId;
}

/**
 * POST /listing/{serviceId}/send: the saved working copy, checked in full against its form, goes to
 * the team for review (409 when there is nothing new to send, or someone saved since).
 */
export async function sendSupplierListing(
  deps: { db: Database; audit: AuditLog },
  actor: SupplierActor,
  serviceId: number,
  request: SendServiceListingRequest,
): Promise<SendServiceListingResponse> {
  const { db, audit } = deps;
  await findListableService(db, actor.supplierId, serviceId);
  return db.transaction(async (tx) => {
    const existing = await findListing(tx, actor.supplierId, serviceId, { lock: true });
    if (!existing) {
      throw new AppError(ErrorCode.Conflict, 'Save the listing before you send it for review.');
    }
    if (existing.lastEdited.toISOString() !== request.lastEdited) {
      throw new AppError(ErrorCode.Conflict, LISTING_CHANGED_SINCE);
    }
    if (!isListingSendable(existing.status)) {
      throw new AppError(ErrorCode.Conflict, existing.status === 'in_review' || existing.status === 'approved' ? LISTING_NOT_EDITABLE : LISTING_NOT_SENDABLE);
    }
    const { definition } = await formResponse(tx, SERVICE_LISTING_FORM_KEY, existing.formVersion);
    const { errors } = checkAnswersByStep(definition.steps, existing.data as AnswersByStep, true);
    errors.push(...(await checkListingRules(tx, actor.supplierId, definition.steps, existing.data as AnswersByStep)));
    if (errors.length > 0) {
      throw answersRefused(errors, 'listing');
    }
    const now = nextLastEdited(existing.lastEdited);
    const [saved] = await tx
      .update(serviceListings)
      .set({ status: 'in_review', changesRequested: null, submittedAt: now, lastEdited: now, lastEditedByUserId: actor.userId })
      .where(and(eq(serviceListings.id, existing.id), ownedBy(serviceListings, actor.supplierId)))
      .returning();
    if (!saved) {
      throw new AppError(ErrorCode.NotFound, LISTING_NOT_FOUND);
    }
    await audit.record(
      {
        actorUserId: actor.userId,
        action: 'listing.send',
        entity: 'listing',
        entityId: saved.id,
        supplierId: actor.supplierId,
        before: auditState(existing),
        after: auditState(saved),
        requestId: actor.requestId,
      },
      tx,
    );
    const moved = await moveApplicationWhenListingsSent(tx, actor, existing.applicationId, audit, now);
    return { status: saved.status, lastEdited: saved.lastEdited.toISOString(), applicationMovedToValidation: moved };
  });
}

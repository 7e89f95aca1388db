/**
 * Applications for services (spec §3 "Supplier application", §4, §7): the form composed for a set
 * of services, and a supplier's applications: list, read, save (a draft, checked for what it
 * holds), submit (checked in full, then locked), delete (while incomplete). Every rule of the
 * supplier's side lives here; the team's workflow is in workflow.ts and team-routes.ts beside it.
 */
import { referenceIdWith } from '../../../common/reference-ids';
import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import {
  APPLICATION_CHANGED_MESSAGE,
  APPLICATION_LOCKED_MESSAGE,
  APPLICATION_NOT_FOUND,
  type ApplicationData,
  type ApplicationListQuery,
  type ApplicationListResponse,
  type ApplicationResponse,
  type HeldServicesResponse,
  type SaveApplicationRequest,
  type SaveApplicationResponse,
  type ServiceListResponse,
  type ServiceWithStatus,
  SUPPLIER_APPLICATIONS_PAGE_SIZE,
} from '../../../common/api/applications';
import type { NoticeService } from '../../../common/api/engagement-notices';
import type { FormDefinitionResponse } from '../../../common/api/forms';
import { serviceOptionLabel } from '../../../common/reporting/engagement-notices';
import { UUID_PATTERN } from '../../../common/api/uploads';
import { INCOMPLETE, isApplicationEditable, type ApplicationStatus } from '../../../common/application-stages';
import { dateFieldErrors } from '../../../common/forms/date-answer';
import type { FieldError, FormData, FormStep } from '../../../common/forms/definition';
import { answersAskedBy } from '../../../common/supplier-details/insurance';
import { uploadAnswers } from '../../../common/forms/uploads';
import { isRecord } from '../../../common/is-record';
import type { AuditLog } from '../../audit';
import type { SupplierActor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { nextLastEdited } from '../../db/last-edited';
import { isLiveService } from '../../db/live-catalogue';
import { APPLICATION_FORM_KEY, CATALOGUE_FORM_KEY } from '../../db/content/application-forms';
import { applicationServices, applications, catalogues, channels, services, supplierServices } from '../../db/schema/index';
import { ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import { catalogueFormDefinition } from '../forms/catalogue-forms';
import { findLatestFormDefinition, findStoredFormDefinition } from '../forms/registry';
import { answersRefused, draftStep, validateStep } from '../forms/validate';
import { validatorsPath } from '../forms/validators';
import { supplierFileNames } from '../uploads/service';

type ApplicationRow = typeof applications.$inferSelect;
type FormVersion = ApplicationRow['formVersions'][number];

/** A service with what the form and the answers need of it. */
interface ServiceInfo {
  id: number;
  title: string;
  catalogue: { id: number; title: string };
}

/** A chosen service, and whether a new choice of it is still possible (false once the team retired it). */
interface ChosenService extends ServiceInfo {
  isLive: boolean;
}

const uuid = new RegExp(UUID_PATTERN);

function notFound(): AppError {
  return new AppError(ErrorCode.NotFound, APPLICATION_NOT_FOUND);
}

function badRequest(errors: FieldError[]): AppError {
  return answersRefused(errors, 'application');
}

/** Services in form order: by channel, then catalogue (site order), then title. */
const serviceOrder = [asc(channels.position), asc(channels.id), asc(catalogues.position), asc(catalogues.id), asc(services.title), asc(services.id)];

/**
 * The services with those ids, retired or not (an old application keeps naming the services it
 * asked for), in form order; 400 naming the ids that are not services.
 */
async function findServices(db: Database, serviceIds: readonly number[]): Promise<ChosenService[]> {
  const ids = [...new Set(serviceIds)];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: services.id,
            title: services.title,
            catalogueId: catalogues.id,
            catalogueTitle: catalogues.title,
            isLive: sql<boolean>`${isLiveService(services.id)}`.mapWith(Boolean),
          })
          .from(services)
          .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
          .innerJoin(channels, eq(channels.id, catalogues.channelId))
          .where(inArray(services.id, ids))
          .orderBy(...serviceOrder);
  const unknown = ids.filter((id) => !rows.some((row) => row.id === id));
  if (unknown.length > 0) {
    const message = `No such service${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}.`;
    throw new AppError(ErrorCode.BadRequest, message, [{ field: 'services', message }]);
  }
  return rows.map((row) => ({ id: row.id, title: row.title, catalogue: { id: row.catalogueId, title: row.catalogueTitle }, isLive: row.isLive }));
}

/**
 * 400 when a new choice names a retired service: one the application did not already ask for
 * (`keptIds`, the services of the application being saved, which it may keep as history).
 */
function refuseRetiredServices(chosen: readonly ChosenService[], keptIds: ReadonlySet<number> = new Set()): void {
  const retired = chosen.filter((service) => !service.isLive && !keptIds.has(service.id));
  if (retired.length > 0) {
    const message = `${retired.map((service) => service.title).join(', ')} ${retired.length === 1 ? 'is' : 'are'} no longer offered: choose another service.`;
    throw new AppError(ErrorCode.BadRequest, message, [{ field: 'services', message }]);
  }
}

/** GET /service: every live service a supplier may apply for, by title. */
export async function listServices(db: Database): Promise<ServiceListResponse> {
  const rows = await db
    .select({ id: services.id, title: services.title, catalogueId: catalogues.id, catalogueTitle: catalogues.title })
    .from(services)
    .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
    .where(isLiveService(services.id))
    .orderBy(asc(services.title), asc(services.id));
  return rows.map((row) => ({ id: row.id, title: row.title, catalogue: { id: row.catalogueId, title: row.catalogueTitle } }));
}

/**
 * GET /service?approved=true: the services the supplier is approved for (granted in an application
 * or listed; `findHeldServices`), by title, each labelled 'title - (catalogue: title)' (spec §3
 * "Engagement notice"): what a new engagement notice may name, so live services only (a notice
 * already naming a retired one keeps it).
 */
export async function listApprovedServices(db: Database, supplierId: number): Promise<NoticeService[]> {
  const granted = (await findHeldServices(db, supplierId)).filter((held) => held.status === 'granted').map((held) => held.id);
  if (granted.length === 0) {
    return [];
  }
  const rows = await db
    .select({ id: services.id, title: services.title, catalogueId: catalogues.id, catalogueTitle: catalogues.title })
    .from(services)
    .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
    .where(and(inArray(services.id, granted), isLiveService(services.id)))
    .orderBy(asc(services.title), asc(services.id));
  return rows.map((row) => {
    const service = { id: row.id, title: row.title, catalogue: { id: row.catalogueId, title: row.catalogueTitle } };
    return { ...service, label: serviceOptionLabel(service) };
  });
}

/**
 * GET /service/held: the services the supplier cannot apply for again, by id: `granted` (granted in
 * an application not declined, or listed), or `pending` (requested in a submitted application the
 * team has not decided). Drafts request nothing yet; `exceptApplicationId` leaves out the
 * application being saved.
 */
export async function findHeldServices(db: Database, supplierId: number, exceptApplicationId?: number): Promise<HeldServicesResponse> {
  const requested = await db
    .select({ id: applicationServices.serviceId, status: applicationServices.status })
    .from(applicationServices)
    .innerJoin(applications, eq(applications.id, applicationServices.applicationId))
    .where(
      and(
        ownedBy(applications, supplierId),
        notInArray(applications.status, [INCOMPLETE, 'declined']),
        inArray(applicationServices.status, ['requested', 'granted']),
        exceptApplicationId === undefined ? undefined : ne(applications.id, exceptApplicationId),
      ),
    );
  const listed = await db.select({ id: supplierServices.serviceId }).from(supplierServices).where(ownedBy(supplierServices, supplierId));
  const held = new Map<number, HeldServicesResponse[number]['status']>();
  for (const row of requested) {
    if (held.get(row.id) !== 'granted') {
      held.set(row.id, row.status === 'granted' ? 'granted' : 'pending');
    }
  }
  for (const row of listed) {
    held.set(row.id, 'granted');
  }
  return [...held].sort(([a], [b]) => a - b).map(([id, status]) => ({ id, status }));
}

/** 400 when the application asks for a service the supplier already holds or awaits. */
async function refuseHeldServices(db: Database, supplierId: number, chosen: readonly ServiceInfo[], exceptApplicationId?: number): Promise<void> {
  if (chosen.length === 0) {
    return;
  }
  const held = await findHeldServices(db, supplierId, exceptApplicationId);
  const reasons = chosen.flatMap((service) => {
    const status = held.find((candidate) => candidate.id === service.id)?.status;
    if (status === undefined) {
      return [];
    }
    return [status === 'granted' ? `${service.title} is already approved for your business` : `${service.title} is in an application being assessed`];
  });
  if (reasons.length > 0) {
    const message = `You cannot apply again for a service you hold or have applied for: ${reasons.join('; ')}. Remove it from this application.`;
    throw new AppError(ErrorCode.BadRequest, message, [{ field: 'services', message }]);
  }
}

interface ComposedForm {
  response: FormDefinitionResponse;
  steps: FormStep[];
}

/**
 * The application form for those services: the `application` form's steps, then one step per
 * catalogue of the services (in site order) built from the `catalogue` template. Each step names
 * its own definition's validators module.
 */
async function composeForm(db: Database, versions: readonly FormVersion[], chosen: readonly ServiceInfo[]): Promise<ComposedForm> {
  const versionOf = (key: string): number => {
    const version = versions.find((candidate) => candidate.key === key)?.version;
    if (version === undefined) {
      throw new Error(`An application records no version of the ${key} form`);
    }
    return version;
  };
  const common = await findStoredFormDefinition(db, APPLICATION_FORM_KEY, versionOf(APPLICATION_FORM_KEY));
  const template = await findStoredFormDefinition(db, CATALOGUE_FORM_KEY, versionOf(CATALOGUE_FORM_KEY));
  if (!common || !template) {
    throw new Error('The application form versions an application was started on are not stored');
  }
  const commonValidators = validatorsPath(common);
  const steps: (FormStep & { validators: string })[] = common.steps.map((step) => ({ ...step, validators: commonValidators }));
  const seen = new Set<number>();
  for (const { catalogue } of chosen) {
    if (seen.has(catalogue.id)) {
      continue;
    }
    seen.add(catalogue.id);
    const definition = catalogueFormDefinition(template, catalogue);
    const validators = validatorsPath(definition);
    steps.push(...definition.steps.map((step) => ({ ...step, validators })));
  }
  return { response: { key: common.key, version: common.version, steps, validators: commonValidators }, steps };
}

/** The versions a new application starts on: the newest stored ones, or the application form version asked for. */
async function currentVersions(db: Database, applicationVersion?: number): Promise<FormVersion[]> {
  const common =
    applicationVersion === undefined
      ? await findLatestFormDefinition(db, APPLICATION_FORM_KEY)
      : await findStoredFormDefinition(db, APPLICATION_FORM_KEY, applicationVersion);
  if (!common) {
    throw new AppError(ErrorCode.BadRequest, 'No such version of the application form. Reload the page.', [
      { field: 'form.version', message: 'No such version of the application form' },
    ]);
  }
  const template = await findLatestFormDefinition(db, CATALOGUE_FORM_KEY);
  if (!template) {
    throw new Error('The catalogue form template is not stored: ensureFormDefinitions has not run');
  }
  return [
    { key: APPLICATION_FORM_KEY, version: common.version },
    { key: CATALOGUE_FORM_KEY, version: template.version },
  ];
}

/** GET /supplier-form?services=…: the form a new application for those (live) services is made on. */
export async function getSupplierForm(db: Database, serviceIds: readonly number[]): Promise<FormDefinitionResponse> {
  const chosen = await findServices(db, serviceIds);
  refuseRetiredServices(chosen);
  return (await composeForm(db, await currentVersions(db), chosen)).response;
}

function stepFiles(steps: readonly FormStep[], answers: ApplicationData['answers']): { path: string[]; fileId: string }[] {
  return steps.flatMap((step) =>
    uploadAnswers(step, answers[step.id]).map((file) => ({ ...file, path: [step.id, ...file.path] })),
  );
}

/** The API's `isLocked` (spec §7), derived from the status alone: the one place the server answers it. */
function isLockedApplication(status: ApplicationStatus): boolean {
  return !isApplicationEditable(status);
}

/**
 * The answers as kept (normalised, only the fields each step shows) and every problem with them.
 * A draft is checked for what it holds; a submission in full, with the terms and a service.
 */
async function checkApplication(
  db: Database,
  supplierId: number,
  steps: readonly FormStep[],
  application: ApplicationData,
  isSubmission: boolean,
): Promise<{ data: ApplicationData; errors: FieldError[] }> {
  const errors: FieldError[] = Object.keys(application.answers)
    .filter((stepId) => !steps.some((step) => step.id === stepId))
    .map((stepId) => ({ path: [stepId], message: `${stepId} is not a step of this application's form` }));
  const answers: ApplicationData['answers'] = {};
  for (const step of steps) {
    const given = application.answers[step.id];
    if (given === undefined && !isSubmission) {
      continue;
    }
    const result = validateStep(isSubmission ? step : draftStep(step), given ?? {}, () => []);
    // A date typed in parts that is not a real date: one message saying what is wrong, not the pattern's too.
    const dateErrors = dateFieldErrors(step, result.data);
    const dated = new Set(dateErrors.map((error) => error.path.join('.')));
    const stepErrors = [...result.errors.filter((error) => !dated.has(error.path.join('.'))), ...dateErrors];
    errors.push(...stepErrors.map((error) => ({ ...error, path: [step.id, ...error.path] })));
    answers[step.id] = result.data;
  }
  const files = stepFiles(steps, answers).filter((file) => uuid.test(file.fileId));
  const owned = await supplierFileNames(db, supplierId, files.map((file) => file.fileId));
  for (const file of files) {
    if (!(file.fileId in owned)) {
      errors.push({ path: file.path, message: 'The file was not found: upload it again' });
    }
  }
  if (isSubmission && application.services.length === 0) {
    errors.push({ path: ['services'], message: 'Choose at least one service' });
  }
  if (isSubmission && application.termsAccepted !== true) {
    errors.push({ path: ['termsAccepted'], message: 'Accept the terms and conditions' });
  }
  const data: ApplicationData = {
    services: application.services,
    ...(application.termsAccepted === undefined ? {} : { termsAccepted: application.termsAccepted }),
    answers,
  };
  return { data, errors };
}

/** The stored data as the API reads it (always the three parts). */
function dataOf(row: ApplicationRow): ApplicationData {
  const stored = row.data;
  const services = Array.isArray(stored.services) ? stored.services.filter((id): id is number => typeof id === 'number') : [];
  const answers = isRecord(stored.answers)
    ? Object.fromEntries(Object.entries(stored.answers).filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1])))
    : {};
  return {
    services,
    ...(typeof stored.termsAccepted === 'boolean' ? { termsAccepted: stored.termsAccepted } : {}),
    answers,
  };
}

async function findOwnApplication(db: Database, supplierId: number, where: { id: number } | { referenceId: string }, forUpdate = false) {
  const condition = 'id' in where ? eq(applications.id, where.id) : eq(applications.referenceId, where.referenceId);
  const query = db
    .select()
    .from(applications)
    .where(and(condition, ownedBy(applications, supplierId)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) {
    throw notFound();
  }
  return row;
}

/** The services an application asks for, with the team's decision on each, in the order of its form. */
export async function servicesWithStatus(db: Database, applicationId: number): Promise<ServiceWithStatus[]> {
  const rows = await db
    .select({
      id: services.id,
      title: services.title,
      catalogueId: catalogues.id,
      catalogueTitle: catalogues.title,
      status: applicationServices.status,
      declineReason: applicationServices.declineReason,
    })
    .from(applicationServices)
    .innerJoin(services, eq(services.id, applicationServices.serviceId))
    .innerJoin(catalogues, eq(catalogues.id, services.catalogueId))
    .innerJoin(channels, eq(channels.id, catalogues.channelId))
    .where(eq(applicationServices.applicationId, applicationId))
    .orderBy(...serviceOrder);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    catalogue: { id: row.catalogueId, title: row.catalogueTitle },
    status: row.status,
    declineReason: row.status === 'declined' ? row.declineReason : null,
  }));
}

/**
 * An application's form (composed for its services), its answers and the names of the files they
 * refer to: what the supplier's screens and the team's review read every answer by.
 */
export async function readApplicationAnswers(
  db: Database,
  row: ApplicationRow,
  withStatus: readonly ServiceWithStatus[],
): Promise<Pick<ApplicationResponse, 'form' | 'data' | 'files'>> {
  const form = await composeForm(db, row.formVersions, withStatus);
  const data = dataOf(row);
  const files = await supplierFileNames(db, row.supplierId, stepFiles(form.steps, data.answers).map((file) => file.fileId));
  return { form: form.response, data, files };
}

/** GET /application/{id}: one of the supplier's applications, with the form it was made on. */
export async function getApplication(db: Database, supplierId: number, applicationId: number): Promise<ApplicationResponse> {
  const row = await findOwnApplication(db, supplierId, { id: applicationId });
  const withStatus = await servicesWithStatus(db, row.id);
  const { form, data, files } = await readApplicationAnswers(db, row, withStatus);
  return {
    id: row.id,
    referenceId: row.referenceId,
    form,
    servicesWithStatus: withStatus,
    data,
    status: row.status,
    progress: row.progress,
    isLocked: isLockedApplication(row.status),
    lastEdited: row.lastEdited.toISOString(),
    statusTimestamps: row.statusTimestamps,
    files,
  };
}

/**
 * GET /application: the supplier's applications, the last edited first, a page at a time. A
 * supplier's own list stays short enough to page by number (the team's, of every supplier's, pages
 * from an entry: workflow.ts).
 */
export async function listApplications(db: Database, supplierId: number, filter: ApplicationListQuery = {}): Promise<ApplicationListResponse> {
  const page = filter.page ?? 1;
  const filters = and(
    filter.status ? eq(applications.status, filter.status) : undefined,
    filter.referenceId ? eq(applications.referenceId, filter.referenceId) : undefined,
  );
  const [totalRow] = await db.select({ total: count() }).from(applications).where(and(ownedBy(applications, supplierId), filters));
  const rows = await db
    .select()
    .from(applications)
    .where(and(ownedBy(applications, supplierId), filters))
    .orderBy(desc(applications.lastEdited), desc(applications.id))
    .limit(SUPPLIER_APPLICATIONS_PAGE_SIZE)
    .offset((page - 1) * SUPPLIER_APPLICATIONS_PAGE_SIZE);
  const serviceRows =
    rows.length === 0
      ? []
      : await db
          .select({ applicationId: applicationServices.applicationId, id: services.id, title: services.title })
          .from(applicationServices)
          .innerJoin(services, eq(services.id, applicationServices.serviceId))
          .where(inArray(applicationServices.applicationId, rows.map((row) => row.id)))
          .orderBy(asc(services.title), asc(services.id));
  return {
    applications: rows.map((row) => ({
      id: row.id,
      referenceId: row.referenceId,
      services: serviceRows.filter((service) => service.applicationId === row.id).map(({ id, title }) => ({ id, title })),
      status: row.status,
      isLocked: isLockedApplication(row.status),
      lastEdited: row.lastEdited.toISOString(),
    })),
    total: totalRow?.total ?? 0,
    page,
    pageSize: SUPPLIER_APPLICATIONS_PAGE_SIZE,
  };
}

/** A new reference id, `MP-XXXX-XXXX` (REFERENCE_ID_PATTERN). */
function newReferenceId(): string {
  return referenceIdWith('MP', randomInt);
}

const REFERENCE_ATTEMPTS = 8;

/** Inserts a new application under a fresh reference id, drawing again on the rare collision. */
async function insertApplication(db: Database, values: Omit<typeof applications.$inferInsert, 'referenceId'>): Promise<ApplicationRow> {
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt += 1) {
    const [row] = await db
      .insert(applications)
      .values({ ...values, referenceId: newReferenceId() })
      .onConflictDoNothing({ target: applications.referenceId })
      .returning();
    if (row) {
      return row;
    }
  }
  throw new Error(`No free application reference id after ${String(REFERENCE_ATTEMPTS)} attempts`);
}

function auditAction(isExisting: boolean, isSubmission: boolean): string {
  if (isSubmission) {
    return 'application.submit';
  }
  return isExisting ? 'application.save' : 'application.create';
}

/** What the audit log keeps of an application. */
function auditState(row: Pick<ApplicationRow, 'status' | 'progress' | 'data'>) {
  return { status: row.status, progress: row.progress, isLocked: isLockedApplication(row.status), data: row.data };
}

/**
 * POST /application: saves a draft (status `incomplete`) or submits (status `submitted`). A new
 * application (no referenceId) starts on the newest form versions; an existing one must be the
 * supplier's (404), unlocked (409) and unchanged since it was loaded (`lastEdited`, 409). A draft
 * is checked for what it holds; a submission in full, then locked. Nothing is stored on a 4xx.
 */
export async function saveApplication(
  db: Database,
  audit: AuditLog,
  actor: SupplierActor,
  request: SaveApplicationRequest,
): Promise<SaveApplicationResponse> {
  if (request.form.key !== APPLICATION_FORM_KEY) {
    throw new AppError(ErrorCode.BadRequest, `An application is made on the ${APPLICATION_FORM_KEY} form.`, [
      { field: 'form.key', message: `An application is made on the ${APPLICATION_FORM_KEY} form` },
    ]);
  }
  if (request.referenceId !== undefined && request.lastEdited === undefined) {
    throw new AppError(ErrorCode.BadRequest, 'Send the lastEdited of the application you loaded.', [
      { field: 'lastEdited', message: 'Send the lastEdited of the application you loaded' },
    ]);
  }
  const isSubmission = request.status === 'submitted';
  const chosen = await findServices(db, request.application.services);

  return db.transaction(async (tx) => {
    const existing =
      request.referenceId === undefined
        ? null
        : await findOwnApplication(tx, actor.supplierId, { referenceId: request.referenceId }, true);
    if (existing) {
      if (!isApplicationEditable(existing.status)) {
        throw new AppError(ErrorCode.Conflict, APPLICATION_LOCKED_MESSAGE);
      }
      if (existing.lastEdited.toISOString() !== request.lastEdited) {
        throw new AppError(ErrorCode.Conflict, APPLICATION_CHANGED_MESSAGE);
      }
      const startedOn = existing.formVersions.find((version) => version.key === APPLICATION_FORM_KEY)?.version;
      if (startedOn !== request.form.version) {
        throw new AppError(ErrorCode.Conflict, 'This application was started on another version of the form. Reload the page.');
      }
    }
    const keptIds = existing
      ? new Set((await tx.select({ id: applicationServices.serviceId }).from(applicationServices).where(eq(applicationServices.applicationId, existing.id))).map((row) => row.id))
      : undefined;
    refuseRetiredServices(chosen, keptIds);
    await refuseHeldServices(tx, actor.supplierId, chosen, existing?.id);
    const versions = existing ? existing.formVersions : await currentVersions(tx, request.form.version);
    const form = await composeForm(tx, versions, chosen);
    const { data, errors } = await checkApplication(tx, actor.supplierId, form.steps, request.application, isSubmission);
    if (errors.length > 0) {
      throw badRequest(errors);
    }

    const now = nextLastEdited(existing?.lastEdited);
    const status: ApplicationStatus = isSubmission ? 'submitted' : INCOMPLETE;
    const statusTimestamps = {
      ...(existing?.statusTimestamps ?? { [INCOMPLETE]: now.toISOString() }),
      ...(isSubmission ? { submitted: now.toISOString() } : {}),
    };
    const values = { data, status, progress: request.progress, statusTimestamps, lastEdited: now };
    let saved: ApplicationRow | undefined;
    if (existing) {
      [saved] = await tx.update(applications).set(values).where(and(eq(applications.id, existing.id), ownedBy(applications, actor.supplierId))).returning();
    } else {
      saved = await insertApplication(tx, { ...values, supplierId: actor.supplierId, formVersions: versions, createdByUserId: actor.userId });
    }
    if (!saved) {
      throw notFound();
    }

    // The services asked for are replaced while the application is a draft; submitting requests them.
    await tx.delete(applicationServices).where(eq(applicationServices.applicationId, saved.id));
    if (chosen.length > 0) {
      await tx
        .insert(applicationServices)
        .values(chosen.map((service) => ({ applicationId: saved.id, serviceId: service.id, status: 'requested' as const })));
    }

    await audit.record(
      {
        actorUserId: actor.userId,
        action: auditAction(existing !== null, isSubmission),
        entity: 'application',
        entityId: saved.id,
        supplierId: actor.supplierId,
        before: existing ? auditState(existing) : null,
        after: auditState(saved),
        requestId: actor.requestId,
      },
      tx,
    );
    return { applicationId: saved.id, referenceId: saved.referenceId, lastEdited: saved.lastEdited.toISOString() };
  });
}

/** A draft started for a supplier by the portal: its reference and the services it asks for. */
export interface StartedApplication {
  applicationId: number;
  referenceId: string;
  services: { id: number; title: string }[];
}

/**
 * Starts a draft application for a new supplier (a registration's approval) asking for the live
 * services among `serviceIds` it neither holds nor awaits, each step prefilled with what `known`
 * (the registration's answers) says of the details applications ask again (insurance given once
 * fills every catalogue's step, DETAILS_ASKED_AGAIN). A prefill the form refuses is left out rather
 * than stopping the draft. Null when no service is left to ask for.
 */
export async function startPrefilledApplication(
  db: Database,
  audit: AuditLog,
  actor: { userId: number; requestId: string },
  supplierId: number,
  serviceIds: readonly number[],
  known: FormData,
): Promise<StartedApplication | null> {
  const existing = await db.select({ id: services.id }).from(services).where(inArray(services.id, [...new Set(serviceIds)]));
  const held = new Set((await findHeldServices(db, supplierId)).map((service) => service.id));
  const chosen = (await findServices(db, existing.map((row) => row.id))).filter((service) => service.isLive && !held.has(service.id));
  if (chosen.length === 0) {
    return null;
  }
  const versions = await currentVersions(db);
  const form = await composeForm(db, versions, chosen);
  const prefilled: ApplicationData['answers'] = {};
  for (const step of form.steps) {
    const answers = answersAskedBy(isRecord(step.schema.properties) ? step.schema.properties : {}, known);
    if (Object.keys(answers).length > 0) {
      prefilled[step.id] = answers;
    }
  }
  const application: ApplicationData = { services: chosen.map((service) => service.id), answers: prefilled };
  const checked = await checkApplication(db, supplierId, form.steps, application, false);
  const data = checked.errors.length === 0 ? checked.data : { services: application.services, answers: {} };
  const now = new Date();
  const row = await insertApplication(db, {
    supplierId,
    formVersions: versions,
    data,
    status: INCOMPLETE,
    progress: 1,
    statusTimestamps: { [INCOMPLETE]: now.toISOString() },
    lastEdited: now,
    createdByUserId: null,
  });
  await db.insert(applicationServices).values(chosen.map((service) => ({ applicationId: row.id, serviceId: service.id, status: 'requested' as const })));
  await audit.record(
    { actorUserId: actor.userId, action: 'application.create', entity: 'application', entityId: row.id, supplierId, after: auditState(row), requestId: actor.requestId },
    db,
  );
  return { applicationId: row.id, referenceId: row.referenceId, services: chosen.map(({ id, title }) => ({ id, title })) };
}

/** DELETE /application/{id}: removes one of the supplier's applications while it is incomplete. */
export async function deleteApplication(db: Database, audit: AuditLog, actor: SupplierActor, applicationId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findOwnApplication(tx, actor.supplierId, { id: applicationId }, true);
    if (!isApplicationEditable(row.status)) {
      throw new AppError(ErrorCode.Conflict, 'Only an incomplete application can be deleted.');
    }
    await tx.delete(applications).where(and(eq(applications.id, row.id), ownedBy(applications, actor.supplierId)));
    await audit.record(
      {
        actorUserId: actor.userId,
        action: 'application.delete',
        entity: 'application',
        entityId: row.id,
        supplierId: actor.supplierId,
        before: { referenceId: row.referenceId, ...auditState(row) },
        after: null,
        requestId: actor.requestId,
      },
      tx,
    );
  });
}

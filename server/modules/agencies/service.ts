/**
 * Agency registration (spec §2 "Agency form", §3 "Agency application", §4 "Agency resume"): the
 * public form's saves, resume links and submission, the team's decisions, and the approved
 * agencies' source list. The answers are checked against the stored `agency` form version with
 * the same schema and messages as the browser (../forms/validate.ts).
 */
import { storeInvitation } from '../invitations/service';
import { agencyDecisionMail, agencyReceivedMail, resumeLinkMail, type AgencyMailContext } from './notify';
import type { MailQueue } from '../../mail/mail-queue';
import type { App } from '../../app-type';
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { AGENCY_FORM_KEY, agencyReference, type AgencyApplicationStatus } from '../../../common/agency-form';
import type {
  TeamAgency,
  TeamAgencyListResponse,
  TeamAgencyStatus,
  TeamAgencySummary,
  AgencyAnswers,
  AgencyApplicationResponse,
  AgencySourceList,
  SaveAgencyApplicationRequest,
} from '../../../common/api/agencies';
import type { FormDefinitionResponse } from '../../../common/api/forms';
import { stepFieldKeys, type FieldError, type FormData, type FormDefinition } from '../../../common/forms/definition';
import type { AuditLog } from '../../audit';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { agencyApplications, users, type AgencyApplicationStatusCode } from '../../db/schema/index';
import { AppError, ErrorCode } from '../../errors';
import { findLatestFormDefinition, findStoredFormDefinition } from '../forms/registry';
import { answersRefused, draftStep, validateStep } from '../forms/validate';
import { validatorsPath } from '../forms/validators';

export const ADMIN_AGENCIES_PAGE_SIZE = 25;
const DAY_MS = 86_400_000;

export const UNKNOWN_RESUME_LINK_MESSAGE =
  'We could not find an agency registration for this link. Check you copied the whole link from the email, or start again.';
export const EXPIRED_RESUME_LINK_MESSAGE =
  'This link has expired: saved answers are kept for a limited time. Start again to register your agency.';
export const ALREADY_SUBMITTED_MESSAGE = 'This agency registration has already been submitted, so it can no longer be changed.';
export const RESUME_LINK_NEEDS_EMAIL_MESSAGE = 'Enter your work email address, so we can send you a link to come back to this form';

type AgencyRow = typeof agencyApplications.$inferSelect;

export interface AgencyDeps {
  db: Database;
  audit: AuditLog;
  /** Queues the agency's mail in the change's transaction. */
  mail: MailQueue;
  mailContext: AgencyMailContext & { reviewTargetDays: number };
  /** Days the resume link works after the last save. */
  resumeDays: number;
  now?: () => Date;
}

/** The operations' dependencies, from the app. */
export function agencyDepsOf(app: App): AgencyDeps {
  const { config } = app;
  return {
    db: app.database.db,
    audit: app.audit,
    mail: app.mail,
    mailContext: { productName: config.productName, publicUrl: config.publicUrl, reviewTargetDays: config.reviewTargetDays },
    resumeDays: config.agencyResumeDays,
  };
}

/** The SHA-256 of a resume id: the only form in which it is stored. */
export function hashResumeId(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

/** A new resume id: 32 random bytes, base64url. */
function newResumeId(): string {
  return randomBytes(32).toString('base64url');
}

/** The status the public form shows. A decline reads as Complete: its reasons arrive by email. */
function publicStatus(status: AgencyApplicationStatusCode): AgencyApplicationStatus {
  switch (status) {
    case 'incomplete':
      return 'Incomplete';
    case 'approved':
      return 'Approved';
    case 'submitted':
    case 'declined':
      return 'Complete';
  }
}

function toPublicResponse(id: string, row: AgencyRow): AgencyApplicationResponse {
  return {
    id,
    status: publicStatus(row.status),
    lastStep: row.lastStep,
    // A submitted registration's answers stay with the team.
    answers: row.status === 'incomplete' ? row.data : {},
    expiresAt: row.expiresAt.toISOString(),
    reference: row.status === 'incomplete' ? null : agencyReference(row.id),
  };
}

async function currentAgencyForm(db: Database): Promise<FormDefinition> {
  const definition = await findLatestFormDefinition(db, AGENCY_FORM_KEY);
  if (!definition) {
    throw new AppError(ErrorCode.Unavailable, 'The agency registration form is not available.');
  }
  return definition;
}

async function agencyFormVersion(db: Database, version: number): Promise<FormDefinition> {
  const definition = await findStoredFormDefinition(db, AGENCY_FORM_KEY, version);
  if (!definition) {
    throw new Error(`The agency form version ${String(version)} is not stored`);
  }
  return definition;
}

/** GET /agency-form: the current version of the form, with its precompiled validators' address. */
export async function getAgencyForm(db: Database): Promise<FormDefinitionResponse> {
  const definition = await currentAgencyForm(db);
  return { ...definition, validators: validatorsPath(definition) };
}

/**
 * The answers checked against the form: in full for a submission, as a draft (what is there must
 * be right; nothing is required yet) for a save. An answer no step asks for is refused.
 */
export function checkAgencyAnswers(definition: FormDefinition, answers: AgencyAnswers, mode: 'draft' | 'full'): FormData {
  const errors: FieldError[] = [];
  const kept: FormData = {};
  const known = new Set<string>();
  for (const step of definition.steps) {
    const keys = stepFieldKeys(step.schema);
    keys.forEach((key) => known.add(key));
    const own = Object.fromEntries(Object.entries(answers).filter(([key]) => keys.includes(key)));
    const result = validateStep(mode === 'draft' ? draftStep(step) : step, own, () => []);
    Object.assign(kept, result.data);
    errors.push(...result.errors);
  }
  for (const key of Object.keys(answers)) {
    if (!known.has(key)) {
      errors.push({ path: [key], message: 'This form has no such question' });
    }
  }
  if (errors.length > 0) {
    throw answersRefused(errors, 'answers');
  }
  return kept;
}

function textAnswer(data: FormData, key: string): string {
  const value = data[key];
  return typeof value === 'string' ? value : '';
}

function expiryFrom(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

async function findByResumeId(db: Database, id: string, forUpdate: boolean): Promise<AgencyRow> {
  const query = db.select().from(agencyApplications).where(eq(agencyApplications.resumeTokenHash, hashResumeId(id))).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) {
    throw new AppError(ErrorCode.NotFound, UNKNOWN_RESUME_LINK_MESSAGE);
  }
  return row;
}

/** An incomplete application whose link still works; throws 409 when submitted, 410 when expired. */
function assertEditable(row: AgencyRow, now: Date): void {
  if (row.status !== 'incomplete') {
    throw new AppError(ErrorCode.Conflict, ALREADY_SUBMITTED_MESSAGE);
  }
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError(ErrorCode.Gone, EXPIRED_RESUME_LINK_MESSAGE);
  }
}

/** GET /agency-form/application/{id}: 404 unknown, 410 expired while incomplete; a submitted one always answers. */
export async function readAgencyApplication(deps: AgencyDeps, id: string): Promise<AgencyApplicationResponse> {
  const now = deps.now?.() ?? new Date();
  const row = await findByResumeId(deps.db, id, false);
  if (row.status === 'incomplete' && row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError(ErrorCode.Gone, EXPIRED_RESUME_LINK_MESSAGE);
  }
  return toPublicResponse(id, row);
}

export interface SavedAgencyApplication {
  response: AgencyApplicationResponse;
  /** Set when the save asked for the resume link: where to email it. */
  resumeLinkTo?: string;
}

function resumeLinkAddress(request: SaveAgencyApplicationRequest, data: FormData): string | undefined {
  if (request.sendResumeLink !== true) {
    return undefined;
  }
  const email = textAnswer(data, 'contact_email');
  if (email === '') {
    throw new AppError(ErrorCode.BadRequest, RESUME_LINK_NEEDS_EMAIL_MESSAGE, [{ field: 'contact_email', message: RESUME_LINK_NEEDS_EMAIL_MESSAGE }]);
  }
  return email;
}

/** The resume link, when the save asked for it, queued with the save. */
async function queueResumeLink(deps: AgencyDeps, tx: Database, response: AgencyApplicationResponse, to: string | undefined): Promise<void> {
  if (to !== undefined) {
    await deps.mail.enqueue(tx, resumeLinkMail(deps.mailContext, { to, resumeId: response.id, expiresAt: response.expiresAt }));
  }
}

/** POST /agency-form/application: a new application with the answers so far. */
export async function createAgencyApplication(deps: AgencyDeps, request: SaveAgencyApplicationRequest): Promise<SavedAgencyApplication> {
  const now = deps.now?.() ?? new Date();
  const definition = await currentAgencyForm(deps.db);
  const data = checkAgencyAnswers(definition, request.answers, 'draft');
  const resumeLinkTo = resumeLinkAddress(request, data);
  const id = newResumeId();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(agencyApplications)
      .values({
        resumeTokenHash: hashResumeId(id),
        formVersion: definition.version,
        data,
        lastStep: request.lastStep,
        agencyName: textAnswer(data, 'agency_name'),
        contactEmail: textAnswer(data, 'contact_email'),
        expiresAt: expiryFrom(now, deps.resumeDays),
        createdAt: now,
        lastEdited: now,
      })
      .returning();
    if (!row) {
      throw new Error('agency application insert returned nothing');
    }
    await deps.audit.record({ actorUserId: null, action: 'agency.create', entity: 'agency_application', entityId: row.id, after: { lastStep: row.lastStep } }, tx);
    const response = toPublicResponse(id, row);
    await queueResumeLink(deps, tx, response, resumeLinkTo);
    return { response, resumeLinkTo };
  });
}

/** PUT /agency-form/application/{id}: replaces the answers so far; the link works for another AGENCY_RESUME_DAYS. */
export async function saveAgencyApplication(deps: AgencyDeps, id: string, request: SaveAgencyApplicationRequest): Promise<SavedAgencyApplication> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const existing = await findByResumeId(tx, id, true);
    assertEditable(existing, now);
    const data = checkAgencyAnswers(await agencyFormVersion(tx, existing.formVersion), request.answers, 'draft');
    const resumeLinkTo = resumeLinkAddress(request, data);
    const [row] = await tx
      .update(agencyApplications)
      .set({
        data,
        lastStep: request.lastStep,
        agencyName: textAnswer(data, 'agency_name'),
        contactEmail: textAnswer(data, 'contact_email'),
        expiresAt: expiryFrom(now, deps.resumeDays),
        lastEdited: now,
      })
      .where(eq(agencyApplications.id, existing.id))
      .returning();
    if (!row) {
      throw new Error('agency application update returned nothing');
    }
    await deps.audit.record(
      { actorUserId: null, action: 'agency.save', entity: 'agency_application', entityId: row.id, before: { lastStep: existing.lastStep }, after: { lastStep: row.lastStep } },
      tx,
    );
    const response = toPublicResponse(id, row);
    await queueResumeLink(deps, tx, response, resumeLinkTo);
    return { response, resumeLinkTo };
  });
}

/** POST /agency-form/application/{id}/submit: every step answered in full, then queued for the team, its acknowledgement queued with it. */
export async function submitAgencyApplication(deps: AgencyDeps, id: string, answers: AgencyAnswers): Promise<AgencyApplicationResponse> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const existing = await findByResumeId(tx, id, true);
    assertEditable(existing, now);
    const data = checkAgencyAnswers(await agencyFormVersion(tx, existing.formVersion), answers, 'full');
    const [row] = await tx
      .update(agencyApplications)
      .set({
        data,
        status: 'submitted',
        agencyName: textAnswer(data, 'agency_name'),
        contactEmail: textAnswer(data, 'contact_email'),
        submittedAt: now,
        lastEdited: now,
      })
      .where(eq(agencyApplications.id, existing.id))
      .returning();
    if (!row) {
      throw new Error('agency application update returned nothing');
    }
    await deps.audit.record(
      { actorUserId: null, action: 'agency.submit', entity: 'agency_application', entityId: row.id, before: { status: existing.status }, after: { status: row.status, name: row.agencyName } },
      tx,
    );
    const application = toPublicResponse(id, row);
    const acknowledgement = application.reference === null ? null : agencyReceivedMail(deps.mailContext, { to: row.contactEmail, reference: application.reference });
    if (acknowledgement) {
      await deps.mail.enqueue(tx, acknowledgement);
    }
    return application;
  });
}

function toTeamSummary(row: AgencyRow): TeamAgencySummary {
  return {
    id: row.id,
    reference: agencyReference(row.id),
    name: row.agencyName,
    contactEmail: row.contactEmail,
    status: row.status as TeamAgencyStatus,
    submittedAt: (row.submittedAt ?? row.lastEdited).toISOString(),
  };
}

/** The name of the team member who decided, for the team's screens; null before a decision (or once their account is gone). */
async function deciderName(db: Database, row: AgencyRow): Promise<string | null> {
  if (row.decidedByUserId === null) {
    return null;
  }
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, row.decidedByUserId)).limit(1);
  return user?.name ?? null;
}

async function toTeamAgency(db: Database, row: AgencyRow): Promise<TeamAgency> {
  return {
    ...toTeamSummary(row),
    formVersion: row.formVersion,
    answers: row.data,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: await deciderName(db, row),
    declineReasons: row.declineReasons,
  };
}

/** The team's list: submitted registrations (or those with the given decision), oldest submission first. */
export async function listAgenciesForTeam(db: Database, query: { status: TeamAgencyStatus; page: number }): Promise<TeamAgencyListResponse> {
  const pageSize = ADMIN_AGENCIES_PAGE_SIZE;
  const where = eq(agencyApplications.status, query.status);
  const [totalRow] = await db.select({ total: count() }).from(agencyApplications).where(where);
  const rows = await db
    .select()
    .from(agencyApplications)
    .where(where)
    .orderBy(asc(agencyApplications.submittedAt), asc(agencyApplications.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
  return { agencies: rows.map(toTeamSummary), total: totalRow?.total ?? 0, page: query.page, pageSize };
}

async function findSubmittedOrDecided(db: Database, id: number, forUpdate: boolean): Promise<AgencyRow> {
  const query = db.select().from(agencyApplications).where(eq(agencyApplications.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  // An unfinished registration is the agency's own until it is submitted.
  if (!row || row.status === 'incomplete') {
    throw new AppError(ErrorCode.NotFound, 'No submitted agency registration has this id.');
  }
  return row;
}

export async function getAgencyForTeam(db: Database, id: number): Promise<TeamAgency> {
  return toTeamAgency(db, await findSubmittedOrDecided(db, id, false));
}

export type AgencyDecision = { kind: 'approve' } | { kind: 'decline'; reasons: string };

/** Approves or declines a submitted registration; 409 when it was decided already. Audited in the same transaction. */
export async function decideAgency(deps: AgencyDeps, actor: Actor, id: number, decision: AgencyDecision): Promise<TeamAgency> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const existing = await findSubmittedOrDecided(tx, id, true);
    if (existing.status !== 'submitted') {
      throw new AppError(ErrorCode.Conflict, `This agency registration was already ${existing.status}.`);
    }
    const status = decision.kind === 'approve' ? 'approved' : 'declined';
    const declineReasons = decision.kind === 'decline' ? decision.reasons.trim() : null;
    const [row] = await tx
      .update(agencyApplications)
      .set({ status, decidedAt: now, decidedByUserId: actor.userId, declineReasons, lastEdited: now })
      .where(and(eq(agencyApplications.id, id), eq(agencyApplications.status, 'submitted')))
      .returning();
    if (!row) {
      throw new Error('agency decision update returned nothing');
    }
    await deps.audit.record(
      {
        actorUserId: actor.userId,
        action: `agency.${decision.kind}`,
        entity: 'agency_application',
        entityId: id,
        before: { status: existing.status },
        after: { status, declineReasons },
        requestId: actor.requestId,
      },
      tx,
    );
    // The contact becomes the agency's first admin by the ordinary invitation (issue 31), whose link
    // the decision mail carries.
    const invited =
      status === 'approved' && row.contactEmail !== ''
        ? await storeInvitation(
            { db: tx, audit: deps.audit, config: { publicUrl: deps.mailContext.publicUrl } },
            actor,
            { kind: 'agency', id },
            { name: textAnswer(row.data, 'contact_name') || row.contactEmail, email: row.contactEmail, isAdmin: true },
          )
        : null;
    const mail = agencyDecisionMail(deps.mailContext, {
      to: row.contactEmail,
      agencyName: row.agencyName,
      approved: status === 'approved',
      reasons: declineReasons,
      invitation: invited && { link: invited.link, expiresAt: invited.expiresAt },
    });
    if (mail) {
      await deps.mail.enqueue(tx, mail);
    }
    return toTeamAgency(tx, row);
  });
}

/** GET /engagement-notice/agency: the approved agencies, by name. */
export async function listApprovedAgencies(db: Database): Promise<AgencySourceList> {
  return db
    .select({ id: agencyApplications.id, name: agencyApplications.agencyName })
    .from(agencyApplications)
    .where(eq(agencyApplications.status, 'approved'))
    .orderBy(asc(agencyApplications.agencyName), asc(agencyApplications.id));
}

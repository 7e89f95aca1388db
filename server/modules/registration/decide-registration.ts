/**
 * The marketplace team's side of public registrations (/api/v1/admin/registrations, team only):
 * the queue of pending registrations, one registration, approving and declining. Approving creates
 * the supplier, as an applicant (it joins the directory when its first application is published,
 * like every applicant), hands it the registration's financial statement, and invites the
 * registrant as its admin through the ordinary invitation flow; declining emails the reasons.
 * Each decision is made once (409 after), in one transaction with its audit entry and its email.
 */
import { and, count, eq, or, sql } from 'drizzle-orm';
import {
  ADMIN_REGISTRATIONS_PAGE_SIZE,
  type TeamRegistration,
  type TeamRegistrationListResponse,
  type TeamRegistrationSummary,
  type RegistrationStatus,
} from '../../../common/api/registration';
import { stepFieldKeys, type FormData } from '../../../common/forms/definition';
import { supplierDetailsForm } from '../../../common/supplier-details/form';
import type { AuditLog } from '../../audit';
import type { Actor } from '../../auth/actor';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { readKeysetPage, type KeysetOrder, type PageRequest } from '../../db/keyset-page';
import { supplierRegistrations, suppliers, uploadedFiles, users } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import { AppError, ErrorCode } from '../../errors';
import type { MailQueue } from '../../mail/mail-queue';
import { supplierColumnsOf } from '../suppliers/service';
import { startPrefilledApplication } from '../applications/service';
import { storeInvitation } from '../invitations/service';
import { registrationApprovedMail } from './notify';

export interface DecisionDependencies {
  db: Database;
  audit: AuditLog;
  mail: MailQueue;
  config: Pick<Config, 'publicUrl' | 'productName'>;
}

type RegistrationRow = typeof supplierRegistrations.$inferSelect;

function toSummary(row: RegistrationRow): TeamRegistrationSummary {
  return {
    id: row.id,
    referenceId: row.referenceId,
    status: row.status,
    tradingName: row.tradingName,
    nzbn: row.nzbn,
    abn: row.abn,
    acn: row.acn,
    registrantName: row.registrantName,
    registrantEmail: row.registrantEmail,
    submittedAt: row.createdAt.toISOString(),
  };
}

/** The name of the team member who decided, for the team's screens; null before a decision (or once their account is gone). */
async function deciderName(db: Database, row: RegistrationRow): Promise<string | null> {
  if (row.decidedByUserId === null) {
    return null;
  }
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, row.decidedByUserId)).limit(1);
  return user?.name ?? null;
}

async function toRegistration(db: Database, row: RegistrationRow): Promise<TeamRegistration> {
  return {
    ...toSummary(row),
    form: { key: row.formKey, version: row.formVersion },
    answers: row.answers,
    supplierId: row.createdSupplierId,
    declineReasons: row.declineReasons,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: await deciderName(db, row),
  };
}

/**
 * The queue's order, oldest submission first (the team works the queue in the order businesses
 * registered), the id settling a tie. The status is a filter, not a key: one status is listed at a
 * time, read from supplier_registrations_status_created_idx.
 */
const REGISTRATION_ORDER: KeysetOrder = { table: supplierRegistrations, keys: [supplierRegistrations.createdAt], id: supplierRegistrations.id, direction: 'asc' };

/**
 * Registrations of one status (the waiting ones unless asked), oldest first, a page read from the
 * entry it starts after or before (`after`, `before`) when the screen says so.
 */
export async function listRegistrations(db: Database, query: { status: RegistrationStatus } & PageRequest): Promise<TeamRegistrationListResponse> {
  const pageSize = ADMIN_REGISTRATIONS_PAGE_SIZE;
  const ofStatus = eq(supplierRegistrations.status, query.status);
  const [totalRow] = await db.select({ total: count() }).from(supplierRegistrations).where(ofStatus);
  const { rows, nextCursor, previousCursor } = await readKeysetPage(
    REGISTRATION_ORDER,
    query,
    pageSize,
    (position, orderBy, limit, offset) =>
      db
        .select()
        .from(supplierRegistrations)
        .where(and(ofStatus, position))
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    (row) => row.id,
  );
  return { registrations: rows.map(toSummary), total: totalRow?.total ?? 0, nextCursor, previousCursor, page: query.page, pageSize };
}

async function findRegistrationRow(db: Database, id: number, forUpdate = false): Promise<RegistrationRow> {
  const query = db.select().from(supplierRegistrations).where(eq(supplierRegistrations.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) {
    throw new AppError(ErrorCode.NotFound, 'No registration with that id.');
  }
  return row;
}

export async function getRegistration(db: Database, id: number): Promise<TeamRegistration> {
  return toRegistration(db, await findRegistrationRow(db, id));
}

function refuseIfDecided(row: RegistrationRow): void {
  if (row.status !== 'pending') {
    throw new AppError(ErrorCode.Conflict, `Registration ${row.referenceId} was already ${row.status}${row.decidedAt ? ` on ${row.decidedAt.toISOString().slice(0, 10)}` : ''}.`);
  }
}

export const SUPPLIER_EXISTS_MESSAGE =
  'A supplier with this business number was created after the registration was submitted. Decline the registration, giving that reason.';

/** A supplier may have been created with the same number since (by the team, or seeded): never two. */
async function refuseIfSupplierExists(db: Database, row: RegistrationRow): Promise<void> {
  const conditions = [
    row.nzbn === null ? undefined : eq(suppliers.nzbn, row.nzbn),
    row.abn === null ? undefined : eq(suppliers.abn, row.abn),
    row.acn === null ? undefined : sql`${suppliers.details}->>'acn' = ${row.acn}`,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) {
    return;
  }
  const [existing] = await db.select({ id: suppliers.id }).from(suppliers).where(or(...conditions)).limit(1);
  if (existing) {
    throw new AppError(ErrorCode.Conflict, SUPPLIER_EXISTS_MESSAGE);
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') {
      return true;
    }
  }
  return false;
}

/** The supplier details questions (a registration answers some of them), by their keys. */
const SUPPLIER_DETAILS_FIELDS = new Set(supplierDetailsForm.steps.flatMap((step) => stepFieldKeys(step.schema)));

/** The new supplier of a registration: its answers to the supplier details questions, as a supplier row keeps them. */
function supplierValues(row: RegistrationRow): typeof suppliers.$inferInsert {
  const detailsAnswers: FormData = Object.fromEntries(Object.entries(row.answers).filter(([key]) => SUPPLIER_DETAILS_FIELDS.has(key)));
  const columns = supplierColumnsOf(detailsAnswers);
  return {
    ...columns,
    tradingName: row.tradingName,
    legalName: columns.legalName ?? row.tradingName,
    status: 'applicant',
    // The registration's numbers, as digits (its columns).
    nzbn: row.nzbn,
    abn: row.abn,
    initialCatalogueId: typeof row.answers.initial_catalogue === 'number' ? row.answers.initial_catalogue : null,
  };
}

/**
 * Approves a pending registration: creates the supplier, gives it the registration's file, invites
 * the registrant as its admin, and starts its first application for the services chosen; the
 * approval's email (the invitation's link, and what to do next) is sent in the same transaction.
 */
export async function approveRegistration(deps: DecisionDependencies, decider: Actor, id: number): Promise<TeamRegistration> {
  return deps.db.transaction(async (tx) => {
    const row = await findRegistrationRow(tx, id, true);
    refuseIfDecided(row);
    await refuseIfSupplierExists(tx, row);
    const [supplier] = await tx
      .insert(suppliers)
      .values(supplierValues(row))
      .returning({ id: suppliers.id })
      .catch((error: unknown) => {
        // A supplier took the number in the moment since the check (the unique indexes of migration 0024).
        throw isUniqueViolation(error) ? new AppError(ErrorCode.Conflict, SUPPLIER_EXISTS_MESSAGE) : error;
      });
    if (!supplier) {
      throw new Error('supplier insert returned nothing');
    }
    if (row.financialStatementId !== null) {
      // The registration's own file (it had no supplier yet): it becomes the new supplier's.
      await tx
        .update(uploadedFiles)
        .set({ supplierId: supplier.id })
        .where(and(eq(uploadedFiles.id, row.financialStatementId), ownedBy(uploadedFiles, ANY_SUPPLIER)));
    }
    const now = new Date();
    const [approved] = await tx
      .update(supplierRegistrations)
      .set({ status: 'approved', createdSupplierId: supplier.id, decidedByUserId: decider.userId, decidedAt: now })
      .where(eq(supplierRegistrations.id, row.id))
      .returning();
    if (!approved) {
      throw new Error('registration update returned nothing');
    }
    await deps.audit.record(
      {
        actorUserId: decider.userId,
        action: 'registration.approve',
        entity: 'supplier_registration',
        entityId: row.id,
        supplierId: supplier.id,
        before: { status: row.status },
        after: { status: 'approved', supplierId: supplier.id, tradingName: row.tradingName },
        requestId: decider.requestId,
      },
      tx,
    );
    // The registrant becomes the new supplier's admin by the ordinary invitation, sent by the team
    // in a mail of its own: what was approved and what to do next.
    const invited = await storeInvitation({ ...deps, db: tx }, decider, { kind: 'supplier', id: supplier.id }, { name: row.registrantName, email: row.registrantEmail, isAdmin: true });
    // The services chosen at registration start a first application, prefilled with the insurance given.
    const services = Array.isArray(row.answers.services) ? row.answers.services.filter((id): id is number => typeof id === 'number') : [];
    const application = await startPrefilledApplication(tx, deps.audit, decider, supplier.id, services, row.answers);
    await deps.mail.enqueue(
      tx,
      registrationApprovedMail(deps.config, {
        to: row.registrantEmail,
        referenceId: row.referenceId,
        tradingName: row.tradingName,
        link: invited.link,
        expiresAt: invited.expiresAt,
        services: application?.services.map((service) => service.title) ?? [],
      }),
    );
    return toRegistration(tx, approved);
  });
}

/** Declines a pending registration and emails the registrant the reasons. */
export async function declineRegistration(deps: DecisionDependencies, decider: Actor, id: number, reasons: string): Promise<TeamRegistration> {
  const trimmed = reasons.trim();
  return deps.db.transaction(async (tx) => {
    const row = await findRegistrationRow(tx, id, true);
    refuseIfDecided(row);
    const [declined] = await tx
      .update(supplierRegistrations)
      .set({ status: 'declined', declineReasons: trimmed, decidedByUserId: decider.userId, decidedAt: new Date() })
      .where(eq(supplierRegistrations.id, row.id))
      .returning();
    if (!declined) {
      throw new Error('registration update returned nothing');
    }
    await deps.audit.record(
      {
        actorUserId: decider.userId,
        action: 'registration.decline',
        entity: 'supplier_registration',
        entityId: row.id,
        before: { status: row.status },
        after: { status: 'declined', reasons: trimmed },
        requestId: decider.requestId,
      },
      tx,
    );
    // Queued with the decision. Only the reference and the team's own words: nothing a visitor typed goes into the mail.
    await deps.mail.enqueue(tx, {
      to: row.registrantEmail,
      subject: `Your business registration on the ${deps.config.productName} was not approved`,
      text: [
        'Kia ora,',
        '',
        `The ${deps.config.productName} team has reviewed your business registration, reference ${row.referenceId}, and could not approve it.`,
        '',
        'The team\'s reasons:',
        trimmed,
        '',
        `You can register again once you have dealt with them: ${deps.config.publicUrl}/register`,
      ].join('\n'),
    });
    return toRegistration(tx, declined);
  });
}

/**
 * Reminders of listing documents close to their expiry date (issue 30): a daily scheduled job
 * (LISTING_DOCUMENT_REMINDER_SCHEDULE) emails the supplier's people 28 and 7 days before a document
 * of a live listing expires (`dueDocumentReminder`, common/listings/document-expiry.ts). Each
 * reminder is claimed by inserting its row into `listing_document_reminders` in the transaction
 * that queues its mails, so it goes once whatever runs the job, in any number of processes.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatDate } from '../../../common/dates';
import { daysUntil, dueDocumentReminder, newZealandDate } from '../../../common/listings/document-expiry';
import { listingDocumentKindLabel, listingDocuments } from '../../../common/listings/service-listings';
import type { Database } from '../../db/client';
import { listingDocumentReminders, serviceListings, serviceListingVersions, services } from '../../db/schema/index';
import { ANY_SUPPLIER, ownedBy } from '../../db/supplier-scope';
import type { JobKind } from '../../jobs/job-queue';
import type { MailQueue } from '../../mail/mail-queue';
import { quoteForMail } from '../../mail/quote';
import { supplierPeopleEmails } from '../supplier-users/service';
import { supplierFileNames } from '../uploads/service';

export interface DocumentReminderDeps {
  db: Database;
  mail: MailQueue;
  log: FastifyBaseLogger;
  productName: string;
  publicUrl: string;
}

export const LISTING_DOCUMENT_REMINDER_QUEUE = 'listing-document-reminders';

export function documentReminderSubject(expiresOn: string): string {
  return `A document on your service listing expires on ${formatDate(expiresOn)}`;
}

/** A document of a live listing with an expiry date. */
interface ExpiringDocument {
  listingId: number;
  supplierId: number;
  serviceId: number;
  serviceTitle: string;
  fileId: string;
  kind: string;
  expiresOn: string;
}

/** The documents with an expiry date in the live versions of listings that are not suspended. */
async function findDatedDocuments(db: Database): Promise<ExpiringDocument[]> {
  const rows = await db
    .select({ listingId: serviceListings.id, supplierId: serviceListings.supplierId, serviceId: services.id, serviceTitle: services.title, data: serviceListingVersions.data })
    .from(serviceListings)
    .innerJoin(serviceListingVersions, and(eq(serviceListingVersions.listingId, serviceListings.id), eq(serviceListingVersions.version, serviceListings.publishedVersion)))
    .innerJoin(services, eq(services.id, serviceListings.serviceId))
    .where(
      and(
        // Every supplier's live listings: the job reminds them all.
        ownedBy(serviceListings, ANY_SUPPLIER),
        isNotNull(serviceListings.publishedVersion),
        isNull(serviceListings.suspendedAt),
        sql`jsonb_path_exists(${serviceListingVersions.data}, '$.documents.documents[*].expires_on')`,
      ),
    );
  return rows.flatMap((row) =>
    listingDocuments(row.data).flatMap(({ fileId, kind, expiresOn }) =>
      expiresOn === null ? [] : [{ listingId: row.listingId, supplierId: row.supplierId, serviceId: row.serviceId, serviceTitle: row.serviceTitle, fileId, kind, expiresOn }],
    ),
  );
}

/** Claims one reminder and queues its mails, in one transaction; false when it was claimed before. */
function remind(deps: DocumentReminderDeps, document: ExpiringDocument, daysBefore: number): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(listingDocumentReminders)
      .values({ listingId: document.listingId, fileId: document.fileId, expiresOn: document.expiresOn, daysBefore })
      .onConflictDoNothing()
      .returning({ listingId: listingDocumentReminders.listingId });
    if (claimed.length === 0) {
      return false;
    }
    const fileName = (await supplierFileNames(tx, document.supplierId, [document.fileId]))[document.fileId];
    const what = `${listingDocumentKindLabel(document.kind)}${fileName ? ` (${quoteForMail(fileName)})` : ''}`;
    const text = [
      'Kia ora,',
      '',
      `The ${what} on your listing of ${quoteForMail(document.serviceTitle)} expires on ${formatDate(document.expiresOn)}.`,
      'Upload the new one on your listing with its new expiry date, and send the change for review. Buyers keep seeing your listing meanwhile.',
      '',
      `Your listings in the ${deps.productName} dashboard: ${deps.publicUrl}/dashboard/listings`,
      '',
    ].join('\n');
    for (const email of await supplierPeopleEmails(tx, document.supplierId)) {
      await deps.mail.enqueue(tx, { to: email, subject: documentReminderSubject(document.expiresOn), text });
    }
    return true;
  });
}

/**
 * Sends the reminders due on `today` (yyyy-mm-dd, New Zealand) that no run has claimed yet; returns
 * how many it sent. Safe to run any number of times, in any number of processes at once.
 */
export async function sendDocumentReminders(deps: DocumentReminderDeps, today: string): Promise<number> {
  let sent = 0;
  for (const document of await findDatedDocuments(deps.db)) {
    const due = dueDocumentReminder(daysUntil(today, document.expiresOn));
    if (due === null) {
      continue;
    }
    const queued = await remind(deps, document, due).catch((error: unknown) => {
      // The claim rolled back with the mails: the next run tries this one again.
      deps.log.error({ err: error, listingId: document.listingId }, 'listing document reminder failed; it will be tried again');
      return false;
    });
    sent += queued ? 1 : 0;
  }
  return sent;
}

/** The scheduled job: the reminders due on the day it runs. */
export function documentReminderJobKind(deps: DocumentReminderDeps, schedule: string, clock: () => Date = () => new Date()): JobKind {
  return {
    name: LISTING_DOCUMENT_REMINDER_QUEUE,
    label: 'Listing document reminders',
    // A failed run is simply tomorrow's work: the claims make any rerun safe.
    retry: { limit: 2, delaySeconds: 300, backoff: false },
    schedule,
    async run() {
      const sent = await sendDocumentReminders(deps, newZealandDate(clock()));
      if (sent > 0) {
        deps.log.info({ reminders: sent }, 'listing document reminders queued');
      }
    },
  };
}

/**
 * Reminders of listing documents close to their expiry date (issue 30): 28 and 7 days before, each
 * once even from two runs at the same moment, only for live listings that are not suspended, and
 * a renewed document (a new expiry date) is reminded about afresh.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceListings, serviceListingVersions } from '../../db/schema/index';
import { buildTestApp, type TestContext } from '../../test/harness';
import { createApplicantSupplier, createTeamMemberUser, createTestApplication, type ApplicantSupplier } from '../applications/team-test-support';
import { createChannel, serviceId, type CreatedChannel } from '../directory/test-support';
import { uploadFile } from '../uploads/test-support';
import { readOutboxMessage } from '../../mail/outbox';
import { documentReminderSubject, sendDocumentReminders, type DocumentReminderDeps } from './document-reminders';
import { completeListingAnswers, createTestListing } from './test-support';

describe('listing document reminders', () => {
  let context: TestContext;
  let channel: CreatedChannel;
  let deps: DocumentReminderDeps;
  let supplier: ApplicantSupplier;
  let listingId: number;
  let fileId: string;

  const insured = () => serviceId(channel, 'Reminder insured service');
  const other = () => serviceId(channel, 'Reminder other service');

  beforeAll(async () => {
    context = await buildTestApp();
    deps = { db: context.database.db, mail: context.app.mail, log: context.app.log, productName: 'Marketplace', publicUrl: 'http://localhost:3000' };
    channel = await createChannel(context.database.db, {
      title: 'Reminder Channel',
      catalogues: [{ title: 'Reminder Catalogue', services: [{ title: 'Reminder insured service' }, { title: 'Reminder other service' }] }],
    });
    supplier = await createApplicantSupplier(context, 'Takahē Insured');
    const application = await createTestApplication(context, {
      supplierId: supplier.supplierId,
      status: 'listing_validation',
      services: [{ serviceId: insured(), status: 'granted' }, { serviceId: other(), status: 'granted' }],
    });
    const upload = await uploadFile(context.app, supplier.headers, { fileName: 'public-liability.pdf' }, 'ListingDocuments');
    fileId = upload.json<{ files: { id: string }[] }>().files[0]?.id ?? '';
    listingId = await createTestListing(context.database.db, { supplierId: supplier.supplierId, serviceId: insured(), applicationId: application.id });
    // The insurance certificate expires on 30 June 2027; the other listing has no document.
    await context.database.db.update(serviceListings).set({ data: completeListingAnswers(fileId) }).where(eq(serviceListings.id, listingId));
    await createTestListing(context.database.db, { supplierId: supplier.supplierId, serviceId: other(), applicationId: application.id });
    const team = await createTeamMemberUser(context);
    const published = await context.app.inject({ method: 'POST', url: `/api/v1/admin/applications/${String(application.id)}/status`, headers: team.headers, payload: { status: 'published' } });
    expect(published.statusCode, published.body).toBe(200);
    await context.deliverMail();
  });
  afterAll(() => context.close());

  async function remindersTo(email: string, expiresOn: string) {
    return (await context.deliverMail()).filter((entry) => entry.to.includes(email) && entry.subject === documentReminderSubject(expiresOn));
  }

  it('says nothing more than 28 days before, then reminds once at 28 days, even from two runs at once', async () => {
    expect(await sendDocumentReminders(deps, '2027-05-01')).toBe(0);
    const [first, second] = await Promise.all([sendDocumentReminders(deps, '2027-06-02'), sendDocumentReminders(deps, '2027-06-02')]);
    expect(first + second).toBe(1);
    const mails = await remindersTo(supplier.admin.user.email, '2027-06-30');
    expect(mails).toHaveLength(1);
    const message = await readOutboxMessage(context.app.config.mail.outboxDir, mails[0]?.id ?? '');
    expect(message?.text).toContain('The Insurance certificate (“public-liability.pdf”) on your listing of “Reminder insured service” expires on 30 June 2027.');
    // The days after, until 7 days before: nothing more.
    expect(await sendDocumentReminders(deps, '2027-06-15')).toBe(0);
  });

  it('reminds again 7 days before, once, and not after the document has expired', async () => {
    expect(await sendDocumentReminders(deps, '2027-06-23')).toBe(1);
    expect(await sendDocumentReminders(deps, '2027-06-30')).toBe(0);
    expect(await sendDocumentReminders(deps, '2027-07-01')).toBe(0);
    // The outbox holds both: 28 days and 7 days before.
    expect(await remindersTo(supplier.admin.user.email, '2027-06-30')).toHaveLength(2);
  });

  it('reminds about a renewed document afresh, and never about a suspended listing', async () => {
    const renewed = completeListingAnswers(fileId);
    renewed.documents = { documents: [{ kind: 'insurance', file: fileId, expires_on: '2028-06-30', buyers_only: false }] };
    await context.database.db.update(serviceListingVersions).set({ data: renewed }).where(eq(serviceListingVersions.listingId, listingId));
    expect(await sendDocumentReminders(deps, '2028-06-10')).toBe(1);
    await context.database.db.update(serviceListings).set({ suspendedAt: new Date() }).where(eq(serviceListings.id, listingId));
    expect(await sendDocumentReminders(deps, '2028-06-25')).toBe(0);
  });
});

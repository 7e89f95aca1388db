/**
 * Demo message threads (issue 29, item 6), so the paged thread lists show their pages on first start:
 * Southern Alps Facilities (the demo member's supplier) has 12 threads on its own record, more than a
 * page of its messages panel; other suppliers have enough open threads that the team inbox has a
 * second page. Each ends with the team's answer, so they wait on the supplier and come after any
 * question waiting on the team in the inbox. The supplier's people and the team have read them, so
 * unread counts start at none. No digest rows are written: a first start mails nobody.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { supplierMemberships, threadMessages, threadReads, threads, users } from '../db/schema/index';
import { ownedBy } from '../db/supplier-scope';

const HOUR_MS = 3_600_000;

/** A supplier's question and the team's answer. */
interface DemoThread {
  supplier: string;
  title: string;
  question: string;
  answer: string;
  isResolved?: boolean;
}

const QUESTIONS: readonly [string, string, string][] = [
  ['Updating our insurance certificate', 'Our public liability cover renewed this month. Where do we upload the new certificate?', 'Upload it on your supplier details under Documents; we will check it within two working days.'],
  ['Adding a new contact person', 'Our account manager has changed. How do we add her to the portal?', 'A supplier admin can invite her from Users in your dashboard.'],
  ['Question about the rate card', 'Can our day rates differ between regions?', 'Yes: note the regions and their rates in your service listing.'],
  ['Billing report for a paused engagement', 'Our engagement paused for two months. Do we still report those months?', 'Report the months it ran; for the paused months, report nothing billed.'],
  ['Change of trading name', 'We are changing our trading name next month. What do we need to do?', 'Send us the new name with its NZBN record and we will review the change.'],
  ['Catalogue for a new service', 'Which catalogue should our new training service go in?', 'The Professional services catalogue, under Training and development.'],
  ['Access for a subcontractor', 'Can our subcontractor see our engagement notices?', 'Only people of your organisation can; share what they need outside the portal.'],
  ['Agency asked for references', 'An agency wants two references. Can we link them to our profile?', 'Add them to your case studies; agencies see those on your profile.'],
  ['Our GST number changed', 'We registered for GST under a new number. Where do we update it?', 'In your supplier details, under Business numbers.'],
  ['Renewal of our panel membership', 'When does our panel membership come up for renewal?', 'Memberships renew each year on the date you were approved; we write a month before.'],
  ['Engagement notice sent twice', 'We submitted the same engagement notice twice by mistake.', 'Withdraw one of them, with the reason Duplicate.'],
  ['Privacy statement wording', 'Does the portal need our privacy statement?', 'Link to it from your profile; agencies read it there.'],
];

const OTHER_SUPPLIERS = ['Harbourside Consulting', 'Tūī Cyber', 'Waikato Data Co', 'Otago Research Partners', 'Rangitoto Cloud', 'Tōtara Property Services', 'Pōhutukawa People', 'Capital Change Co'];

/** The demo's threads, oldest first. */
function demoThreads(): DemoThread[] {
  const own: DemoThread[] = QUESTIONS.map(([title, question, answer], index) => ({
    supplier: 'Southern Alps Facilities',
    title,
    question,
    answer,
    isResolved: index % 3 === 0,
  }));
  // Three answered questions per other supplier, open: they wait on the supplier, so a new question
  // (waiting on the team) still heads the inbox.
  const others: DemoThread[] = OTHER_SUPPLIERS.flatMap((supplier, supplierIndex) =>
    [0, 1, 2].map((offset) => {
      const [title, question, answer] = QUESTIONS[(supplierIndex * 3 + offset) % QUESTIONS.length] ?? QUESTIONS[0] ?? ['', '', ''];
      return { supplier, title, question, answer };
    }),
  );
  return [...own, ...others];
}

/** Inserts the demo threads; answers how many. */
export async function insertDemoThreads(tx: Database, supplierIds: ReadonlyMap<string, number>, now: Date): Promise<number> {
  const [teamMember] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'staff@example.com')).limit(1);
  const list = demoThreads();
  for (const [index, demo] of list.entries()) {
    const supplierId = supplierIds.get(demo.supplier);
    if (supplierId === undefined) {
      throw new Error(`Demo data refers to unknown "${demo.supplier}"`);
    }
    const [author] = await tx
      .select({ id: supplierMemberships.userId })
      .from(supplierMemberships)
      .where(ownedBy(supplierMemberships, supplierId))
      .limit(1);
    // One a few hours apart, the newest a little before the seed.
    const askedAt = new Date(now.getTime() - (list.length - index) * 5 * HOUR_MS);
    const answeredAt = new Date(askedAt.getTime() + HOUR_MS);
    const lastAt = answeredAt;
    const [thread] = await tx
      .insert(threads)
      .values({
        model: 'supplier',
        recordId: supplierId,
        supplierId,
        title: demo.title,
        createdByUserId: author?.id ?? null,
        createdAt: askedAt,
        updatedAt: lastAt,
        isResolved: demo.isResolved ?? false,
        resolvedAt: demo.isResolved === true ? new Date(lastAt.getTime() + HOUR_MS) : null,
        resolvedByUserId: demo.isResolved === true ? (teamMember?.id ?? null) : null,
      })
      .returning({ id: threads.id });
    if (!thread) {
      throw new Error('Insert returned no row');
    }
    await tx.insert(threadMessages).values([
      { threadId: thread.id, authorUserId: author?.id ?? null, isFromTeam: false, content: demo.question, createdAt: askedAt },
      { threadId: thread.id, authorUserId: teamMember?.id ?? null, isFromTeam: true, content: demo.answer, createdAt: answeredAt },
    ]);
    // The supplier's people have read the answers; the team has read what it answered.
    const readers = await tx.select({ userId: supplierMemberships.userId }).from(supplierMemberships).where(ownedBy(supplierMemberships, supplierId));
    const teamReaders = await tx.select({ userId: users.id }).from(users).where(inArray(users.email, ['staff@example.com', 'team@example.com']));
    const rows = [...readers, ...teamReaders].map(({ userId }) => ({ threadId: thread.id, userId, lastReadAt: lastAt }));
    if (rows.length > 0) {
      await tx.insert(threadReads).values(rows).onConflictDoNothing();
    }
  }
  return list.length;
}

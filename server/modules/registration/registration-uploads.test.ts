/**
 * The public registration upload under attack (issue 29, item 5): one address sending many large
 * files at once stays within its byte budget, and files no submitted registration took are removed
 * once the keep time has passed, while a registration's own file stays.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadByteClaims, uploadedFiles } from '../../db/schema/index';
import { buildPublicFormTestApp, openPublicForm, type PublicFormVisitor } from '../../http/public-form-test-support';
import type { TestContext } from '../../test/harness';
import { multipartBody, PDF_BYTES } from '../uploads/test-support';
import { REGISTRATION_UPLOAD_SWEEP_QUEUE, sweepRegistrationUploads } from './abandoned-uploads';
import { createTestCatalogue, validAnswers } from './test-support';
import { budgetSpentMessage } from './upload-budget';

const FILE_BYTES = 1_000_000;
const BUDGET_BYTES = 5 * 1024 * 1024;
const ATTACK_UPLOADS = 30;
const HOUR_MS = 60 * 60 * 1000;

/** A PDF of exactly `size` bytes. */
function pdfOf(size: number): Buffer {
  return Buffer.concat([PDF_BYTES, Buffer.alloc(size - PDF_BYTES.length, 32)]);
}

describe('registration uploads: a byte budget per address, and removal when no registration took them', () => {
  let context: TestContext;
  let visitor: PublicFormVisitor;

  const upload = (remoteAddress: string, content: Buffer = pdfOf(FILE_BYTES)) => {
    const body = multipartBody({ fileName: 'accounts.pdf', content });
    return context.app.inject({
      method: 'POST',
      url: '/api/v1/supplier-registration/upload',
      remoteAddress,
      headers: { ...visitor.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const storedBytes = async () => (await context.database.db.select({ size: uploadedFiles.size }).from(uploadedFiles)).reduce((sum, row) => sum + row.size, 0);

  beforeAll(async () => {
    context = await buildPublicFormTestApp({
      UPLOAD_MAX_BYTES: String(FILE_BYTES),
      REGISTRATION_UPLOAD_BYTES_PER_DAY: String(BUDGET_BYTES),
      REGISTRATION_UPLOAD_KEEP_HOURS: '24',
      // The per-address request count is a separate limit: off, so the budget alone is tested.
      PUBLIC_FORM_RATE_LIMIT: '0',
    });
    visitor = await openPublicForm(context.app);
  });
  afterAll(() => context.close());

  it(`stores at most the budget when one address sends ${ATTACK_UPLOADS} large uploads at once, and refuses the rest with a clear 429`, async () => {
    const answers = await Promise.all(Array.from({ length: ATTACK_UPLOADS }, () => upload('203.0.113.7')));
    const accepted = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    const stored = await storedBytes();
    console.info(`registration upload attack: ${accepted.length} of ${ATTACK_UPLOADS} stored, ${stored} bytes (budget ${BUDGET_BYTES})`);

    expect(accepted.length + refused.length).toBe(ATTACK_UPLOADS);
    expect(accepted).toHaveLength(Math.floor(BUDGET_BYTES / FILE_BYTES));
    expect(stored).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(refused[0]?.json()).toMatchObject({ success: false, files: [], errors: [budgetSpentMessage(context.config.teamContact.email)] });

    // Another address has its own budget.
    expect((await upload('198.51.100.20')).statusCode).toBe(200);
  });

  it('gives the budget back when the file is refused before it is stored, and frees it after a day', async () => {
    const address = '192.0.2.44';
    const claims = async () => (await context.database.db.select({ id: uploadByteClaims.id }).from(uploadByteClaims)).length;
    const claimsBefore = await claims();
    expect((await upload(address, Buffer.from('MZ\u0090\u0000binary'))).statusCode).toBe(415);
    expect(await claims()).toBe(claimsBefore);
    for (let index = 0; index < 5; index += 1) {
      expect((await upload(address)).statusCode).toBe(200);
    }
    expect((await upload(address)).statusCode).toBe(429);
    // A day later the claims have gone with the sweep, and the address may upload again.
    const swept = await sweepRegistrationUploads({ db: context.database.db, storage: context.app.storage, keepHours: 24 }, new Date(Date.now() + 25 * HOUR_MS));
    expect(swept.claims).toBeGreaterThanOrEqual(5);
    expect(await context.database.db.select().from(uploadByteClaims)).toHaveLength(0);
  });

  it('removes an upload no submitted registration holds once the keep time has passed, and keeps the one a registration holds', async () => {
    const { db } = context.database;
    const catalogue = await createTestCatalogue(context);
    const fresh = await openPublicForm(context.app);
    visitor = fresh;
    const kept = (await upload('192.0.2.80', pdfOf(4096))).json<{ files: { id: string }[] }>().files[0]?.id ?? '';
    const abandoned = (await upload('192.0.2.80', pdfOf(4096))).json<{ files: { id: string }[] }>().files[0]?.id ?? '';
    const submitted = await context.app.inject({
      method: 'POST',
      url: '/api/v1/supplier-registration',
      headers: fresh.headers,
      payload: { formVersion: 1, answers: validAnswers(catalogue, { nzbn: '9429052549311', submit_financial_statement: 'yes', financial_statement: kept }) },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const keyOf = async (id: string) => (await db.select({ key: uploadedFiles.storageKey }).from(uploadedFiles).where(eq(uploadedFiles.id, id)))[0]?.key ?? '';
    const keptKey = await keyOf(kept);
    const abandonedKey = await keyOf(abandoned);
    const deps = { db, storage: context.app.storage, keepHours: 24 };

    // Within the day, nothing goes: the visitor may still submit.
    expect((await sweepRegistrationUploads(deps, new Date(Date.now() + 23 * HOUR_MS))).files).toBe(0);
    expect(await keyOf(abandoned)).toBe(abandonedKey);

    const swept = await sweepRegistrationUploads(deps, new Date(Date.now() + 25 * HOUR_MS));
    expect(swept.files).toBeGreaterThanOrEqual(1);
    expect(await keyOf(abandoned)).toBe('');
    expect(await context.app.storage.get(abandonedKey)).toBeNull();
    expect(await keyOf(kept)).toBe(keptKey);
    expect(await context.app.storage.get(keptKey)).not.toBeNull();
    // Every upload of the tests above was never attached: only the registration's file is left.
    expect((await db.select({ id: uploadedFiles.id }).from(uploadedFiles)).map((row) => row.id)).toEqual([kept]);
  });

  it('runs as a scheduled job beside the upload sweep', () => {
    expect(context.app.jobs.kinds.get(REGISTRATION_UPLOAD_SWEEP_QUEUE)?.schedule).toBe(context.config.jobs.uploadSweepSchedule);
  });
});

/** POST /api/v1/supplier-registration and its upload: the token, the answers, the business already known. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_TOKEN_HEADER } from '../../../common/public-form';
import { auditLog, supplierRegistrations, suppliers, uploadedFiles } from '../../db/schema/index';
import { UNSAFE_TEXT_MESSAGE } from '../../http/input-guard';
import { buildPublicFormTestApp, openPublicForm, type PublicFormVisitor } from '../../http/public-form-test-support';
import { UPLOAD_TYPE_MESSAGE } from '../../storage/upload-policy';
import type { TestContext } from '../../test/harness';
import { MALFORMED_UPLOAD_MESSAGE } from '../uploads/read-upload';
import { multipartBody, PDF_BYTES } from '../uploads/test-support';
import { readOutboxMessage } from '../../mail/index';
import { registrationReceivedSubject } from './notify';
import { ALREADY_REGISTERED_MESSAGE } from './submit-registration';
import { describeUploadLimit } from './start-page';
import { createTestCatalogue, validAnswers, type TestCatalogue } from './test-support';

const NZBN = '9429052549311';
const OTHER_NZBN = '9429077777775';
const REGISTERED_NZBN = '9429041525746';

describe('POST /api/v1/supplier-registration', () => {
  let context: TestContext;
  let visitor: PublicFormVisitor;
  let catalogue: TestCatalogue;

  const submit = (answers: Record<string, unknown>, headers: Record<string, string> = visitor.headers, formVersion = 1) =>
    context.app.inject({ method: 'POST', url: '/api/v1/supplier-registration', headers, payload: { formVersion, answers } });
  const registrationCount = async () => (await context.database.db.select({ id: supplierRegistrations.id }).from(supplierRegistrations)).length;
  const upload = (headers: Record<string, string>, file: { fileName: string; content: Buffer }) => {
    const body = multipartBody(file);
    return context.app.inject({
      method: 'POST',
      url: '/api/v1/supplier-registration/upload',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    context = await buildPublicFormTestApp({ UPLOAD_MAX_BYTES: '2048' });
    catalogue = await createTestCatalogue(context);
    await context.database.db
      .insert(suppliers)
      .values({ tradingName: 'Kererū Works', legalName: 'Kereru Works Limited', status: 'approved', nzbn: REGISTERED_NZBN });
    visitor = await openPublicForm(context.app);
  });
  afterAll(() => context.close());

  it('answers 403 without the token or with a forged one, and stores nothing', async () => {
    expect((await submit(validAnswers(catalogue), { cookie: visitor.cookie })).statusCode).toBe(403);
    const forged = `${visitor.token.slice(0, -1)}${visitor.token.endsWith('A') ? 'B' : 'A'}`;
    expect((await submit(validAnswers(catalogue), { cookie: visitor.cookie, [SECURITY_TOKEN_HEADER]: forged })).statusCode).toBe(403);
    expect(await registrationCount()).toBe(0);
  });

  it('stores a valid registration with its form version and digits-only number, audits it, and answers its reference', async () => {
    const response = await submit(validAnswers(catalogue, { nzbn: '9429 0525 4931 1' }));
    expect(response.statusCode, response.body).toBe(201);
    const { referenceId } = response.json<{ referenceId: string }>();
    expect(referenceId).toMatch(/^REG-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const [row] = await context.database.db.select().from(supplierRegistrations).where(eq(supplierRegistrations.referenceId, referenceId));
    expect(row).toMatchObject({ status: 'pending', formKey: 'supplier-registration', formVersion: 1, nzbn: NZBN, abn: null, tradingName: 'Kauri Cloud', registrantEmail: 'aroha@kauri.example' });
    expect(row?.answers).toMatchObject({ nzbn: NZBN, services: catalogue.serviceIds, declaration_true: true });
    const audits = await context.database.db.select().from(auditLog).where(eq(auditLog.action, 'registration.submit'));
    expect(audits).toHaveLength(1);
  });

  it('acknowledges a registration by mail: its reference and the team\'s aim, nothing the visitor typed', async () => {
    const directory = context.config.mail.outboxDir;
    const entry = (await context.deliverMail()).find((candidate) => candidate.to.includes('aroha@kauri.example'));
    const mail = entry ? await readOutboxMessage(directory, entry.id) : undefined;
    const [row] = await context.database.db.select().from(supplierRegistrations).where(eq(supplierRegistrations.nzbn, NZBN));
    expect(mail?.subject).toBe(registrationReceivedSubject('Marketplace'));
    expect(mail?.text).toContain(`Your reference is ${row?.referenceId ?? 'missing'}.`);
    expect(mail?.text).toContain(`within ${String(context.config.reviewTargetDays)} working days`);
    expect(mail?.text).not.toContain('Kauri Cloud');
  });

  it('refuses the same business again while it is pending, and a business already registered, with 409', async () => {
    const again = await submit(validAnswers(catalogue, { nzbn: NZBN, registrant_email: 'someone@else.example' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'conflict', message: ALREADY_REGISTERED_MESSAGE });
    const registered = await submit(validAnswers(catalogue, { nzbn: REGISTERED_NZBN }));
    expect(registered.statusCode).toBe(409);
    expect(await registrationCount()).toBe(1);
  });

  it('has check-supplier answer registered=true for a pending registration, and nothing more', async () => {
    const response = await context.app.inject({ method: 'GET', url: `/api/v1/check-supplier?nzbn=${NZBN}`, headers: visitor.headers });
    expect(response.body).toBe('{"registered":true}');
  });

  it('answers 400 naming the field to an invalid NZBN, ABN or ACN', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ nzbn: '9429052549312' }, 'nzbn'],
      [{ business_country: 'Australia', nzbn: undefined, abn: '51824753557' }, 'abn'],
      [{ business_country: 'Australia', nzbn: undefined, abn: '53004085616', acn: '005499982' }, 'acn'],
    ];
    for (const [overrides, field] of cases) {
      const response = await submit(validAnswers(catalogue, overrides));
      expect(response.statusCode, field).toBe(400);
      expect(response.json<{ details: { field: string }[] }>().details.map((detail) => detail.field), field).toContain(field);
    }
    expect(await registrationCount()).toBe(1);
  });

  it('answers 400 with every failing field: missing, malformed, unknown, services of another catalogue, an unticked declaration', async () => {
    const response = await submit(
      validAnswers(catalogue, {
        nzbn: OTHER_NZBN,
        trading_name: undefined,
        registrant_email: 'not an email',
        colour: 'blue',
        services: [catalogue.otherServiceId],
        declaration_true: false,
      }),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; details: { field: string; message: string }[] }>();
    expect(body.error).toBe('bad request');
    expect(body.details.map((detail) => detail.field).sort()).toEqual(['colour', 'declaration_true', 'registrant_email', 'services', 'trading_name']);
    expect(body.details.find((detail) => detail.field === 'trading_name')?.message).toBe('Enter your trading name');
    const noServices = await submit(validAnswers(catalogue, { nzbn: OTHER_NZBN, services: [] }));
    expect(noServices.json()).toMatchObject({ details: [{ field: 'services', message: 'Select at least one service you want to offer' }] });
    expect(await registrationCount()).toBe(1);
  });

  it('answers 400 to an unknown form version, a body of the wrong shape, and a NUL byte', async () => {
    expect((await submit(validAnswers(catalogue, { nzbn: OTHER_NZBN }), visitor.headers, 99)).statusCode).toBe(400);
    const wrongShape = await context.app.inject({ method: 'POST', url: '/api/v1/supplier-registration', headers: visitor.headers, payload: { answers: 'yes' } });
    expect(wrongShape.statusCode).toBe(400);
    const nul = await submit(validAnswers(catalogue, { nzbn: OTHER_NZBN, trading_name: 'Kauri\u0000Cloud' }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ details: [{ message: UNSAFE_TEXT_MESSAGE }] });
    expect(await registrationCount()).toBe(1);
  });

  it('takes a financial statement through the public upload, with the token, and the registration holds it', async () => {
    expect((await upload({ cookie: visitor.cookie }, { fileName: 'accounts.pdf', content: PDF_BYTES })).statusCode).toBe(403);
    const uploaded = await upload(visitor.headers, { fileName: 'accounts.pdf', content: PDF_BYTES });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileId = uploaded.json<{ files: { id: string }[] }>().files[0]?.id ?? '';
    const [file] = await context.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, fileId));
    expect(file).toMatchObject({ supplierId: null, folder: 'RegistrationFiles', uploadedByUserId: null });

    const response = await submit(validAnswers(catalogue, { nzbn: OTHER_NZBN, submit_financial_statement: 'yes', financial_statement: fileId }));
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await context.database.db.select().from(supplierRegistrations).where(eq(supplierRegistrations.nzbn, OTHER_NZBN));
    expect(row?.financialStatementId).toBe(fileId);

    // A file another registration holds, or one that does not exist, is refused.
    const reused = await submit(validAnswers(catalogue, { nzbn: '9429031234566', submit_financial_statement: 'yes', financial_statement: fileId }));
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ details: [{ field: 'financial_statement' }] });
  });

  it('refuses an oversized upload with 413 and a forbidden type with 415, in the upload answer shape', async () => {
    const big = await upload(visitor.headers, { fileName: 'big.pdf', content: Buffer.concat([PDF_BYTES, Buffer.alloc(4096, 32)]) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ success: false, files: [] });
    const script = await upload(visitor.headers, { fileName: 'run.exe', content: Buffer.from('MZ\u0090\u0000binary') });
    expect(script.statusCode).toBe(415);
    expect(script.json()).toMatchObject({ success: false, errors: [UPLOAD_TYPE_MESSAGE] });
  });

  it('refuses a malformed multipart upload with 400 in the upload answer shape, storing nothing', async () => {
    const body = multipartBody({ fileName: 'statement.pdf', content: PDF_BYTES });
    const cut = await context.app.inject({
      method: 'POST',
      url: '/api/v1/supplier-registration/upload',
      headers: { ...visitor.headers, 'content-type': body.contentType },
      payload: body.payload.subarray(0, body.payload.length - 20),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ success: false, files: [], errors: [MALFORMED_UPLOAD_MESSAGE] });
    const noBoundary = await context.app.inject({
      method: 'POST',
      url: '/api/v1/supplier-registration/upload',
      headers: { ...visitor.headers, 'content-type': 'multipart/form-data' },
      payload: body.payload,
    });
    expect(noBoundary.statusCode).toBe(400);
  });

  it('renders /register and its steps with the token and the app settings', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/register/your-business' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<body[^>]* data-security-token="[^"]+"/);
    expect(page.body).toContain('id="app__register"');
    expect(page.headers['cache-control']).toBe('private, no-store');
  });

  it('redirects the root to the first step, keeping the query', async () => {
    const root = await context.app.inject({ method: 'GET', url: '/register' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/register/your-business');
    const withQuery = await context.app.inject({ method: 'GET', url: '/register?from=home' });
    expect(withQuery.headers.location).toBe('/register/your-business?from=home');
  });

  it('draws the first step itself, titled as the app titles it; the other steps are the app’s', async () => {
    for (const url of ['/register/your-business', '/register/your-business/?from=start']) {
      const page = await context.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      const mount = /<div id="app__register"[^>]*>(.*?)<\/div><noscript>/s.exec(page.body)?.[1] ?? '';
      expect(mount, url).toMatch(/<h1>Your business<\/h1>/);
      expect(mount, url).toContain('Step 1 of 4');
      // The form's questions, with the ids the app draws, and its Continue button.
      expect(mount, url).toMatch(/<legend[^>]*>Where is your business registered\?<\/legend>/);
      expect(mount, url).toMatch(/<input[^>]* id="root_business_country-0"[^>]*value="0"/);
      expect(mount, url).toMatch(/<label[^>]* for="root_registrant_email"[^>]*>Your email address<\/label>/);
      expect(mount, url).toContain('<button type="submit" class="button">Continue</button>');
      expect(mount, url).toContain('<a class="register__back-link" href="/register/start">Back<span class="visually-hidden"> to the start page</span></a>');
      expect(page.body, url).toContain('<title>Your business — ');
      expect(page.body, url).toContain('This form needs JavaScript.');
    }
    for (const url of ['/register/addresses-and-contacts', '/register/about-your-company/insurance']) {
      const page = await context.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toMatch(/<div id="app__register"[^>]*><\/div>/);
      expect(page.body, url).toContain('<title>Register your business — ');
    }
  });

  it('draws the start page without the app: what you need, how long, what happens next and Start now to the first step (issue 27, item 9)', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/register/start' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Register your business</h1>');
    expect(page.body).toContain('<h2>Before you start</h2>');
    expect(page.body).toContain('latest financial statement, if you will send one');
    expect(page.body).toContain('<h2>How long it takes</h2>');
    expect(page.body).toContain(`aims to do so within ${String(context.app.config.reviewTargetDays)} working days`);
    expect(page.body).toContain(`an image, up to ${describeUploadLimit(context.app.config.uploadMaxBytes)}</li>`);
    expect(page.body).toMatch(/<a href="\/register\/your-business" role="button" draggable="false" class="button button--start">Start now<svg/);
    expect(page.body).not.toContain('app__register');
  });
});

describe('describeUploadLimit', () => {
  it('reads megabytes, or kilobytes under one', () => {
    expect(describeUploadLimit(10 * 1024 * 1024)).toBe('10 MB');
    expect(describeUploadLimit(512 * 1024)).toBe('512 kB');
    expect(describeUploadLimit(100)).toBe('1 kB');
  });
});

/** POST /api/v1/upload and GET /api/v1/files/{id}: limits, types, names, folders and who may read. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, uploadedFiles } from '../../db/schema/index';
import { bearer, createSignedInUser, createSupplierWithMembers } from '../../auth/test-support';
import { buildTestApp, type TestContext } from '../../test/harness';
import { PDF_BYTES, multipartBody, uploadFile } from './test-support';

interface UploadBody {
  success: boolean;
  files: { id: string; fileName: string; size: number; contentType: string }[];
  errors: string[];
  error?: string;
  message?: string;
}

describe('uploads', () => {
  let context: TestContext;
  const MAX_BYTES = 1024;
  beforeAll(async () => {
    context = await buildTestApp({ UPLOAD_MAX_BYTES: String(MAX_BYTES) });
  });
  afterAll(() => context.close());

  async function member() {
    const { supplierId } = await createSupplierWithMembers(context.database.db);
    const signedIn = await createSignedInUser(context, { suppliers: [{ supplierId }] });
    return { ...signedIn, supplierId, headers: bearer(signedIn.accessToken, supplierId) };
  }

  async function fileCount(): Promise<number> {
    return (await context.database.db.select({ id: uploadedFiles.id }).from(uploadedFiles)).length;
  }

  it('requires a bearer token', async () => {
    const response = await uploadFile(context.app, {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, files: [], errors: [expect.any(String)], error: 'unauthorized' });
  });

  it('stores a file for the active supplier, audits it, and lets its members download it', async () => {
    const { headers, supplierId, user } = await member();
    const response = await uploadFile(context.app, headers, { fileName: 'Quote 2026.pdf' });
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadBody>();
    expect(body).toEqual({
      success: true,
      files: [{ id: expect.any(String) as string, fileName: 'Quote 2026.pdf', size: PDF_BYTES.length, contentType: 'application/pdf' }],
      errors: [],
    });
    const id = body.files[0]?.id ?? '';
    const [row] = await context.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, id));
    expect(row).toMatchObject({ supplierId, folder: 'MessageAttachments', uploadedByUserId: user.id, storageKey: `uploads/${supplierId}/${id}` });
    const [entry] = await context.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entry).toMatchObject({ action: 'file.upload', actorUserId: user.id, supplierId, before: null });

    const download = await context.app.inject({ method: 'GET', url: `/api/v1/files/${id}`, headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="Quote 2026.pdf"; filename*=UTF-8''Quote%202026.pdf`);
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it('refuses a file over the configured limit with 413 and stores nothing', async () => {
    const { headers } = await member();
    const before = await fileCount();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_BYTES, 0x20)]);
    const response = await uploadFile(context.app, headers, { content: big });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, files: [], errors: ['The file is larger than 1 KB. Upload a file of 1 KB or less.'] });
    expect(await fileCount()).toBe(before);
  });

  it('refuses a forbidden type recognised by content, whatever the name says', async () => {
    const { headers } = await member();
    const before = await fileCount();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)]);
    const response = await uploadFile(context.app, headers, { fileName: 'invoice.pdf', content: exe });
    expect(response.statusCode).toBe(415);
    const body = response.json<UploadBody>();
    expect(body).toMatchObject({ success: false, files: [], error: 'unsupported media type' });
    expect(body.errors[0]).toMatch(/cannot be uploaded/);
    expect(await fileCount()).toBe(before);
  });

  it('refuses a file name with a folder path, storing nothing', async () => {
    const { headers } = await member();
    const before = await fileCount();
    for (const fileName of ['../../etc/passwd.pdf', 'C:\\Users\\me\\quote.pdf']) {
      const response = await uploadFile(context.app, headers, { fileName });
      expect(response.statusCode, fileName).toBe(400);
      const body = response.json<UploadBody>();
      expect(body).toMatchObject({ success: false, files: [] });
      expect(body.errors[0]).toBe('The file name must not contain a folder path.');
    }
    expect(await fileCount()).toBe(before);
  });

  it('refuses a missing or unknown folder header', async () => {
    const { headers } = await member();
    const before = await fileCount();
    for (const folder of [null, 'Secrets', '../MessageAttachments']) {
      const response = await uploadFile(context.app, headers, {}, folder);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, files: [], errors: [expect.stringMatching(/folder/)] });
    }
    expect(await fileCount()).toBe(before);
  });

  it('refuses a request without a file, with the file in another field, or not multipart', async () => {
    const { headers } = await member();
    const empty = multipartBody(null, { note: 'hello' });
    const noFile = await context.app.inject({
      method: 'POST',
      url: '/api/v1/upload',
      headers: { ...headers, folder: 'MessageAttachments', 'content-type': empty.contentType },
      payload: empty.payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ success: false, errors: ['Choose a file to upload.'] });

    const wrongField = await uploadFile(context.app, headers, { field: 'attachment' });
    expect(wrongField.statusCode).toBe(400);

    const json = await context.app.inject({ method: 'POST', url: '/api/v1/upload', headers: { ...headers, folder: 'MessageAttachments' }, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ success: false, files: [] });
  });

  it('refuses a malformed multipart body with 400 and a clear message, storing nothing', async () => {
    const { headers } = await member();
    const before = await fileCount();
    const good = multipartBody({ fileName: 'quote.pdf', content: PDF_BYTES });
    const boundary = /boundary=(.+)$/.exec(good.contentType)?.[1] ?? '';
    const cases: { name: string; contentType: string; payload: Buffer | string }[] = [
      { name: 'not multipart at all', contentType: 'text/plain', payload: 'just some text' },
      { name: 'no closing boundary', contentType: good.contentType, payload: good.payload.subarray(0, good.payload.length - `--${boundary}--\r\n`.length - 5) },
      { name: 'a boundary the body does not use', contentType: 'multipart/form-data; boundary=somethingelse', payload: good.payload },
      { name: 'no boundary parameter', contentType: 'multipart/form-data', payload: good.payload },
      { name: 'an empty body', contentType: good.contentType, payload: '' },
      { name: 'garbage after the headers', contentType: good.contentType, payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` },
    ];
    for (const { name, contentType, payload } of cases) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/upload',
        headers: { ...headers, folder: 'MessageAttachments', 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, name).toBeLessThan(500);
      const body = response.json<UploadBody>();
      expect(body.success, name).toBe(false);
      expect(body.errors[0], name).toMatch(/multipart|file/i);
    }
    expect(await fileCount()).toBe(before);
  });

  it('refuses an empty file', async () => {
    const { headers } = await member();
    const response = await uploadFile(context.app, headers, { content: Buffer.alloc(0) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errors: ['The selected file is empty.'] });
  });

  it('needs an active supplier the user belongs to, except for the team', async () => {
    const { accessToken } = await member();
    const other = await createSupplierWithMembers(context.database.db);
    expect((await uploadFile(context.app, bearer(accessToken))).statusCode).toBe(400);
    expect((await uploadFile(context.app, bearer(accessToken, other.supplierId))).statusCode).toBe(403);

    const teamMember = await createSignedInUser(context, { isTeamMember: true });
    const response = await uploadFile(context.app, bearer(teamMember.accessToken));
    expect(response.statusCode).toBe(200);
    const id = response.json<UploadBody>().files[0]?.id ?? '';
    const [row] = await context.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, id));
    expect(row).toMatchObject({ supplierId: null, storageKey: `uploads/staff/${id}` });
  });

  it('lets the team download any file, and answers 404 to other suppliers and unknown ids', async () => {
    const owner = await member();
    const outsider = await member();
    const id = (await uploadFile(context.app, owner.headers)).json<UploadBody>().files[0]?.id ?? '';
    const teamMember = await createSignedInUser(context, { isTeamMember: true });

    expect((await context.app.inject({ method: 'GET', url: `/api/v1/files/${id}`, headers: bearer(teamMember.accessToken) })).statusCode).toBe(200);
    const foreign = await context.app.inject({ method: 'GET', url: `/api/v1/files/${id}`, headers: outsider.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: 'not found' });
    const unknown = await context.app.inject({ method: 'GET', url: '/api/v1/files/00000000-0000-4000-8000-000000000000', headers: owner.headers });
    expect(unknown.statusCode).toBe(404);
    const malformed = await context.app.inject({ method: 'GET', url: '/api/v1/files/..%2F..%2Fetc', headers: owner.headers });
    expect(malformed.statusCode).toBe(400);
  });
});

/**
 * S3Storage against a small S3-compatible server on 127.0.0.1: path-style object PUT, GET, HEAD
 * and DELETE, and multipart uploads (start, parts, complete, abort), with S3's XML errors, which is
 * all the SDK calls the driver makes. Offline, and the real SDK signs and sends real HTTP requests.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { S3Storage, STREAM_PART_SIZE } from './s3-storage';

const BUCKET = 'portal-uploads';
const ACCESS_KEY_ID = 'TESTACCESSKEY';

interface StoredObject {
  body: Buffer;
  contentType: string;
}

interface RecordedRequest {
  method: string;
  path: string;
  /** The multipart upload's step: 'start', 'part 1'…, 'complete', 'abort'; undefined for a plain request. */
  multipart: string | undefined;
  authorization: string;
  contentLength: string | undefined;
  /** How many bytes the test's stream had produced when this request arrived. */
  producedBefore: number;
}

interface MultipartUpload {
  key: string;
  contentType: string;
  parts: Map<number, Buffer>;
}

const objects = new Map<string, StoredObject>();
const uploads = new Map<string, MultipartUpload>();
const requests: RecordedRequest[] = [];
/** Bytes produced so far by the stream a test is uploading (see streamOf). */
let produced = 0;

function multipartStep(method: string, query: URLSearchParams): string | undefined {
  if (method === 'POST' && query.has('uploads')) {
    return 'start';
  }
  if (!query.has('uploadId')) {
    return undefined;
  }
  if (method === 'PUT') {
    return `part ${query.get('partNumber') ?? '?'}`;
  }
  return method === 'POST' ? 'complete' : 'abort';
}

function sendXml(response: ServerResponse, xml: string): void {
  response.writeHead(200, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) });
  response.end(xml);
}

/** Multipart uploads, as S3 answers them: CreateMultipartUpload, UploadPart, CompleteMultipartUpload, AbortMultipartUpload. */
async function handleMultipart(step: string, request: IncomingMessage, response: ServerResponse, key: string, query: URLSearchParams): Promise<void> {
  if (step === 'start') {
    const uploadId = `upload-${String(uploads.size + 1)}`;
    uploads.set(uploadId, { key, contentType: request.headers['content-type'] ?? 'binary/octet-stream', parts: new Map() });
    sendXml(response, `<InitiateMultipartUploadResult><Bucket>${BUCKET}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`);
    return;
  }
  const uploadId = query.get('uploadId') ?? '';
  const upload = uploads.get(uploadId);
  if (upload === undefined) {
    sendError(response, 404, 'NoSuchUpload', 'The specified upload does not exist.', key);
    return;
  }
  if (step === 'abort') {
    uploads.delete(uploadId);
    response.writeHead(204).end();
    return;
  }
  if (step === 'complete') {
    const listed = [...(await text(request)).matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((match) => Number(match[1]));
    objects.set(upload.key, { body: Buffer.concat(listed.map((number) => upload.parts.get(number) ?? Buffer.alloc(0))), contentType: upload.contentType });
    uploads.delete(uploadId);
    sendXml(response, `<CompleteMultipartUploadResult><Bucket>${BUCKET}</Bucket><Key>${key}</Key><ETag>"test-etag"</ETag></CompleteMultipartUploadResult>`);
    return;
  }
  upload.parts.set(Number(query.get('partNumber')), await buffer(request));
  response.writeHead(200, { etag: `"part-${query.get('partNumber') ?? ''}"`, 'content-length': 0 });
  response.end();
}

function sendError(response: ServerResponse, status: number, code: string, message: string, resource: string): void {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Resource>${resource}</Resource><RequestId>test-request</RequestId></Error>`;
  response.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml), 'x-amz-request-id': 'test-request' });
  response.end(xml);
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const authorization = request.headers.authorization ?? '';
  const step = multipartStep(request.method ?? '', url.searchParams);
  requests.push({ method: request.method ?? '', path: url.pathname, multipart: step, authorization, contentLength: request.headers['content-length'], producedBefore: produced });
  if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/`)) {
    sendError(response, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', url.pathname);
    return;
  }
  const [, bucket, ...keyParts] = url.pathname.split('/');
  const key = decodeURIComponent(keyParts.join('/'));
  if (bucket !== BUCKET) {
    sendError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist', url.pathname);
    return;
  }
  if (step !== undefined) {
    await handleMultipart(step, request, response, key, url.searchParams);
    return;
  }
  const stored = objects.get(key);
  switch (request.method) {
    case 'PUT': {
      const body = await buffer(request);
      objects.set(key, { body, contentType: request.headers['content-type'] ?? 'binary/octet-stream' });
      response.writeHead(200, { etag: '"test-etag"', 'content-length': 0 });
      response.end();
      return;
    }
    case 'GET':
    case 'HEAD':
      if (stored === undefined) {
        if (request.method === 'HEAD') {
          response.writeHead(404).end();
        } else {
          sendError(response, 404, 'NoSuchKey', 'The specified key does not exist.', url.pathname);
        }
        return;
      }
      response.writeHead(200, {
        'content-type': stored.contentType,
        'content-length': stored.body.length,
        etag: '"test-etag"',
        'last-modified': new Date(0).toUTCString(),
      });
      response.end(request.method === 'GET' ? stored.body : undefined);
      return;
    case 'DELETE':
      objects.delete(key);
      response.writeHead(204).end();
      return;
    default:
      sendError(response, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', url.pathname);
  }
}

let server: Server;
let endpoint: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  objects.clear();
  uploads.clear();
  requests.length = 0;
  produced = 0;
});

/** A stream of `size` bytes made 64 kB at a time as it is read (its bytes: their offset mod 251), failing after `failAfter` bytes if given. */
function streamOf(size: number, failAfter?: number): Readable {
  const chunkSize = 64 * 1024;
  return Readable.from(
    (function* generate() {
      while (produced < size) {
        if (failAfter !== undefined && produced >= failAfter) {
          throw new Error('the database went away');
        }
        const length = Math.min(chunkSize, size - produced);
        const chunk = Buffer.alloc(length);
        for (let index = 0; index < length; index += 1) {
          chunk[index] = (produced + index) % 251;
        }
        produced += length;
        yield chunk;
      }
    })(),
  );
}

function bytesOf(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let index = 0; index < size; index += 1) {
    bytes[index] = index % 251;
  }
  return bytes;
}

function createS3Storage(accessKeyId = ACCESS_KEY_ID): S3Storage {
  return new S3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey: 'test-secret' },
  });
}

describe('S3Storage', () => {
  it('puts an object path-style with its content type and signed with the configured key', async () => {
    const storage = createS3Storage();
    await storage.put('message-attachments/abc-123', Buffer.from('%PDF-1.4 hello'), { contentType: 'application/pdf' });
    expect(objects.get('message-attachments/abc-123')).toEqual({ body: Buffer.from('%PDF-1.4 hello'), contentType: 'application/pdf' });
    expect(requests).toEqual([
      expect.objectContaining({ method: 'PUT', path: `/${BUCKET}/message-attachments/abc-123`, contentLength: '14' }),
    ]);
    storage.destroy();
  });

  it('gets the bytes, content type and size back as a stream', async () => {
    const storage = createS3Storage();
    await storage.put('a/b', Readable.from([Buffer.from('name,price\n'), Buffer.from('Widget,10\n')]), { contentType: 'text/csv; charset=utf-8', size: 21 });
    const file = await storage.get('a/b');
    expect(file).toMatchObject({ contentType: 'text/csv; charset=utf-8', size: 21 });
    expect(await text(file?.body ?? Readable.from([]))).toBe('name,price\nWidget,10\n');
    storage.destroy();
  });

  it('sends a short stream of unknown length as one object', async () => {
    const storage = createS3Storage();
    await storage.put('unknown-length', Readable.from([Buffer.from('abc'), Buffer.from('def')]), { contentType: 'text/plain' });
    expect(requests).toEqual([expect.objectContaining({ method: 'PUT', multipart: undefined, contentLength: '6' })]);
    expect(objects.get('unknown-length')).toEqual({ body: Buffer.from('abcdef'), contentType: 'text/plain' });
    storage.destroy();
  });

  it('streams a long stream of unknown length up in parts, never holding the whole of it (issue 33)', async () => {
    const storage = createS3Storage();
    const size = 2 * STREAM_PART_SIZE + 300_000;
    await storage.put('open-data/releases-2026-12-03', streamOf(size), { contentType: 'application/gzip' });
    expect(requests.map((request) => request.multipart)).toEqual(['start', 'part 1', 'part 2', 'part 3', 'complete']);
    expect(requests.filter((request) => request.multipart?.startsWith('part')).map((request) => Number(request.contentLength))).toEqual([
      STREAM_PART_SIZE,
      STREAM_PART_SIZE,
      300_000,
    ]);
    // The first part was on its way when the stream had produced it and a few chunks of read-ahead, not the whole.
    const firstPart = requests.find((request) => request.multipart === 'part 1');
    expect(firstPart?.producedBefore).toBeLessThan(STREAM_PART_SIZE + 4 * 64 * 1024);
    const stored = objects.get('open-data/releases-2026-12-03');
    expect(stored?.contentType).toBe('application/gzip');
    expect(stored?.body.equals(bytesOf(size))).toBe(true);
    storage.destroy();
  });

  it('aborts the upload when the stream fails part-way, and leaves no object behind', async () => {
    const storage = createS3Storage();
    await storage.put('open-data/releases-2026-12-03', Buffer.from('the file before'), { contentType: 'application/gzip' });
    await expect(storage.put('open-data/releases-2026-12-03', streamOf(3 * STREAM_PART_SIZE, STREAM_PART_SIZE + 100_000), { contentType: 'application/gzip' })).rejects.toThrow(
      'the database went away',
    );
    expect(requests.map((request) => request.multipart)).toContain('abort');
    expect(uploads.size).toBe(0);
    expect(objects.get('open-data/releases-2026-12-03')?.body.toString()).toBe('the file before');
    storage.destroy();
  });

  it('answers null for a missing key (NoSuchKey) and deletes idempotently', async () => {
    const storage = createS3Storage();
    expect(await storage.get('never-stored')).toBeNull();
    await storage.put('gone', Buffer.from('x'), { contentType: 'text/plain' });
    await storage.delete('gone');
    await storage.delete('gone');
    expect(await storage.get('gone')).toBeNull();
    expect(requests.map((request) => request.method)).toEqual(['GET', 'PUT', 'DELETE', 'DELETE', 'GET']);
    storage.destroy();
  });

  it('passes other S3 errors on instead of answering "not found"', async () => {
    const storage = createS3Storage('WRONGKEY');
    await expect(storage.get('anything')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    storage.destroy();
  });

  it('refuses invalid keys and a wrong size before any request', async () => {
    const storage = createS3Storage();
    await expect(storage.get('../other-bucket/key')).rejects.toThrow(/Not a storage key/);
    await expect(storage.put('k', Buffer.from('abc'), { contentType: 'text/plain', size: 4 })).rejects.toThrow(/Expected 4 bytes/);
    expect(requests).toEqual([]);
    storage.destroy();
  });
});

/**
 * S3Storage against a small S3-compatible server on 127.0.0.1: path-style object PUT, GET, HEAD
 * and DELETE with S3's XML errors, which is all the SDK calls the driver makes. Offline, and the
 * real SDK signs and sends real HTTP requests.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { S3Storage } from './s3-storage';

const BUCKET = 'portal-uploads';
const ACCESS_KEY_ID = 'TESTACCESSKEY';

interface StoredObject {
  body: Buffer;
  contentType: string;
}

interface RecordedRequest {
  method: string;
  path: string;
  authorization: string;
  contentLength: string | undefined;
}

const objects = new Map<string, StoredObject>();
const requests: RecordedRequest[] = [];

function sendError(response: ServerResponse, status: number, code: string, message: string, resource: string): void {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Resource>${resource}</Resource><RequestId>test-request</RequestId></Error>`;
  response.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml), 'x-amz-request-id': 'test-request' });
  response.end(xml);
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const authorization = request.headers.authorization ?? '';
  requests.push({ method: request.method ?? '', path: url.pathname, authorization, contentLength: request.headers['content-length'] });
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
  requests.length = 0;
});

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

  it('reads a stream of unknown length into memory, because S3 needs the length first', async () => {
    const storage = createS3Storage();
    await storage.put('unknown-length', Readable.from([Buffer.from('abc'), Buffer.from('def')]), { contentType: 'text/plain' });
    expect(requests[0]?.contentLength).toBe('6');
    expect(objects.get('unknown-length')?.body.toString()).toBe('abcdef');
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

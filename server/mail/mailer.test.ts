import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMailer, createOutboxMailer } from './mailer';
import { createOutboxId, isOutboxId, listOutbox, readOutboxMessage } from './outbox';

let dataDir: string;
let logged: unknown[][];
const log = { info: (...args: unknown[]) => void logged.push(args) };

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'mailer-'));
  logged = [];
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const FROM = 'Marketplace <no-reply@marketplace.localhost>';
const INVITATION_URL = 'http://localhost:3999/invitations/accept?token=0123456789abcdef0123456789abcdef&supplier=42';

describe('the outbox mailer', () => {
  it('writes a real RFC 5322 message and an index entry, and nothing else', async () => {
    const outbox = path.join(dataDir, 'outbox');
    const mailer = createOutboxMailer(outbox, FROM, log, 'http://localhost:3999');
    const { id } = await mailer.send({ to: 'aroha@example.com', subject: 'Join Acme', text: `Accept: ${INVITATION_URL}` });

    expect(isOutboxId(id)).toBe(true);
    expect((await readdir(outbox)).sort()).toEqual([`${id}.eml`, `${id}.json`]);
    const raw = await readFile(path.join(outbox, `${id}.eml`), 'utf8');
    expect(raw).toMatch(/^From: Marketplace <no-reply@marketplace\.localhost>\r\n/m);
    expect(raw).toContain('To: aroha@example.com\r\n');
    expect(raw).toMatch(/^Message-ID: <.+@marketplace\.localhost>\r$/m);
    expect(JSON.parse(await readFile(path.join(outbox, `${id}.json`), 'utf8'))).toEqual({
      id,
      to: ['aroha@example.com'],
      subject: 'Join Acme',
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
    });
    expect(logged).toEqual([[{ mailId: id, url: `http://localhost:3999/dev/outbox/${id}` }, 'mail written to the outbox']]);
  });

  it('reads a message back: decoded headers and the plain-text part, links unbroken', async () => {
    const outbox = path.join(dataDir, 'outbox');
    const mailer = createOutboxMailer(outbox, FROM, log);
    const subject = 'Invitation to join Zoë’s supplier — on the Marketplace, with a subject long enough to fold';
    const text = `Kia ora Zoë,\n\nAccept the invitation: ${INVITATION_URL}\n\n${'A long line. '.repeat(20)}\n`;
    const { id } = await mailer.send({ to: ['zoe@example.com', 'Ana <ana@example.com>'], subject, text, html: '<p>Kia ora</p>' });

    const message = await readOutboxMessage(outbox, id);
    expect(message).toMatchObject({ id, to: ['zoe@example.com', 'Ana <ana@example.com>'], subject });
    expect(message?.text).toBe(text.trimEnd());
    const header = (name: string) => message?.headers.find((entry) => entry.name === name)?.value;
    expect(header('Subject')).toBe(subject);
    expect(header('To')).toBe('zoe@example.com, Ana <ana@example.com>');
    expect(header('Content-Type')).toMatch(/^multipart\/alternative/);
    expect(message?.raw.toString('utf8')).toContain('<p>Kia ora</p>');
  });

  it('lists messages newest first, at most the limit asked for', async () => {
    const outbox = path.join(dataDir, 'outbox');
    expect(await listOutbox(outbox)).toEqual([]);
    const mailer = createOutboxMailer(outbox, FROM, log);
    for (const subject of ['first', 'second', 'third']) {
      await mailer.send({ to: 'a@example.com', subject, text: subject });
    }
    expect((await listOutbox(outbox)).map((entry) => entry.subject)).toEqual(['third', 'second', 'first']);
    expect((await listOutbox(outbox, 2)).map((entry) => entry.subject)).toEqual(['third', 'second']);
  });

  it('makes ids that sort by time even within one millisecond', () => {
    const now = new Date('2030-01-31T23:59:59.123Z');
    const ids = [createOutboxId(now), createOutboxId(now), createOutboxId(now)];
    expect(ids[0]).toMatch(/^20300131-235959-123-[0-9a-f]{8}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
  });

  it('never reads outside the outbox: ids are checked before any path is built', async () => {
    const outbox = path.join(dataDir, 'outbox');
    await writeFile(path.join(dataDir, 'secret.json'), JSON.stringify({ id: 'x', to: [], subject: 'secret', date: '' }));
    for (const id of ['../secret', '..%2Fsecret', '/etc/passwd', '20300131-235959-123-0000000g', '']) {
      expect(await readOutboxMessage(outbox, id)).toBeNull();
    }
    expect(await readOutboxMessage(outbox, createOutboxId())).toBeNull();
  });
});

/** Enough of an SMTP server (RFC 5321) for one nodemailer delivery: no TLS, no authentication. */
async function startSmtpServer(): Promise<{ server: Server; port: number; received: { envelope: string[]; data: string }[] }> {
  const received: { envelope: string[]; data: string }[] = [];
  const server = createServer((socket) => {
    let buffered = '';
    let envelope: string[] = [];
    let isData = false;
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (;;) {
        if (isData) {
          const end = buffered.indexOf('\r\n.\r\n');
          if (end === -1) {
            return;
          }
          received.push({ envelope, data: buffered.slice(0, end) });
          buffered = buffered.slice(end + 5);
          isData = false;
          envelope = [];
          socket.write('250 OK queued\r\n');
          continue;
        }
        const lineEnd = buffered.indexOf('\r\n');
        if (lineEnd === -1) {
          return;
        }
        const line = buffered.slice(0, lineEnd);
        buffered = buffered.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          socket.write('250-localhost\r\n250 8BITMIME\r\n');
        } else if (verb === 'MAIL' || verb === 'RCPT') {
          envelope.push(line);
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          isData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 Bye\r\n');
        } else {
          socket.write('250 OK\r\n');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
}

describe('createMailer', () => {
  it('writes to $DATA_DIR/outbox by default', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3999' });
    const { id } = await createMailer(config, log).send({ to: 'a@example.com', subject: 'Hello', text: 'Hi' });
    expect(await readOutboxMessage(path.join(dataDir, 'outbox'), id)).toMatchObject({ subject: 'Hello', text: 'Hi' });
  });

  it('sends through SMTP_URL from MAIL_FROM, and logs no addresses', async () => {
    const smtp = await startSmtpServer();
    try {
      const config = loadConfig({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Portal <portal@example.govt.nz>' });
      const { id } = await createMailer(config, log).send({ to: ['a@example.com', 'b@example.com'], subject: 'Hello', text: `Accept: ${INVITATION_URL}` });

      expect(id).toMatch(/^<.+@example\.govt\.nz>$/);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.envelope).toEqual(['MAIL FROM:<portal@example.govt.nz>', 'RCPT TO:<a@example.com>', 'RCPT TO:<b@example.com>']);
      expect(smtp.received[0]?.data).toContain('Subject: Hello\r\n');
      expect(await readdir(dataDir)).toEqual([]);
      expect(JSON.stringify(logged)).not.toContain('example.com');
      expect(logged).toEqual([[{ mailId: id, recipients: 2 }, 'mail sent']]);
    } finally {
      await new Promise((resolve) => smtp.server.close(resolve));
    }
  });
});

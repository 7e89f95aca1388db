/**
 * GET /dev/outbox and GET /dev/outbox/:id: the mail a development portal would have sent, so a
 * newcomer can open an invitation and click its link. Never mounted in production, nor when mail
 * goes out through SMTP. Its messages hold password reset and invitation links, so it answers only
 * this machine's own (loopback) addresses unless DEV_OUTBOX_REMOTE says otherwise (issue 29, item 8):
 * a development portal reachable from a network must not hand anyone a way into its accounts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { Type } from 'typebox';
import type { App } from '../app-type';
import type { Config } from '../config';
import { attachmentDisposition } from '../http/content-disposition';
import { sendNotFoundPage } from '../pages/routes';
import { listOutbox, readOutboxMessage, type OutboxEntry, type OutboxMessage } from './outbox';

export const OUTBOX_PATH = '/dev/outbox';

/** How many messages the list shows; older ones stay in the folder. */
const LIST_LIMIT = 100;

export function isOutboxPageEnabled(config: Config): boolean {
  return !config.isProduction && config.mail.transport === 'outbox';
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopbackAddress(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address);
}

/** What a visitor from another address is told: what the page is, and how to open it to others. */
function refuseRemoteReader(reply: FastifyReply, productName: string): FastifyReply {
  return reply.header('x-robots-tag', 'noindex').sendPage({
    title: 'Outbox: this computer only',
    status: 403,
    children: (
      <div className="container">
        <h1>The outbox opens on this computer only</h1>
        <p>
          Mail the portal would have sent holds sign-in links, so it is shown only to a browser on the computer the
          portal runs on. Open it there, at localhost. To show it to other computers on a trusted network, start the
          portal with <code>DEV_OUTBOX_REMOTE=true</code>.
        </p>
        <p>
          <a href="/">Go to the {productName} home page</a>
        </p>
      </div>
    ),
  });
}

function formatDate(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

function OutboxList({ entries }: { entries: OutboxEntry[] }) {
  return (
    <div className="container">
      <h1>Outbox</h1>
      <p>
        Mail the portal would have sent. This page exists in development only; set <code>SMTP_URL</code> to send real
        mail.
      </p>
      {entries.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <table>
          <caption>Messages, newest first (at most {LIST_LIMIT})</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">To</th>
              <th scope="col">Subject</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <time dateTime={entry.date}>{formatDate(entry.date)}</time>
                </td>
                <td>{entry.to.join(', ')}</td>
                <td>
                  <a href={`${OUTBOX_PATH}/${entry.id}`}>{entry.subject || '(no subject)'}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** http(s) addresses only, so a message can never produce a `javascript:` link. */
const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

/** A line of text with its web addresses as links; sentence punctuation after an address stays text. */
function linkify(line: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let position = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const url = match[0].replace(/[.,;:!?)\]'}]+$/, '');
    nodes.push(line.slice(position, match.index));
    nodes.push(
      <a key={match.index} href={url}>
        {url}
      </a>,
    );
    position = match.index + url.length;
  }
  nodes.push(line.slice(position));
  return nodes;
}

/** Paragraphs at blank lines and line breaks within them: the text wraps without any styling. */
function MessageText({ text }: { text: string }) {
  if (text === '') {
    return <p>(This message has no plain-text part.)</p>;
  }
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph, paragraphIndex) => (
        <p key={paragraphIndex}>
          {paragraph.split('\n').map((line, lineIndex) => (
            <span key={lineIndex}>
              {lineIndex > 0 && <br />}
              {linkify(line)}
            </span>
          ))}
        </p>
      ))}
    </>
  );
}

function OutboxMessagePage({ message }: { message: OutboxMessage }) {
  return (
    <div className="container">
      <p>
        <a href={OUTBOX_PATH}>Back to the outbox</a>
      </p>
      <h1>{message.subject || '(no subject)'}</h1>
      <h2>Headers</h2>
      <dl>
        {message.headers.map((header, index) => (
          <div key={index}>
            <dt>{header.name}</dt>
            <dd>{header.value}</dd>
          </div>
        ))}
      </dl>
      <h2>Message</h2>
      <MessageText text={message.text} />
      <p>
        <a href={`${OUTBOX_PATH}/${message.id}/message.eml`}>Download the message (.eml)</a>
      </p>
    </div>
  );
}

const MessageParamsSchema = Type.Object({ id: Type.String({ maxLength: 64 }) });

export async function registerDevOutboxRoutes(app: App): Promise<void> {
  if (!isOutboxPageEnabled(app.config)) {
    return;
  }
  const { outboxDir, isOutboxRemote } = app.config.mail;
  const { productName } = app.config;
  await app.register(async (scope) => {
    if (!isOutboxRemote) {
      scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        if (!isLoopbackAddress(request.ip)) {
          return refuseRemoteReader(reply, productName);
        }
        return undefined;
      });
    }
    registerOutboxPages(scope, outboxDir, productName);
  });
}

function registerOutboxPages(app: App, outboxDir: string, productName: string): void {
  app.get(OUTBOX_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const entries = await listOutbox(outboxDir, LIST_LIMIT);
    return reply.header('x-robots-tag', 'noindex').sendPage({ title: 'Outbox', children: <OutboxList entries={entries} /> });
  });

  app.get(`${OUTBOX_PATH}/:id`, { schema: { hide: true, params: MessageParamsSchema } }, async (request, reply) => {
    const message = await readOutboxMessage(outboxDir, request.params.id);
    if (message === null) {
      return sendNotFoundPage(reply, productName);
    }
    return reply
      .header('x-robots-tag', 'noindex')
      .sendPage({ title: `Outbox: ${message.subject}`, children: <OutboxMessagePage message={message} /> });
  });

  app.get(`${OUTBOX_PATH}/:id/message.eml`, { schema: { hide: true, params: MessageParamsSchema } }, async (request, reply) => {
    const message = await readOutboxMessage(outboxDir, request.params.id);
    if (message === null) {
      return sendNotFoundPage(reply, productName);
    }
    return reply
      .header('x-robots-tag', 'noindex')
      .header('content-disposition', attachmentDisposition(`${message.id}.eml`))
      .type('message/rfc822')
      .send(message.raw);
  });
}

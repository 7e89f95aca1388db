/**
 * Outgoing mail. One interface, two ways out: an SMTP server when SMTP_URL is set, otherwise the
 * outbox folder, where a developer reads the message (and clicks its links) at /dev/outbox.
 */
import { buffer } from 'node:stream/consumers';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { createOutboxId, writeOutboxMessage } from './outbox';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  /**
   * The Message-ID header, `<…@…>`. A job gives each of its mails one that stays the same on every
   * try, so a mail sent again after a lost acknowledgement is the same message to every mail client.
   */
  messageId?: string;
}

export interface Mailer {
  /** Sends (or stores) one message; the id is the SMTP Message-ID or the outbox id. */
  send(message: MailMessage): Promise<{ id: string }>;
}

type MailLogger = Pick<FastifyBaseLogger, 'info'>;

function recipients(to: string | string[]): string[] {
  return Array.isArray(to) ? to : [to];
}

/**
 * How long the SMTP server may take: a slow or silent server fails the try (and the job queue tries
 * again later) instead of holding a worker for nodemailer's default ten minutes.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** Sends through an SMTP server: one connection per message, as mail here is occasional (invitations). */
export function createSmtpMailer(smtpUrl: string, from: string, log: MailLogger): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }, { from });
  return {
    async send(message) {
      const info = await transport.sendMail({ ...message, to: recipients(message.to) });
      // Addresses are personal data: the log names the message, not its recipients.
      log.info({ mailId: info.messageId, recipients: recipients(message.to).length }, 'mail sent');
      return { id: info.messageId };
    },
  };
}

/**
 * Writes each message to `directory` as an `.eml` built by nodemailer, exactly as it would have
 * gone out, so the outbox shows what SMTP would have sent.
 */
export function createOutboxMailer(directory: string, from: string, log: MailLogger, publicUrl?: string): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from });
  return {
    async send(message) {
      const to = recipients(message.to);
      const info = await composer.sendMail({ ...message, to });
      const raw = Buffer.isBuffer(info.message) ? info.message : await buffer(info.message);
      const date = new Date();
      const id = createOutboxId(date);
      await writeOutboxMessage(directory, { id, to, subject: message.subject, date: date.toISOString() }, raw);
      log.info({ mailId: id, ...(publicUrl ? { url: `${publicUrl}/dev/outbox/${id}` } : {}) }, 'mail written to the outbox');
      return { id };
    },
  };
}

/** The mailer the configuration asks for. */
export function createMailer(config: Config, log: MailLogger): Mailer {
  const { mail } = config;
  if (mail.transport === 'smtp' && mail.smtpUrl !== undefined) {
    return createSmtpMailer(mail.smtpUrl, mail.from, log);
  }
  // Production keeps an outbox only when asked to (MAIL_OUTBOX=true) and has no page to read it.
  return createOutboxMailer(mail.outboxDir, mail.from, log, config.isProduction ? undefined : config.publicUrl);
}

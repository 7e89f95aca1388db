/**
 * A real SMTP server on the loopback address (smtp-server), for the resilience tests and the mail
 * bench: the portal's `SMTP_URL` points at it and nodemailer talks SMTP to it as to any mail
 * server. It keeps, for each message it accepted, only the Message-ID header and the envelope's
 * recipients: the body (an invitation's secret link) is read past and never kept or printed.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  messageId: string;
  recipients: string[];
  /** When the sink acknowledged it (ms since the epoch). */
  receivedAt: number;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`: plain SMTP, no STARTTLS, no AUTH. */
  url: string;
  port: number;
  /** Every accepted message, in order of acceptance (a resent message is there again). */
  received: ReceivedMail[];
  /** The messages refused (`refuseNext`), as the sender tried them. */
  refused: ReceivedMail[];
  /** Answers the next `count` messages `451` (try again later), as a busy mail server does. */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

const MESSAGE_ID = /^message-id:[ \t]*(<[^>\r\n]+>)/im;

/** Reads the message's headers for its Message-ID; the body is drained unread. */
function readMessageId(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let head = '';
    stream.on('data', (chunk: Buffer) => {
      if (!head.includes('\r\n\r\n')) {
        head += chunk.toString('latin1');
      }
    });
    stream.on('error', reject);
    stream.on('end', () => resolve(MESSAGE_ID.exec(head.split('\r\n\r\n')[0] ?? '')?.[1] ?? ''));
  });
}

/** Starts the sink on a free port of 127.0.0.1. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const refused: ReceivedMail[] = [];
  let toRefuse = 0;
  const server = new SMTPServer({
    // Plain SMTP on the loopback address: nodemailer would otherwise upgrade to TLS with a self-signed certificate.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    // The burst's workers and a bench open many connections at once.
    maxClients: 1000,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      readMessageId(stream).then(
        (messageId) => {
          const mail = { messageId, recipients: session.envelope.rcptTo.map((address) => address.address.toLowerCase()), receivedAt: Date.now() };
          if (toRefuse > 0) {
            toRefuse -= 1;
            refused.push(mail);
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            return;
          }
          // Recorded before the acknowledgement: a sender killed after this line may send it again.
          received.push(mail);
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    refused,
    refuseNext(count) {
      toRefuse = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

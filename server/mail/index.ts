/** Outgoing mail: the Mailer interface, SMTP and outbox mailers, and the dev outbox pages. */
export { createMailer, createOutboxMailer, createSmtpMailer, type MailMessage, type Mailer } from './mailer';
export { isOutboxId, listOutbox, readOutboxMessage, type OutboxEntry, type OutboxMessage } from './outbox';
export { OUTBOX_PATH, isOutboxPageEnabled, registerDevOutboxRoutes } from './outbox-routes';

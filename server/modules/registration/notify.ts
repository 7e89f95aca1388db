/**
 * The acknowledgement a registrant gets when a business registration arrives: its reference, what
 * happens next and when. Only the reference and the portal's own words: nothing a visitor typed
 * goes into the mail, so the public form cannot be used to send others a message. Sent after the
 * registration is stored; a failure is logged, since the registration stands and the confirmation
 * screen shows the same reference.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { TeamContact } from '../../../common/page-data';
import type { Mailer } from '../../mail/index';

export interface RegistrationMailContext {
  productName: string;
  reviewTargetDays: number;
  teamContact: TeamContact;
}

export function registrationReceivedSubject(productName: string): string {
  return `We have your business registration for the ${productName}`;
}

export async function sendRegistrationReceived(
  mailer: Mailer,
  log: FastifyBaseLogger,
  context: RegistrationMailContext,
  registration: { to: string; referenceId: string },
): Promise<void> {
  const text = [
    'Kia ora,',
    '',
    `Thank you for registering your business with the ${context.productName}. Your reference is ${registration.referenceId}.`,
    '',
    `The ${context.productName} team aims to review your registration within ${String(context.reviewTargetDays)} working days, and may contact your business to check some details.`,
    '',
    'If your business is approved, we will email you a link to create your account. You will be the admin of your business on the portal, and can then apply to list your services.',
    '',
    `Quote your reference if you contact the team about your registration: email ${context.teamContact.email} or phone ${context.teamContact.phone}.`,
    '',
    'If you did not register a business, you can ignore this email.',
    '',
  ].join('\n');
  try {
    await mailer.send({ to: registration.to, subject: registrationReceivedSubject(context.productName), text });
  } catch (error) {
    log.error({ err: error, referenceId: registration.referenceId }, 'registration acknowledgement email failed');
  }
}

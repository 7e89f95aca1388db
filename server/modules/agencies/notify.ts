/**
 * Email to an agency's contact: the resume link of "Save and come back later", and the team's
 * decision (a decline with its reasons). A failure is logged; a resume link that could not be
 * sent makes the save answer 503, as the agency would otherwise wait for a message that never comes.
 */
import type { FastifyBaseLogger } from 'fastify';
import { agencyResumePath } from '../../../common/agency-form';
import { formatDate } from '../../../common/dates';
import { AppError, ErrorCode } from '../../errors';
import type { Mailer } from '../../mail/index';
import { quoteForMail } from '../../mail/quote';

export interface AgencyMailContext {
  productName: string;
  publicUrl: string;
}

export function resumeLinkSubject(productName: string): string {
  return `Your ${productName} agency registration: your link to come back`;
}

export function agencyDecisionSubject(productName: string, approved: boolean): string {
  return approved ? `Your agency is registered with the ${productName}` : `Your ${productName} agency registration was not approved`;
}

export async function sendResumeLink(
  mailer: Mailer,
  log: FastifyBaseLogger,
  context: AgencyMailContext,
  message: { to: string; resumeId: string; expiresAt: string },
): Promise<void> {
  const text = [
    'Kia ora,',
    '',
    `Your answers to the ${context.productName} agency registration form are saved.`,
    '',
    'To come back to them, open this link:',
    `${context.publicUrl}${agencyResumePath(message.resumeId)}`,
    '',
    `The link works until ${formatDate(message.expiresAt)}. Anyone with it can see and change your answers, so do not share it.`,
    '',
    'If you did not start registering an agency, you can ignore this email.',
    '',
  ].join('\n');
  try {
    await mailer.send({ to: message.to, subject: resumeLinkSubject(context.productName), text });
  } catch (error) {
    log.error({ err: error }, 'agency resume link email failed');
    throw new AppError(ErrorCode.Unavailable, 'Your answers are saved, but we could not email your link. Try again in a few minutes.');
  }
}

export function agencyReceivedSubject(productName: string): string {
  return `We have your agency registration for the ${productName}`;
}

/**
 * The acknowledgement of a submitted registration: its reference and when to expect a decision.
 * Only the reference and the portal's own words, as the form is public. Sent after the submission
 * is stored; a failure is logged, since the registration stands and its screen shows the reference.
 */
export async function sendAgencyReceived(
  mailer: Mailer,
  log: FastifyBaseLogger,
  context: AgencyMailContext & { reviewTargetDays: number },
  registration: { to: string; reference: string },
): Promise<void> {
  if (registration.to === '') {
    return;
  }
  const text = [
    'Kia ora,',
    '',
    `Thank you for registering your agency with the ${context.productName}. Your reference is ${registration.reference}.`,
    '',
    `The ${context.productName} team aims to check your registration within ${String(context.reviewTargetDays)} working days, and will email its decision to this address. Meanwhile, you can search the approved suppliers at ${context.publicUrl}/approved-suppliers.`,
    '',
    'Quote your reference if you contact the team about your registration.',
    '',
    'If you did not register an agency, you can ignore this email.',
    '',
  ].join('\n');
  try {
    await mailer.send({ to: registration.to, subject: agencyReceivedSubject(context.productName), text });
  } catch (error) {
    log.error({ err: error, reference: registration.reference }, 'agency acknowledgement email failed');
  }
}

export async function sendAgencyDecision(
  mailer: Mailer,
  log: FastifyBaseLogger,
  context: AgencyMailContext,
  decision: { to: string; agencyName: string; approved: boolean; reasons: string | null },
): Promise<void> {
  if (decision.to === '') {
    return;
  }
  const text = decision.approved
    ? [
        'Kia ora,',
        '',
        `The agency ${quoteForMail(decision.agencyName)} is now registered with the ${context.productName}. Your agency can engage the approved suppliers listed at ${context.publicUrl}/approved-suppliers.`,
        '',
      ]
    : [
        'Kia ora,',
        '',
        `We could not approve the registration of the agency ${quoteForMail(decision.agencyName)} with the ${context.productName}, for these reasons:`,
        '',
        decision.reasons ?? '',
        '',
        `If you can address them, register again at ${context.publicUrl}/agency-form, or reply to this email with your questions.`,
        '',
      ];
  try {
    await mailer.send({ to: decision.to, subject: agencyDecisionSubject(context.productName, decision.approved), text: text.join('\n') });
  } catch (error) {
    // The decision is saved either way; the team can write again.
    log.error({ err: error }, 'agency decision email failed');
  }
}

/**
 * Email to an agency's contact: the resume link of "Save and come back later", the acknowledgement
 * of a submitted registration, and the team's decision (a decline with its reasons). Each is
 * composed here and queued by the service in the transaction of the change it tells of
 * (server/mail/mail-queue.ts): the job queue sends it, and tries again while the mail server fails.
 */
import { agencyResumePath } from '../../../common/agency-form';
import { formatDate, formatDateTime } from '../../../common/dates';
import type { QueuedMail } from '../../mail/mail-queue';
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

export function resumeLinkMail(context: AgencyMailContext, message: { to: string; resumeId: string; expiresAt: string }): QueuedMail {
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
  return { to: message.to, subject: resumeLinkSubject(context.productName), text };
}

export function agencyReceivedSubject(productName: string): string {
  return `We have your agency registration for the ${productName}`;
}

/**
 * The acknowledgement of a submitted registration: its reference and when to expect a decision.
 * Only the reference and the portal's own words, as the form is public. None without an address.
 */
export function agencyReceivedMail(context: AgencyMailContext & { reviewTargetDays: number }, registration: { to: string; reference: string }): QueuedMail | null {
  if (registration.to === '') {
    return null;
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
  return { to: registration.to, subject: agencyReceivedSubject(context.productName), text };
}

/** The team's decision, to the agency's contact; none without an address. */
export function agencyDecisionMail(
  context: AgencyMailContext,
  decision: { to: string; agencyName: string; approved: boolean; reasons: string | null; invitation?: { link: string; expiresAt: Date } | null },
): QueuedMail | null {
  if (decision.to === '') {
    return null;
  }
  const text = decision.approved
    ? [
        'Kia ora,',
        '',
        `The agency ${quoteForMail(decision.agencyName)} is now registered with the ${context.productName}. Your agency can engage the approved suppliers listed at ${context.publicUrl}/approved-suppliers.`,
        '',
        ...(decision.invitation
          ? [
              "You are the agency's first admin on its dashboard, where you confirm what your agency engaged suppliers for and invite your colleagues.",
              'To accept, open this link. If you do not have an account yet, you create it there with this email address:',
              decision.invitation.link,
              '',
              `The link works once and expires on ${formatDateTime(decision.invitation.expiresAt)} (New Zealand time). If it expires, reply to this email and we will send a new one.`,
              '',
            ]
          : []),
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
  return { to: decision.to, subject: agencyDecisionSubject(context.productName, decision.approved), text: text.join('\n') };
}

/**
 * The registrant's mails. The acknowledgement when a business registration arrives: its reference,
 * what happens next and when. Only the reference and the portal's own words: nothing a visitor
 * typed goes into it, so the public form cannot be used to send others a message. The approval,
 * once the team has read the registration, quotes the business's name. Each is queued in the
 * transaction that stores the registration or the decision (server/mail/mail-queue.ts).
 */
import type { TeamContact } from '../../../common/page-data';
import { formatDateTime } from '../../../common/dates';
import type { QueuedMail } from '../../mail/mail-queue';
import { quoteForMail } from '../../mail/quote';

export interface RegistrationMailContext {
  productName: string;
  reviewTargetDays: number;
  teamContact: TeamContact;
}

export function registrationReceivedSubject(productName: string): string {
  return `We have your business registration for the ${productName}`;
}

export function registrationReceivedMail(context: RegistrationMailContext, registration: { to: string; referenceId: string }): QueuedMail {
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
  return { to: registration.to, subject: registrationReceivedSubject(context.productName), text };
}

export function registrationApprovedSubject(productName: string): string {
  return `Your business registration on the ${productName} is approved`;
}

/**
 * The approval: what was approved, and the three things to do next, the first of them the link that
 * creates the registrant's account and opens their dashboard. From the team, not from whichever
 * member decided.
 */
export function registrationApprovedMail(
  config: { productName: string },
  approval: { to: string; referenceId: string; tradingName: string; link: string; expiresAt: Date; services: readonly string[] },
): QueuedMail {
  const application =
    approval.services.length > 0
      ? [
          `2. Finish your application. We have started one for the services you chose (${approval.services.join(', ')}) and filled in what you told us when you registered. Describe your offer and your capability, check the answers and submit it.`,
        ]
      : ['2. Apply for the services you want to offer, from your dashboard.'];
  const text = [
    'Kia ora,',
    '',
    `The ${config.productName} team has approved your business registration for ${quoteForMail(approval.tradingName)}, reference ${approval.referenceId}.`,
    '',
    'What to do next:',
    '',
    '1. Create your account. Open this link and choose a password; you will be the admin of your business on the portal, and your dashboard opens straight away:',
    approval.link,
    `The link works once and expires on ${formatDateTime(approval.expiresAt)} (New Zealand time).`,
    '',
    ...application,
    '',
    '3. The team assesses your application and emails you as it moves through each stage. Once your services are listed, agencies find your business in the supplier directory.',
    '',
    'Ngā mihi,',
    `The ${config.productName} team`,
    '',
  ].join('\n');
  return { to: approval.to, subject: registrationApprovedSubject(config.productName), text };
}

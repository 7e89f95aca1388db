/**
 * The actions the portal writes to the audit log (each `app.audit.record` call in server/modules
 * and server/auth), grouped by what they concern and named in plain words: the audit log's action
 * filter offers them, and its rows name them. A group's value is the prefix of all its actions
 * (`engagement-notice.`), which the API's action filter matches.
 */

export interface AuditActionGroup {
  /** The prefix of every action of the group, with its dot. */
  prefix: string;
  /** 'Engagement notices'. */
  label: string;
  /** Each action's full name and what it says. */
  actions: Readonly<Record<string, string>>;
}

export const AUDIT_ACTION_GROUPS: readonly AuditActionGroup[] = [
  {
    prefix: 'application.',
    label: 'Applications',
    actions: {
      'application.create': 'Application started',
      'application.save': 'Application saved',
      'application.submit': 'Application submitted',
      'application.delete': 'Application deleted',
      'application.move': 'Application moved to another stage',
      'application.decide-service': 'Decision on a service applied for',
    },
  },
  {
    prefix: 'registration.',
    label: 'Supplier registrations',
    actions: {
      'registration.submit': 'Supplier registration submitted',
      'registration.approve': 'Supplier registration approved',
      'registration.decline': 'Supplier registration declined',
    },
  },
  {
    prefix: 'agency.',
    label: 'Agency registrations',
    actions: {
      'agency.create': 'Agency registration started',
      'agency.save': 'Agency registration saved',
      'agency.submit': 'Agency registration submitted',
      'agency.approve': 'Agency registration approved',
      'agency.decline': 'Agency registration declined',
    },
  },
  {
    prefix: 'supplier.',
    label: 'Suppliers',
    actions: {
      'supplier.update-details': 'Supplier details changed',
      'supplier.suspend': 'Supplier suspended',
      'supplier.reinstate': 'Supplier reinstated',
      'supplier.second-factor-requirement': 'Two-step verification requirement changed',
    },
  },
  {
    prefix: 'engagement-notice.',
    label: 'Engagement notices',
    actions: {
      'engagement-notice.create': 'Engagement notice started',
      'engagement-notice.save': 'Engagement notice saved',
      'engagement-notice.submit': 'Engagement notice submitted',
      'engagement-notice.withdraw': 'Engagement notice withdrawn',
      'engagement-notice.confirm': 'Engagement notice confirmed by the agency',
      'engagement-notice.confidentiality': 'Engagement notice open data choice changed',
      'engagement-notice.dispute': 'Engagement notice disputed by the agency',
      'engagement-notice.delete': 'Engagement notice deleted',
    },
  },
  {
    prefix: 'billing-report.',
    label: 'Billing reports',
    actions: {
      'billing-report.create': 'Billing report started',
      'billing-report.save': 'Billing report saved',
      'billing-report.submit': 'Billing report submitted',
      'billing-report.confirm': 'Billing report confirmed by the agency',
      'billing-report.query': 'Billing report queried by the agency',
      'billing-report.delete': 'Billing report deleted',
    },
  },
  {
    prefix: 'shortlist.',
    label: 'Shortlists',
    actions: {
      'shortlist.create': 'Shortlist made',
      'shortlist.update': 'Shortlist renamed or shared',
      'shortlist.delete': 'Shortlist deleted',
    },
  },
  {
    prefix: 'listing.',
    label: 'Service listings',
    actions: {
      'listing.create': 'Service listing started',
      'listing.save': 'Service listing saved',
      'listing.send': 'Service listing sent for review',
      'listing.approve': 'Service listing approved',
      'listing.request-changes': 'Changes asked for in a service listing',
      'listing.suspend': 'Service listing suspended',
      'listing.reinstate': 'Service listing reinstated',
    },
  },
  {
    prefix: 'thread.',
    label: 'Messages',
    actions: {
      'thread.create': 'Conversation started',
      'thread.message': 'Message sent',
      'thread.assign': 'Conversation assigned',
      'thread.resolve': 'Conversation resolved',
    },
  },
  {
    prefix: 'catalogue.',
    label: 'Catalogue',
    actions: {
      'catalogue.create': 'Added to the catalogue',
      'catalogue.rename': 'Renamed in the catalogue',
      'catalogue.reorder': 'Moved in the catalogue',
      'catalogue.retire': 'Retired from the catalogue',
      'catalogue.restore': 'Restored to the catalogue',
    },
  },
  {
    prefix: 'user.',
    label: 'Supplier users and sign-in',
    actions: {
      'user.invite': 'Supplier user invited',
      'user.create': 'Account created at first sign-in',
      'user.link-identity': 'Signed in for the first time',
      'user.switch-supplier': 'Switched supplier',
      'user.switch-agency': 'Switched to an agency',
    },
  },
  {
    prefix: 'invitation.',
    label: 'Supplier invitations',
    actions: {
      'invitation.accept': 'Invitation accepted',
      'invitation.revoke': 'Invitation cancelled',
    },
  },
  {
    prefix: 'membership.',
    label: 'Supplier memberships',
    actions: {
      'membership.update': "Supplier or agency user's role changed",
      'membership.remove': 'Supplier or agency user removed',
    },
  },
  {
    prefix: 'identity-account.',
    label: 'Sign-in accounts',
    actions: {
      'identity-account.create': 'Sign-in account created',
      'identity-account.change-password': 'Password changed',
    },
  },
  {
    prefix: 'file.',
    label: 'Files',
    actions: { 'file.upload': 'File uploaded' },
  },
  {
    prefix: 'team.',
    label: 'Marketplace team',
    actions: {
      'team.add': 'Team member added',
      'team.invite': 'Team member invited',
      'team.remove': 'Team member removed',
    },
  },
  {
    prefix: 'background-job.',
    label: 'Mail and background jobs',
    actions: {
      'background-job.retry': 'Failed mail or job tried again',
      'background-job.cancel': 'Failed mail or job cancelled',
    },
  },
  {
    prefix: 'demo.',
    label: 'Demo data',
    actions: { 'demo.seed': 'Demo data loaded' },
  },
];

const ACTION_LABELS = new Map(AUDIT_ACTION_GROUPS.flatMap((group) => Object.entries(group.actions)));

/** Every value the action filter offers: each group's prefix and each action. */
export const AUDIT_ACTION_FILTERS: ReadonlySet<string> = new Set(
  AUDIT_ACTION_GROUPS.flatMap((group) => [group.prefix, ...Object.keys(group.actions)]),
);

/** An action in plain words; one this list does not know yet as the log wrote it, made readable. */
export function auditActionLabel(action: string): string {
  return ACTION_LABELS.get(action) ?? readable(action);
}

/** The filter value's label: 'Any engagement notice action' for a group, the action's words for one action. */
export function auditActionFilterLabel(value: string): string | undefined {
  const group = AUDIT_ACTION_GROUPS.find((candidate) => candidate.prefix === value);
  if (group) {
    return `Any action: ${group.label.toLowerCase()}`;
  }
  return ACTION_LABELS.get(value);
}

const SUBJECT_LABELS: Readonly<Record<string, string>> = {
  agency_application: 'Agency registration',
  application: 'Application',
  background_job: 'Mail or background job',
  'billing-report': 'Billing report',
  billing_report: 'Billing report',
  catalogue: 'Catalogue',
  channel: 'Sales channel',
  database: 'Demo data',
  'engagement-notice': 'Engagement notice',
  engagement_notice: 'Engagement notice',
  invitation: 'Invitation',
  membership: 'Supplier user',
  service: 'Service',
  supplier: 'Supplier',
  supplier_registration: 'Supplier registration',
  thread: 'Conversation',
  uploaded_file: 'File',
  user: 'Person',
};

/** The kind of record an entry changed, in plain words ('Engagement notice'). */
export function auditSubjectLabel(entity: string): string {
  return SUBJECT_LABELS[entity] ?? readable(entity);
}

function readable(code: string): string {
  const words = code.replace(/[._-]+/g, ' ').trim();
  return words === '' ? code : `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

function textOf(record: unknown, key: string): string | undefined {
  if (typeof record !== 'object' || record === null || !(key in record)) {
    return undefined;
  }
  const value: unknown = (record as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The record's name as the entry recorded it, for people to recognise it by: its title, trading
 * name, or a person's name and email (from after the change, else before it); undefined when it
 * recorded none. Never an internal id.
 */
export function auditSubjectName(details: { before: unknown; after: unknown }): string | undefined {
  for (const record of [details.after, details.before]) {
    const title = textOf(record, 'title') ?? textOf(record, 'tradingName');
    if (title !== undefined) {
      return title;
    }
    const name = textOf(record, 'name');
    const email = textOf(record, 'email');
    if (name !== undefined && email !== undefined) {
      return `${name} (${email})`;
    }
    if (name !== undefined || email !== undefined) {
      return name ?? email;
    }
  }
  return undefined;
}

/**
 * What must be true before a supplier can write a notice or a report, said before the first
 * question rather than as an empty list inside it: a notice names services the business is
 * approved for and an agency registered with the marketplace; a report is made against a
 * submitted notice. Each missing step says why and links to where it is done. Also the help on
 * the notice's agency question for an agency that is not in the list.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AGENCY_FORM_PATH } from '../../common/agency-form';
import { applicationsPaths } from '../applications/applications-paths';
import { LoadingState } from '../lib/components/loading-state';
import { useSourceOptions } from '../lib/forms/form-sources';
import { engagementNoticeKind, type ReportingKind } from './reporting-kinds';

/** The source lists the forms' questions choose from (the same lists, so the same cache, as the questions). */
const APPROVED_SERVICES_SOURCE = 'service?approved=true';
const APPROVED_AGENCIES_SOURCE = 'engagement-notice/agency';
const REPORTABLE_NOTICES_SOURCE = 'billing-report/engagement-notices';

/**
 * Still loading the list for the first time. A list that failed is not loading again here when the
 * question's own widget asks for it again (a refetch without data is pending once more): the form
 * stays, and its question says the list did not load.
 */
function isFirstLoad(list: { isPending: boolean; errorUpdateCount: number }): boolean {
  return list.isPending && list.errorUpdateCount === 0;
}

function AgencyFormLink({ children }: { children: ReactNode }) {
  // The agency form is a public page of the site, outside the dashboard.
  return <a href={AGENCY_FORM_PATH}>{children}</a>;
}

function Blocked({ kind, lead, children }: { kind: ReportingKind; lead: string; children: ReactNode }) {
  return (
    <div className="reporting-prerequisite">
      <p className="reporting-prerequisite__lead">{lead}</p>
      {children}
      <p>
        <Link to={kind.listPath}>Back to your {kind.plural}</Link>
      </p>
    </div>
  );
}

function NoticePrerequisites({ children }: { children: ReactNode }) {
  const services = useSourceOptions(APPROVED_SERVICES_SOURCE);
  const agencies = useSourceOptions(APPROVED_AGENCIES_SOURCE);
  if (isFirstLoad(services) || isFirstLoad(agencies)) {
    return <LoadingState label="Checking what you can report…" />;
  }
  // A list that failed to load lets the form through: its question says the list did not load.
  if (services.data?.length === 0) {
    return (
      <Blocked kind={engagementNoticeKind} lead="You can submit an engagement notice once your business is approved for a service.">
        <p>
          An engagement notice tells the marketplace team about work an agency has engaged your business to do. It names the services the
          work is for, so your business must first be approved for at least one service in a catalogue.
        </p>
        <p>
          <Link to={applicationsPaths.applications()}>Apply to a catalogue, or continue your application</Link>
        </p>
      </Blocked>
    );
  }
  if (agencies.data?.length === 0) {
    return (
      <Blocked kind={engagementNoticeKind} lead="You can submit an engagement notice once the agency that engaged you has registered with the marketplace.">
        <p>
          No agency has registered yet. Ask the agency to register using the <AgencyFormLink>agency registration form</AgencyFormLink>. When
          the marketplace team approves its registration, you can choose it in your notice.
        </p>
      </Blocked>
    );
  }
  return children;
}

function ReportPrerequisites({ kind, children }: { kind: ReportingKind; children: ReactNode }) {
  const notices = useSourceOptions(REPORTABLE_NOTICES_SOURCE);
  if (isFirstLoad(notices)) {
    return <LoadingState label="Checking what you can report…" />;
  }
  if (notices.data?.length === 0) {
    return (
      <Blocked kind={kind} lead="You can submit a billing report once you have submitted an engagement notice.">
        <p>
          A billing report says what your business billed an agency in one month for an engagement. It is made against the engagement
          notice you submitted for that engagement, so submit the notice first.
        </p>
        <ul className="plain-list">
          <li>
            <Link to={engagementNoticeKind.submitPath(undefined)}>Submit an engagement notice</Link>
          </li>
          <li>
            <Link to={`${engagementNoticeKind.listPath}?status=draft`}>Continue a draft engagement notice</Link>
          </li>
        </ul>
      </Blocked>
    );
  }
  return children;
}

/** A new record's first step, once what it needs is there; else why not and what to do. */
export function ReportingPrerequisites({ kind, children }: { kind: ReportingKind; children: ReactNode }) {
  return kind.model === 'engagement-notice' ? <NoticePrerequisites>{children}</NoticePrerequisites> : <ReportPrerequisites kind={kind}>{children}</ReportPrerequisites>;
}

/** Under the notice's agency question: what to do when the agency that engaged you is not listed. */
export function AgencyNotListedHelp() {
  return (
    <details className="reporting-help">
      <summary>The agency is not in the list</summary>
      <div className="reporting-help__text">
        <p>
          Only agencies registered with the marketplace are listed. Ask the agency to register using the{' '}
          <AgencyFormLink>agency registration form</AgencyFormLink>. When the marketplace team approves its registration, it appears in the
          list.
        </p>
        <p>Until then, save this notice with &lsquo;Save and come back later&rsquo; and continue it once the agency is listed.</p>
      </div>
    </details>
  );
}

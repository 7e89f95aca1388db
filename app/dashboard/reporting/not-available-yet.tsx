/**
 * Engagement notices and billing reports are not built yet (issue 12). Until they are, their
 * screens say so plainly and tell the supplier how to send the same information to the team by
 * email or phone, instead of showing a button or a form step that leads nowhere.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { mailtoHref, telHref } from '../../../common/contact-links';
import { Screen } from '../../lib/components/screen';
import { getPageData } from '../../lib/page-data';
import { getProductTeamName } from '../../lib/product-team';
import { useActiveSupplier } from '../active-supplier';

export interface ReportKind {
  /** The list screen's title: 'Engagement notices'. */
  listTitle: string;
  /** 'engagement notices', within a sentence. */
  plural: string;
  /** What the email to the team should hold, one item per line. */
  detailsToSend: readonly string[];
  /** The email's subject line, filled in for the supplier. */
  emailSubject: string;
  listPath: string;
}

function NotAvailableNotice({ kind }: { kind: ReportKind }) {
  return (
    <div className="inset-text">
      <p>
        <strong>This feature is not available yet.</strong> You cannot send or view {kind.plural} on this website for now.
      </p>
    </div>
  );
}

function HowToSendMeanwhile({ kind }: { kind: ReportKind }) {
  const { teamContact } = getPageData();
  const subject = `${kind.emailSubject}: ${useActiveSupplier().tradingName}`;
  return (
    <>
      <h2>What to do instead</h2>
      <p>
        Email the {getProductTeamName()} at{' '}
        <a href={`${mailtoHref(teamContact.email)}?subject=${encodeURIComponent(subject)}`}>{teamContact.email}</a> with:
      </p>
      <ul>
        {kind.detailsToSend.map((detail) => (
          <li key={detail}>{detail}</li>
        ))}
      </ul>
      <p>
        If you have a question, phone <a href={telHref(teamContact.phone)}>{teamContact.phone}</a>.
      </p>
    </>
  );
}

/** The list screen: what these records are, that they cannot be sent here yet, and what to do instead. */
export function NotAvailableListScreen({ kind, about }: { kind: ReportKind; about: ReactNode }) {
  return (
    <Screen title={kind.listTitle}>
      {about}
      <NotAvailableNotice kind={kind} />
      <HowToSendMeanwhile kind={kind} />
    </Screen>
  );
}

/** A record's screen, or a submission step, reached from an old link or by address. */
export function NotAvailableScreen({ kind, title }: { kind: ReportKind; title: string }) {
  return (
    <Screen title={title}>
      <NotAvailableNotice kind={kind} />
      <HowToSendMeanwhile kind={kind} />
      <p>
        <Link to={kind.listPath}>Back to {kind.plural}</Link>
      </p>
    </Screen>
  );
}

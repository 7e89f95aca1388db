/**
 * The open data publication policy (issue 32): what the portal publishes in the Open Contracting
 * Data Standard, what it never does, when, and where to get it. The rules it states are
 * ./publication-rules.ts's and ./publisher.ts's; the page says them in plain English.
 */
import type { TeamContact } from '../../../common/page-data';
import { API_PREFIX, DIRECTORY_PATH, OPEN_DATA_POLICY_PATH } from '../../../common/site-paths';
import { TeamContactLinks } from '../../pages/contact-links';
import { ContentLayout } from '../../pages/side-nav';
import { policyBreadcrumbs, policySideNav } from '../../pages/policy-nav';
import { OPEN_DATA_ROUTE } from './service';

export const PUBLICATION_POLICY_TITLE = 'Open data publication policy';

export function PublicationPolicyPage({ productName, teamContact, ocidPrefix }: { productName: string; teamContact: TeamContact; ocidPrefix: string }) {
  const api = `${API_PREFIX}${OPEN_DATA_ROUTE}`;
  return (
    <ContentLayout breadcrumbs={policyBreadcrumbs(PUBLICATION_POLICY_TITLE)} sideNav={policySideNav(OPEN_DATA_POLICY_PATH)}>
      <h1>{PUBLICATION_POLICY_TITLE}</h1>
      <p className="lead">
        The {productName} publishes who the government engaged through it, for how much, and what it was billed, as open data in the Open
        Contracting Data Standard (OCDS) 1.1.5.
      </p>

      <h2>What we publish</h2>
      <ul>
        <li>Each catalogue, as a standing framework that suppliers apply to join.</li>
        <li>
          Each supplier approved into a catalogue, with its name, its business number where it gave one, whether it is a small business and
          whether it said it is a Māori business. The <a href={DIRECTORY_PATH}>approved suppliers directory</a> shows the same suppliers.
        </li>
        <li>Each engagement a supplier reported and the agency it names confirmed: the agency, the supplier, the services, the dates and the value.</li>
        <li>Each month&apos;s billing for a published engagement, once the agency confirmed the amount.</li>
        <li>The withdrawal of a published engagement, if its supplier withdraws it later.</li>
      </ul>

      <h2>What we do not publish</h2>
      <ul>
        <li>Anything a supplier has not submitted: drafts stay private.</li>
        <li>An engagement the agency has not confirmed yet, or disputed. It is published only once the agency confirms it.</li>
        <li>A month&apos;s billing the agency has not confirmed yet, or queried. It is published only once the agency confirms the amount.</li>
        <li>
          An engagement the supplier or the agency marked confidential, with a reason, and its billing. Either can mark it on the engagement notice until the
          agency confirms the engagement; after that it is published and cannot be taken back.
        </li>
        <li>The names, email addresses or phone numbers of the people who use the portal, and the messages between suppliers, agencies and the team.</li>
        <li>What suppliers tell the team to be approved: their finances, insurance, and any investigations or disputes.</li>
      </ul>

      <h2>When we publish</h2>
      <p>
        Within about 10 minutes of the agency&apos;s confirmation. A published release never changes: a change is published as a new release on
        the same contracting process, so the history stays whole.
      </p>

      <h2>How to get the data</h2>
      <ul>
        <li>
          <a href={`${api}/releases`}>The feed of every release</a>, in the order we published them (<code>{`${api}/releases`}</code>). Follow
          its <code>links.next</code> until a page is empty, then ask that address again later for what is new.
        </li>
        <li>
          <a href={`${api}/bulk`}>The daily bulk files</a>: every release published up to that day in one gzipped file, for the last 7 days (
          <code>{`${api}/bulk`}</code>).
        </li>
        <li>
          One release: <code>{`${api}/releases/{release id}`}</code>. One contracting process, with the address and date of each of its releases and its
          current state: <code>{`${api}/records/{ocid}`}</code>.
        </li>
        <li>
          Every contracting process id starts with <code>{ocidPrefix}</code>. Each address allows a fair number of requests a minute from one
          address; past it, the answer is 429 with a Retry-After header saying how many seconds to wait.
        </li>
      </ul>

      <h2>Licence</h2>
      <p>
        The data is Crown copyright, licensed under the{' '}
        <a href="https://creativecommons.org/licenses/by/4.0/">Creative Commons Attribution 4.0 International licence</a>: you may reuse it if you
        say it comes from the {productName}.
      </p>

      <h2>Contact us</h2>
      <p>
        If something published is wrong, or should not have been published, contact the {productName} team: <TeamContactLinks contact={teamContact} />.
      </p>
    </ContentLayout>
  );
}

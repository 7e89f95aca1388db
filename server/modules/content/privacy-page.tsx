/**
 * The privacy statement (New Zealand's Privacy Act 2020): what the portal keeps about people, why,
 * for how long and whom to ask. Every period in it is the code's own (the sign-in session, the
 * failed sign-in counts, the reset links, the rate limits' counters, AGENCY_RESUME_DAYS); what the
 * code keeps with no end date, the page says is kept.
 */
import type { TeamContact } from '../../../common/page-data';
import { COOKIES_PATH, DIRECTORY_PATH, PRIVACY_PATH } from '../../../common/site-paths';
import { TeamContactLinks } from '../../pages/contact-links';
import { ContentLayout } from '../../pages/side-nav';
import { policyBreadcrumbs, policySideNav } from '../../pages/policy-nav';

/** What differs between installations, from the configuration. */
export interface PrivacyFacts {
  /** The portal runs its own sign-in service (and so keeps password hashes and sign-in sessions). */
  isSignInEmbedded: boolean;
  /** Mail is written to the outbox folder and kept there, instead of being handed to a mail server. */
  isMailKeptInOutbox: boolean;
  /** Days an agency registration's "come back later" link works after its last save. */
  agencyResumeDays: number;
  /** Hours a sign-in session lasts. */
  sessionHours: number;
}

export const PRIVACY_TITLE = 'Privacy statement';

export function PrivacyPage({ productName, teamContact, facts }: { productName: string; teamContact: TeamContact; facts: PrivacyFacts }) {
  return (
    <ContentLayout breadcrumbs={policyBreadcrumbs(PRIVACY_TITLE)} sideNav={policySideNav(PRIVACY_PATH)}>
      <h1>{PRIVACY_TITLE}</h1>
      <p>
        The {productName} is run by the government procurement team. This statement explains what the portal keeps about
        the people who use it, why, for how long, who can see it and whom to ask. We look after personal information as
        New Zealand&apos;s Privacy Act 2020 requires.
      </p>

      <h2>What we keep and why</h2>
      <h3>Your account</h3>
      <p>
        Your name, your email address, the suppliers you belong to, whether you are an administrator of each, and the
        supplier you chose last. For members of the {productName} team, that they are on the team and since when. We need
        these to sign you in and to show you your own supplier&apos;s records and no one else&apos;s.
      </p>
      {facts.isSignInEmbedded ? (
        <p>We never store your password, only a scrambled form of it (a hash) that cannot be turned back into it.</p>
      ) : (
        <p>You sign in with your organisation&apos;s sign-in service, which keeps your password. The portal never sees it.</p>
      )}

      <h3>Signing in</h3>
      {facts.isSignInEmbedded ? (
        <>
          <p>
            While you are signed in, the portal keeps a record of your sign-in session. A session lasts {facts.sessionHours}{' '}
            hours, or until you sign out, and its record is deleted once it has ended.
          </p>
          <p>
            To slow down anyone guessing passwords, we count failed sign-ins against a scrambled form of the email address
            typed, never the address itself. The count is deleted after a day with no failed sign-in. A &lsquo;Forgot your
            password?&rsquo; link is kept only in scrambled form, works once and stops working after 1 hour.
          </p>
        </>
      ) : (
        <p>Your organisation&apos;s sign-in service keeps its own records of your sign-ins.</p>
      )}
      <p>
        To stop one connection flooding the portal&apos;s forms, we count its requests against a scrambled form of its
        internet (IP) address, never the address itself. The counts are deleted after each minute.
      </p>

      <h3>Registrations, applications and reports</h3>
      <p>
        What you tell us when your business registers, applies for services, keeps its details up to date, or submits
        engagement notices and billing reports. This includes the names, email addresses and phone numbers of the
        people you give as contacts. An agency&apos;s registration keeps its contact person&apos;s details. We need these to
        assess suppliers and agencies, and to account for what agencies buy through the {productName}.
      </p>
      <p>
        An approved supplier&apos;s business name and contact details are published in the{' '}
        <a href={DIRECTORY_PATH}>approved-suppliers directory</a>, which anyone can search and download.
      </p>
      <p>
        An agency registration saved to finish later can be opened with its link for {facts.agencyResumeDays} days after
        it was last saved. The link then stops working, but the answers saved are kept.
      </p>

      <h3>Messages and uploaded files</h3>
      <p>
        The messages between your supplier and the {productName} team, who wrote each one and when, and when people last
        read each conversation. The files people upload, such as insurance certificates and message attachments, with
        their name, type, size and who uploaded them. We need these to answer your questions and to assess your
        applications.
      </p>

      <h3>The audit log</h3>
      <p>
        Every change a person makes in the portal is recorded: who made it, what changed, when, and the values before and
        after. These values can include names and email addresses, for example when someone is invited to join a
        supplier. The audit log lets the {productName} team account for every decision, and only the team can read it.
      </p>

      <h3>Email</h3>
      <p>
        The portal emails you when something needs your attention: an invitation, a password link, the agency
        form&apos;s &lsquo;come back later&rsquo; link, a decision about a registration or an application, a reminder
        that a report is due, or a new message.
      </p>
      {facts.isMailKeptInOutbox ? (
        <p>This installation keeps each email as a file in its outbox folder, where it stays until someone deletes it.</p>
      ) : (
        <p>
          The portal hands each email to our mail service to deliver and keeps no copy. Its logs record that an email was
          sent and to how many people.
        </p>
      )}

      <h3>Server logs</h3>
      <p>
        For each request, the server logs when it came, the address of the page asked for (with any secret part of a link
        blanked out) and the internet (IP) address it came from.
        {facts.isSignInEmbedded && ' A failed sign-in also logs the email address typed.'} We use the logs to keep the
        portal working and secure. The portal does not store its logs itself: it writes them to the hosting service it
        runs on, which keeps them for as long as that service is set up to.
      </p>

      <h3>In your browser</h3>
      <p>
        Some things are kept in your own browser, not by us: your sign-in while you are signed in, and the answers of a
        registration you have not sent yet. The <a href={COOKIES_PATH}>cookies page</a> lists each one.
      </p>

      <h2>How long we keep it</h2>
      <p>
        Apart from the periods given above, the portal deletes nothing by itself. Accounts, registrations, applications,
        reports, messages, uploaded files and the audit log are kept for as long as the portal runs. Removing a person
        from a supplier ends their access, but their account and what they did are kept.
      </p>
      <p>
        If you want information about you deleted, ask us. We delete what we no longer need, and keep what the Public
        Records Act 2005 requires us to keep.
      </p>

      <h2>Who can see it</h2>
      <ul>
        <li>You and the other people of your supplier see your supplier&apos;s records and messages.</li>
        <li>The {productName} team sees everything in the portal.</li>
        <li>Anyone can see an approved supplier&apos;s listing in the directory.</li>
      </ul>
      <p>
        We do not sell personal information or pass it on, unless the law requires us to. The portal uses no advertising
        or analytics services and loads nothing from other websites.
      </p>

      <h2>Your rights</h2>
      <p>
        Under the Privacy Act 2020 you can ask for a copy of the personal information we hold about you, and ask us to
        correct it. We answer within 20 working days.
      </p>
      <p>
        If you are not happy with our answer, you can complain to the{' '}
        <a href="https://www.privacy.org.nz/">Office of the Privacy Commissioner</a>.
      </p>

      <h2>Contact us</h2>
      <p>
        To ask about your information, <TeamContactLinks contact={teamContact} />.
      </p>
    </ContentLayout>
  );
}

/** Copyright and terms of use: who may reuse the site's content, and the rules of using the portal. */
import type { TeamContact } from '../../../common/page-data';
import { COPYRIGHT_PATH, DIRECTORY_PATH, PRIVACY_PATH } from '../../../common/site-paths';
import { TeamContactLinks } from '../../pages/contact-links';
import { ContentLayout } from '../../pages/side-nav';
import { policyBreadcrumbs, policySideNav } from '../../pages/policy-nav';

export const COPYRIGHT_TITLE = 'Copyright and terms of use';

export function CopyrightPage({ productName, teamContact }: { productName: string; teamContact: TeamContact }) {
  return (
    <ContentLayout breadcrumbs={policyBreadcrumbs(COPYRIGHT_TITLE)} sideNav={policySideNav(COPYRIGHT_PATH)}>
      <h1>{COPYRIGHT_TITLE}</h1>

      <h2>Copyright</h2>
      <p>
        The content of the {productName} is Crown copyright. Unless it says otherwise, you may copy, share and adapt it
        under the <a href="https://creativecommons.org/licenses/by/4.0/">Creative Commons Attribution 4.0 International licence</a>,
        as long as you say it comes from the {productName}.
      </p>
      <p>
        This does not cover what suppliers say about themselves in their listings, or their names: those belong to the
        suppliers. You may download and use the list of{' '}
        <a href={DIRECTORY_PATH}>approved suppliers</a> to find and contact them.
      </p>

      <h2>Using the directory</h2>
      <p>
        A supplier in the directory has been assessed and approved by the {productName} team for the services listed with
        it. Approval is not an endorsement, and it does not replace the checks an agency makes under its own procurement
        rules before it buys.
      </p>

      <h2>Your account</h2>
      <ul>
        <li>Keep your password to yourself, and do not let anyone else sign in as you.</li>
        <li>What you send through the portal must be true and complete, as far as you know.</li>
        <li>You are responsible for what is done with your account.</li>
      </ul>

      <h2>Things you must not do</h2>
      <ul>
        <li>try to reach records, accounts or parts of the portal that are not yours</li>
        <li>upload anything harmful, such as viruses, or anything you have no right to share</li>
        <li>send automated requests that slow the portal down for others</li>
      </ul>
      <p>
        If you find a security problem, email the {productName} team with &lsquo;Security&rsquo; in the subject, what you
        found and how to see it. Please do not test it against other people&apos;s information.
      </p>

      <h2>Other websites</h2>
      <p>
        Links to other websites, such as suppliers&apos; own sites, are there to help you. We are not responsible for what
        those websites say.
      </p>

      <h2>Changes to these terms</h2>
      <p>
        We may change these terms when the portal changes. The terms on this page are the ones that apply. These terms are
        governed by New Zealand law. The <a href={PRIVACY_PATH}>privacy statement</a> says what we keep about you.
      </p>

      <h2>Contact us</h2>
      <p>
        For questions about reusing content or about these terms, <TeamContactLinks contact={teamContact} />.
      </p>
    </ContentLayout>
  );
}

/** The about page, in the content layout (side navigation + article). */
import { AGENCY_FORM_PATH } from '../../../common/agency-form';
import type { TeamContact } from '../../../common/page-data';
import { REGISTER_START_PATH } from '../../../common/registration/steps';
import { ABOUT_PATH, DIRECTORY_PATH, FAQ_PATH } from '../../../common/site-paths';
import { TeamContactLinks } from '../../pages/contact-links';
import { ContentLayout } from '../../pages/side-nav';
import { helpSideNav } from './help-nav';

export function AboutPage({ productName, teamContact }: { productName: string; teamContact: TeamContact }) {
  return (
    <ContentLayout
      breadcrumbs={[{ label: 'Home', href: '/' }, { label: `About the ${productName}` }]}
      sideNav={helpSideNav(ABOUT_PATH, productName)}
    >
      <h1>About the {productName}</h1>
      <p>
        The {productName} is the government&apos;s procurement portal. It lists suppliers that have been assessed and
        approved to provide services to agencies, grouped into sales channels and catalogues.
      </p>
      <h2>For suppliers</h2>
      <p>
        First <a href={REGISTER_START_PATH}>register your business</a>. Once the {productName} team has approved the
        registration, sign in to apply for the services you offer. The team assesses each application, and once your
        listings are published your business appears in the approved-suppliers directory. From your dashboard you
        report engagements and billing, keep your company details current and manage who in your business can use
        the portal.
      </p>
      <h2>For agencies</h2>
      <p>
        Agencies register to buy through the {productName}, with the{' '}
        <a href={AGENCY_FORM_PATH}>agency registration form</a>. Anyone can search the{' '}
        <a href={DIRECTORY_PATH}>approved-suppliers directory</a> by sales channel, catalogue and service, and
        download the results as a spreadsheet. Answers to common questions are in the{' '}
        <a href={FAQ_PATH}>frequently asked questions</a>.
      </p>
      <h2>Contact the {productName} team</h2>
      <p>
        For help with an application, your account or buying through the {productName}, <TeamContactLinks contact={teamContact} />.
        We answer on working days.
      </p>
    </ContentLayout>
  );
}

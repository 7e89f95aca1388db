/** The about page, in the content layout (side navigation + article). */
import { ABOUT_PATH } from '../../../common/site-paths';
import { ContentLayout } from '../../pages/side-nav';
import { helpSideNav } from './help-nav';

export function AboutPage({ productName }: { productName: string }) {
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
        Sign in to apply for the services you offer. The {productName} team assesses each application, and once your
        listings are published your business appears in the approved-suppliers directory. From your dashboard you
        report engagements and billing, keep your company details current and manage who in your business can use
        the portal.
      </p>
      <h2>For agencies</h2>
      <p>
        Agencies register to buy through the {productName}. Anyone can search the{' '}
        <a href="/approved-suppliers">approved-suppliers directory</a> by sales channel, catalogue and service, and
        download the results as a spreadsheet. Answers to common questions are in the{' '}
        <a href="/help/faq">frequently asked questions</a>.
      </p>
    </ContentLayout>
  );
}

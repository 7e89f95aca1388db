/**
 * The accessibility statement: the standard the portal aims at (WCAG 2.2 AA, the NZ Government Web
 * Accessibility Standard 1.2), what the automated tests check on every change (e2e/accessibility,
 * e2e/small-screens and the keyboard-only journeys), what they cannot, and how to report a problem.
 */
import type { TeamContact } from '../../../common/page-data';
import { ACCESSIBILITY_PATH } from '../../../common/site-paths';
import { TeamContactLinks } from '../../pages/contact-links';
import { ContentLayout } from '../../pages/side-nav';
import { policyBreadcrumbs, policySideNav } from '../../pages/policy-nav';

export const ACCESSIBILITY_TITLE = 'Accessibility statement';
/** When the statement was last checked against what the tests do. */
const LAST_REVIEWED = '29 November 2026';

export function AccessibilityPage({ productName, teamContact }: { productName: string; teamContact: TeamContact }) {
  return (
    <ContentLayout breadcrumbs={policyBreadcrumbs(ACCESSIBILITY_TITLE)} sideNav={policySideNav(ACCESSIBILITY_PATH)}>
      <h1>{ACCESSIBILITY_TITLE}</h1>
      <p>
        We want everyone to be able to use the {productName}: its public pages, the registration forms, the supplier
        dashboard and the {productName} team&apos;s pages. This statement says how accessible it is, how we check, and how
        to tell us about a problem.
      </p>

      <h2>The standard we aim for</h2>
      <p>
        The {productName} aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, as the New Zealand
        Government Web Accessibility Standard 1.2 requires.
      </p>
      <p>You should be able to:</p>
      <ul>
        <li>use every page with a keyboard alone</li>
        <li>skip straight to the main content from the first link on each page</li>
        <li>read every page on a screen 320 pixels wide, or zoomed in, without scrolling sideways</li>
        <li>use the pages with a screen reader, which is told when a form has errors and when a screen changes</li>
      </ul>

      <h2>What we check on every change</h2>
      <p>Every change to the portal runs its automated tests, which open the pages in a real web browser and check that:</p>
      <ul>
        <li>
          every public page, every screen of the supplier dashboard and every screen of the team&apos;s pages has one main
          heading and passes axe, an automated accessibility checker, for the WCAG 2.0 and 2.1 success criteria at levels
          A and AA and axe&apos;s own good practice rules
        </li>
        <li>no public page, dashboard screen or team screen scrolls sideways at 320 pixels wide</li>
        <li>
          the main tasks can be done with a keyboard alone, including signing in, searching and downloading the directory,
          filling in the agency registration form, submitting and withdrawing an engagement notice, updating supplier
          details and reviewing an application
        </li>
        <li>the first press of the Tab key reaches the &lsquo;Skip to main content&rsquo; link</li>
      </ul>

      <h2>What we know is not checked</h2>
      <ul>
        <li>
          Automated checkers find only some kinds of problem, and the success criteria that are new in WCAG 2.2, such as
          the size of targets, are not yet part of the automated checks.
        </li>
        <li>Documents that people upload, such as insurance certificates, are not checked.</li>
      </ul>

      <h2>Report a problem</h2>
      <p>
        If something on the {productName} is hard to use, or you need information in another format,{' '}
        <TeamContactLinks contact={teamContact} />. Tell us the address of the page, what you were trying to do, and the
        browser and any assistive technology you use. We answer on working days.
      </p>

      <p>This statement was last reviewed on {LAST_REVIEWED}.</p>
    </ContentLayout>
  );
}

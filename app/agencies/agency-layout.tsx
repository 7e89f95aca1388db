/**
 * The agency form's root: the submission kept in local storage, the routed shell (announcements,
 * focus on each screen's h1), the document title '{product} — Agency Registration', and a scroll
 * to the top of the page on every navigation (spec §2).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { agencyDocumentTitle } from '../../common/agency-form';
import { RoutedAppShell } from '../lib/routing';
import { SubmissionProvider } from './submission-store';
import '../styles/agency.css';

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function AgencyLayout({ productName }: { productName: string }) {
  return (
    <SubmissionProvider>
      <ScrollToTop />
      <RoutedAppShell productName={productName} documentTitle={(label) => agencyDocumentTitle(productName, label)} />
    </SubmissionProvider>
  );
}

/**
 * The agency form's root: the submission kept in local storage, the routed shell (announcements,
 * focus on each screen's h1), the document title '{product} — Agency Registration', and a scroll
 * to the top of the page on every navigation (spec §2).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { RoutedAppShell } from '../lib/routing';
import { SubmissionProvider } from './submission-store';
import '../styles/agency.css';

/** The page title of spec §2, preceded by the screen's label on every screen but the start. */
export function agencyDocumentTitle(productName: string, label: string | undefined): string {
  const title = `${productName} — Agency Registration`;
  return label === undefined ? title : `${label} — ${title}`;
}

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

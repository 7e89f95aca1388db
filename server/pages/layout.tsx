/**
 * The page shell every server-rendered page shares: head with the apps' assets and the page data,
 * the site header with the header app's mount element, main content, footer.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AGENCY_FORM_PATH } from '../../common/agency-form';
import { PAGE_DATA_ELEMENT_ID, type PageData, type TeamContact } from '../../common/page-data';
import { HEADER_ELEMENT_ID, HeaderBar, SignedOutAccount, type HeaderSettings } from '../../common/site-header';
import { ABOUT_PATH, API_REFERENCE_PATH, INSIGHTS_PATH } from '../../common/site-paths';
import type { AppAssets, PageAssets } from './assets';
import { TeamContactLinks } from './contact-links';
import { GlobalAlertBanner, type GlobalAlert } from './global-alert';
import { POLICY_LINKS } from './policy-links';

export type { HeaderSettings };

export interface LayoutProps {
  /** Document title, before " — {product}". */
  title: string;
  /** The whole document title, in place of '{title} — {product}'. */
  documentTitle?: string | undefined;
  /** What the page offers, in a sentence or two: the meta description search engines show under the title. */
  description: string;
  productName: string;
  teamContact: TeamContact;
  assets: PageAssets;
  /** The files of the app the page mounts, named in the head so they download with the entry. */
  appAssets?: AppAssets | undefined;
  pageData: PageData | null;
  header: HeaderSettings;
  /** Data attributes of the body (`data-{key}`): the public forms' security token. */
  bodyData?: Record<string, string>;
  /** The site notice, or null when there is none or the visitor dismissed it. */
  globalAlert?: GlobalAlert | null;
  /** Path of the page (no query), to mark the current section in the site navigation. */
  currentPath?: string;
  children: ReactNode;
}

interface SiteLink {
  href: string;
  label: string;
  /** The footer has room to say more. */
  footerLabel?: string;
}

/** The site's sections, in the header's navigation and the footer. */
const siteLinks: readonly SiteLink[] = [
  { href: '/sales-channels', label: 'Sales channels' },
  { href: '/approved-suppliers', label: 'Approved suppliers' },
  // Agencies register with their own form: one of the ways in, beside the suppliers' (issue 27).
  { href: AGENCY_FORM_PATH, label: 'For agencies', footerLabel: 'Register an agency' },
  { href: '/help/faq', label: 'Help', footerLabel: 'Frequently asked questions' },
  { href: '/about', label: 'About' },
];

/** Sections own the pages under them: /catalogues and /services belong to sales channels. */
const sectionPrefixes: Record<string, readonly string[]> = {
  '/sales-channels': ['/sales-channels', '/catalogues/', '/services/'],
  '/approved-suppliers': ['/approved-suppliers'],
  [AGENCY_FORM_PATH]: [AGENCY_FORM_PATH],
  '/help/faq': ['/help/'],
  '/about': ['/about'],
};

function currentMark(href: string, currentPath: string | undefined): 'page' | 'true' | undefined {
  if (currentPath === undefined) {
    return undefined;
  }
  if (currentPath === href) {
    return 'page';
  }
  return (sectionPrefixes[href] ?? []).some((prefix) => currentPath.startsWith(prefix)) ? 'true' : undefined;
}

function SiteNav({ currentPath }: { currentPath: string | undefined }) {
  return (
    <nav className="site-nav" aria-label="Main">
      <ul className="site-nav__list">
        {siteLinks.map((link) => (
          <li key={link.href}>
            <a className="site-nav__link" href={link.href} aria-current={currentMark(link.href, currentPath)}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Serialises JSON for an HTML script block: `<` escaped so no content can close the element. */
export function toScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function Layout({ title, documentTitle, description, productName, teamContact, assets, appAssets, pageData, header, bodyData, globalAlert, currentPath, children }: LayoutProps) {
  const bodyAttributes = Object.fromEntries(Object.entries(bodyData ?? {}).map(([key, value]) => [`data-${key}`, value]));
  return (
    <html lang="en-NZ">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content={description} />
        <title>{documentTitle ?? (title === productName ? title : `${title} — ${productName}`)}</title>
        <link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%23004b50'/%3E%3C/svg%3E" />
        {[...assets.styles, ...(appAssets?.styles ?? [])].map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.scripts.map((src) => (
          // Render-blocking: the entry starts the widgets (accordions, the notice's Dismiss, folded
          // navigation) before the first paint, so nothing moves under the reader (CLS).
          <script key={src} type="module" src={src} blocking="render" />
        ))}
        {appAssets?.modules.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {pageData && (
          <script type="application/json" id={PAGE_DATA_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: toScriptJson(pageData) }} />
        )}
      </head>
      <body {...bodyAttributes}>
        <a className="skip-link" href="#main-content">
          Skip to main content
        </a>
        <header className="site-header">
          {/* Filled by the cookie-message widget when the browser refuses cookies. */}
          <div id="cookie-message" className="cookie-message" role="alert" data-cookie-message="" />
          {globalAlert && <GlobalAlertBanner alert={globalAlert} />}
          <div className="site-header__inner">
            <a className="site-header__brand" href="/">
              {productName}
            </a>
            <div
              id={HEADER_ELEMENT_ID}
              className="site-header__app"
              data-is-home={String(header.isHome)}
              data-is-sign-in-page={String(header.isSignInPage)}
              data-welcome-text={header.welcomeText}
              data-title={header.title}
            >
              {/* The signed-out header, complete without a script; the header app replaces it for a session (app/header/load.ts). */}
              <HeaderBar settings={header}>
                <SignedOutAccount settings={header} />
              </HeaderBar>
            </div>
          </div>
          <SiteNav currentPath={currentPath} />
        </header>
        <main id="main-content" className="site-main" tabIndex={-1}>
          {children}
        </main>
        <footer className="site-footer">
          <div className="site-footer__inner">
            <nav className="site-footer__nav" aria-label="Footer">
              <ul className="site-footer__links">
                {siteLinks.map((link) => (
                  <li key={link.href}>
                    <a href={link.href}>{link.footerLabel ?? link.label}</a>
                  </li>
                ))}
                {/* The footer's own: the header's sections are fixed by the spec. */}
                <li>
                  <a href={INSIGHTS_PATH}>Insights: spend and suppliers</a>
                </li>
                <li>
                  <a href={API_REFERENCE_PATH}>API reference</a>
                </li>
              </ul>
              <ul className="site-footer__links">
                {POLICY_LINKS.map((link) => (
                  <li key={link.href}>
                    <a href={link.href}>{link.label}</a>
                  </li>
                ))}
              </ul>
            </nav>
            <p>{productName} is run by the government procurement team.</p>
            <p>
              Questions? Contact the {productName} team: <TeamContactLinks contact={teamContact} />. Read more{' '}
              <a href={ABOUT_PATH}>about the {productName}</a>.
            </p>
          </div>
        </footer>
      </body>
    </html>
  );
}

export function renderPage(props: LayoutProps): string {
  return `<!doctype html>${renderToStaticMarkup(<Layout {...props} />)}`;
}

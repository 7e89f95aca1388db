/**
 * The header's markup, shared by the page shell and the header app: the server renders the
 * signed-out header into `#app__header`, so a visitor without a session sees it complete with the
 * page and no script for signed-in use is fetched (app/header/load.ts); the app renders the same
 * components once it knows who is signed in.
 */
import type { ReactNode } from 'react';
import type { AgencySummary, SupplierSummary } from './api/user';
import { REGISTER_START_PATH } from './registration/steps';
import { signedInHeaderLinks, type HeaderLink } from './header-links';

/** The header's settings, which the page shell also puts on `#app__header` as data attributes (spec §1). */
export interface HeaderSettings {
  /** The home page: signed-out visitors see the welcome text. */
  isHome: boolean;
  /** The sign-in page: its visitor is already signing in, so the header offers no Login. */
  isSignInPage: boolean;
  welcomeText: string;
  /** The page's title, shown beside the product name as the section the visitor is in. */
  title: string;
}

/** The header's row: the section's title, then the account area (links, menu). */
export function HeaderBar({ settings, children }: { settings: HeaderSettings; children: ReactNode }) {
  const showsTitle = !settings.isHome && settings.title !== '';
  return (
    <div className="header">
      {showsTitle && <span className="header__title">{settings.title}</span>}
      <div className="header__account">{children}</div>
    </div>
  );
}

/** What a signed-out visitor sees: the welcome on the home page, Register and Login (none on the sign-in page). */
export function SignedOutAccount({ settings, onLogin }: { settings: HeaderSettings; onLogin?: () => void }) {
  return (
    <>
      {settings.isHome && settings.welcomeText !== '' && <p className="header__welcome">{settings.welcomeText}</p>}
      {!settings.isSignInPage && <HeaderNav isSignedIn={false} activeSupplier={null} onLogin={onLogin} />}
    </>
  );
}

export interface HeaderNavProps {
  isSignedIn: boolean;
  /** A member of the marketplace team: the header links to the team's app. */
  isTeamMember?: boolean;
  /** The active supplier, or null when signed out or not attached to one. */
  activeSupplier: SupplierSummary | null;
  /** The agency the user acts for (issue 31): it takes the supplier's place in the links. */
  activeAgency?: AgencySummary | null | undefined;
  /** Login's click; absent in the server's markup, where app/header/load.ts attaches it. */
  onLogin?: (() => void) | undefined;
}

/** The element the page shell renders the header into, and the header app mounts on. */
export const HEADER_ELEMENT_ID = 'app__header';

/** The header navigation's accessible name (app/header/remembered-links.ts draws the same). */
export const HEADER_NAV_LABEL = 'Account';

/** The class of the Login button, by which the signed-out page's script finds it. */
export const LOGIN_BUTTON_CLASS = 'header-nav__login';

/**
 * The header's links: a signed-in person's (./header-links.ts), or Register and Login for a visitor
 * (the public registration of a business; none on the sign-in page, where SignedOutAccount leaves it out).
 */
export function HeaderNav({ isSignedIn, isTeamMember = false, activeSupplier, activeAgency = null, onLogin }: HeaderNavProps) {
  if (isSignedIn) {
    const links = signedInHeaderLinks({ isTeamMember, activeSupplier, activeAgency });
    return links.length === 0 ? null : <HeaderNavList links={links} />;
  }
  return (
    <HeaderNavList links={[{ label: 'Register', href: REGISTER_START_PATH }]}>
      <li>
        <button type="button" className={`header-nav__link ${LOGIN_BUTTON_CLASS}`} onClick={onLogin}>
          Login
        </button>
      </li>
    </HeaderNavList>
  );
}

/** The header's navigation: its links, then `children` (list items). */
export function HeaderNavList({ links, children }: { links: readonly HeaderLink[]; children?: ReactNode }) {
  return (
    <nav className="header-nav" aria-label={HEADER_NAV_LABEL}>
      <ul className="header-nav__list">
        {links.map((link) => (
          <li key={link.href}>
            <a className="header-nav__link" href={link.href}>
              {link.label}
            </a>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}

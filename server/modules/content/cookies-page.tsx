/**
 * The cookies the portal sets, each by its name, purpose and lifetime, and what its apps keep in
 * the browser's local storage. The names are the code's own: the site notice's and the public
 * forms' from their modules, the sign-in service's the defaults of oidc-provider (each with its
 * `.sig` signature), the cookie test's that of app/widgets/cookie-message.ts. content-pages.test.ts
 * signs in and opens a public form, and checks every cookie the server sets is listed here.
 */
import { Fragment } from 'react';
import { GLOBAL_ALERT_COOKIE_MAX_AGE_S } from '../../../common/constants';
import { HEADER_LINKS_STORAGE_KEY } from '../../../common/header-links';
import type { TeamContact } from '../../../common/page-data';
import { REGISTRATION_STORAGE_KEY } from '../../../common/registration/steps';
import { COOKIES_PATH, PRIVACY_PATH } from '../../../common/site-paths';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, DEVICE_COOKIE_PREFIX } from '../../auth/sign-in-throttle';
import { PUBLIC_FORM_SESSION_COOKIE } from '../../http/public-form-token';
import { READ_AFTER_WRITE_COOKIE, READ_AFTER_WRITE_SECONDS } from '../../http/read-after-write';
import { TeamContactLinks } from '../../pages/contact-links';
import { GLOBAL_ALERT_COOKIE } from '../../pages/global-alert';
import { ContentLayout } from '../../pages/side-nav';
import { policyBreadcrumbs, policySideNav } from '../../pages/policy-nav';

export const COOKIES_TITLE = 'Cookies';

/** The cookie app/widgets/cookie-message.ts writes and deletes at once to see whether cookies work. */
export const COOKIE_TEST_COOKIE = 'cookie-test';
/** The agency form app's local storage key (app/agencies/stored-submission.ts). */
const AGENCY_STORAGE_KEY = 'agency';
/** oidc-provider's default cookie names; each comes with a `.sig` cookie holding its signature. */
export const SIGN_IN_COOKIES = { session: '_session', interaction: '_interaction', resume: '_interaction_resume' } as const;
/** How the page names the sign-in device cookies, whose names end in a code for the account. */
export const DEVICE_COOKIE_LISTED_NAME = `${DEVICE_COOKIE_PREFIX}…`;

export interface CookieFacts {
  /** The portal runs its own sign-in service, which sets the sign-in cookies. */
  isSignInEmbedded: boolean;
  /** Hours a sign-in session lasts. */
  sessionHours: number;
  /** Public pages may be read from a copy of the database (DATABASE_READ_URL), which sets the read-after-write cookie. */
  hasReadReplica: boolean;
}

interface CookieRow {
  names: readonly string[];
  purpose: string;
  /** A sentence: when the browser deletes it. */
  expires: string;
}

function cookieRows(facts: CookieFacts): CookieRow[] {
  const noticeDays = Math.round(GLOBAL_ALERT_COOKIE_MAX_AGE_S / (24 * 60 * 60));
  const rows: CookieRow[] = [
    {
      names: [GLOBAL_ALERT_COOKIE],
      purpose: 'Remembers that you dismissed the notice at the top of the page, so it is not shown again.',
      expires: `Expires after ${noticeDays} days.`,
    },
    {
      names: [PUBLIC_FORM_SESSION_COOKIE],
      purpose:
        'Set when you open the business registration or the agency registration form. It makes sure only your browser can send the form you opened, so no other website can send it in your name.',
      expires: 'Expires when you close your browser.',
    },
    ...(facts.hasReadReplica
      ? [
          {
            names: [READ_AFTER_WRITE_COOKIE],
            purpose:
              'Set when you save or send something. Public pages may come from a copy of our records that can be a moment behind; this cookie makes sure the pages you open next show what you have just saved.',
            expires: `Expires after ${String(READ_AFTER_WRITE_SECONDS / 60)} minutes.`,
          },
        ]
      : []),
    {
      names: [COOKIE_TEST_COOKIE],
      purpose: 'Checks whether your browser accepts cookies, so the page can tell you when they are turned off.',
      expires: 'Deleted as soon as it is written.',
    },
  ];
  if (facts.isSignInEmbedded) {
    rows.push(
      {
        names: [SIGN_IN_COOKIES.session, `${SIGN_IN_COOKIES.session}.sig`],
        purpose: 'Keeps you signed in to the sign-in service, so you are not asked for your password on every page.',
        expires: `Expires ${facts.sessionHours} hours after you sign in, or when you sign out.`,
      },
      {
        names: [SIGN_IN_COOKIES.interaction, `${SIGN_IN_COOKIES.interaction}.sig`],
        purpose: 'Links the sign-in page to the request that opened it.',
        expires: 'Expires after 1 hour.',
      },
      {
        names: [SIGN_IN_COOKIES.resume, `${SIGN_IN_COOKIES.resume}.sig`],
        purpose: 'Takes you back to where you were once you have signed in.',
        expires: 'Expires as soon as you are signed in, or after 1 hour.',
      },
      {
        names: [DEVICE_COOKIE_LISTED_NAME],
        purpose:
          'Set when you sign in, or reset your password, in this browser; the rest of its name is a code for your account, so there is one for each account you use here. If someone elsewhere keeps guessing your password, your account makes them wait, but this browser can still sign you in.',
        expires: `Expires after ${String(Math.round(DEVICE_COOKIE_MAX_AGE_SECONDS / (24 * 60 * 60)))} days.`,
      },
    );
  }
  return rows;
}

function CookieList({ rows }: { rows: readonly CookieRow[] }) {
  return (
    <dl className="details-list">
      {rows.map((row) => (
        <Fragment key={row.names[0]}>
          <dt>
            {row.names.map((name, index) => (
              <span key={name}>
                {index > 0 && ' and '}
                <code>{name}</code>
              </span>
            ))}
          </dt>
          <dd>
            {row.purpose} {row.expires}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

export function CookiesPage({ productName, teamContact, facts }: { productName: string; teamContact: TeamContact; facts: CookieFacts }) {
  return (
    <ContentLayout breadcrumbs={policyBreadcrumbs(COOKIES_TITLE)} sideNav={policySideNav(COOKIES_PATH)}>
      <h1>{COOKIES_TITLE}</h1>
      <p>
        Cookies are small files that a website stores in your browser. The {productName} uses only the cookies it needs to
        work. It sets no advertising or analytics cookies, and nothing from other websites.
      </p>

      <h2>Cookies the {productName} sets</h2>
      {facts.isSignInEmbedded ? (
        <p>
          Each cookie of the sign-in service comes with a second one whose name ends in <code>.sig</code>. It holds a
          signature that shows the first was set by this site and has not been changed.
        </p>
      ) : (
        <p>
          You sign in on your organisation&apos;s sign-in service, which sets its own cookies on its own website.
        </p>
      )}
      <CookieList rows={cookieRows(facts)} />

      <h2>Other things stored in your browser</h2>
      <p>The portal&apos;s pages also keep these in your browser&apos;s local storage. Signing out removes all of them.</p>
      <dl className="details-list">
        <dt>
          <code>oidc.user:</code> followed by the address of the sign-in service
        </dt>
        <dd>
          Your sign-in while you are signed in: your name, your email address and the passes (tokens) that let the
          portal&apos;s pages act for you. Removed when you sign out.
        </dd>
        <dt>
          <code>oidc.</code> followed by a random code
        </dt>
        <dd>
          A sign-in you have started, so the portal can finish it when you come back from the sign-in page. Removed once
          you are signed in.
        </dd>
        <dt>
          <code>{REGISTRATION_STORAGE_KEY}</code>
        </dt>
        <dd>
          Your answers to the business registration, so you do not lose them if you leave the page. Removed when you send
          the registration.
        </dd>
        <dt>
          <code>{AGENCY_STORAGE_KEY}</code>
        </dt>
        <dd>Your answers to the agency registration form. Removed when you send the form or start again.</dd>
        <dt>
          <code>{HEADER_LINKS_STORAGE_KEY}</code>
        </dt>
        <dd>
          Which links the top of the page showed you when you were last signed in (such as Dashboard and Users), so the
          next page shows them at once. Removed when you sign out.
        </dd>
      </dl>

      <h2>If you turn cookies off</h2>
      <p>
        You can still search the directory and read every public page, but you cannot sign in or send a registration. A
        message at the top of each page tells you when cookies are turned off.
      </p>
      <p>
        The <a href={PRIVACY_PATH}>privacy statement</a> says what the portal keeps about you. If you have a question about
        cookies, <TeamContactLinks contact={teamContact} />.
      </p>
    </ContentLayout>
  );
}

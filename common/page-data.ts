/**
 * What a server-rendered page tells the browser apps (spec §1). The server embeds it as JSON in
 * `<script type="application/json" id="page-data">`; only these allow-listed values reach the page.
 */
export interface AuthSettings {
  /** OpenID Connect issuer (authority) the apps sign in with. */
  authority: string;
  clientId: string;
  /** Resource (audience) requested for API access tokens. */
  resource: string;
  /** Where the provider sends the browser back after sign-in. */
  redirectUri: string;
  /** Where the provider sends the browser after sign-out. */
  postLogoutRedirectUri: string;
  scope: string;
  /** Where a signed-in person changes their password; absent when an external issuer manages passwords. */
  changePasswordUrl?: string;
}

/** How people reach the marketplace team. */
export interface TeamContact {
  email: string;
  phone: string;
}

export interface PageData {
  productName: string;
  teamContact: TeamContact;
  auth: AuthSettings;
  /** Base URL of the API, e.g. `/api/v1/`. */
  apiBase: string;
  /** The working days the team aims to decide a registration or an application in (REVIEW_TARGET_DAYS), as the public is told. */
  reviewTargetDays: number;
}

export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** Who suppliers write to and hear from: '{product} team' (spec §1), the product's name being configurable. */
export function productTeamName(productName: string): string {
  return `${productName} team`;
}

/** Path of the page that completes the sign-in redirect and returns the user to where they were. */
export const AUTH_CALLBACK_PATH = '/auth/callback';

/** Settings of the dashboard app, read from `data-settings` on `#app__dashboard`. */
export interface DashboardSettings {
  basename: string;
}

/** Settings of the agency form app, read from `data-settings` on `#app__agency`. */
export interface AgencyAppSettings {
  basename: string;
}

/** Settings of the user app, read from `data-settings` on `#app__user`. */
export interface UserAppSettings {
  basename: string;
}

/**
 * The addresses of the site's public pages, one place for the pages that serve them and the pages
 * and apps that link to them.
 */
export const HOME_PATH = '/';
export const ABOUT_PATH = '/about';
export const FAQ_PATH = '/help/faq';
export const DASHBOARD_PATH = '/dashboard';
/** A signed-in person's two-step verification (issue 29): their passkeys and authenticator apps. */
export const SECOND_FACTORS_PATH = '/user/two-step-verification';
/** The agency dashboard (issue 31): an approved agency's people at work. */
export const AGENCY_DASHBOARD_PATH = '/agency';
export const SALES_CHANNELS_PATH = '/sales-channels';
export const DIRECTORY_PATH = '/approved-suppliers';
/** The public figures and charts of what agencies buy (issue 32). */
export const INSIGHTS_PATH = '/insights';
/** The pages every government site has, linked from the footer of every page. */
export const PRIVACY_PATH = '/privacy';
export const ACCESSIBILITY_PATH = '/accessibility';
export const COPYRIGHT_PATH = '/copyright';
export const COOKIES_PATH = '/cookies';
/** What the portal publishes as open data (OCDS), what it does not, and when (issue 32). */
export const OPEN_DATA_POLICY_PATH = '/open-data';
/** The marketplace team's tools. */
export const TEAM_APP_PATH = '/admin';
/** Where the REST API is mounted. */
export const API_PREFIX = '/api/v1';
/** The API's OpenAPI document, and the page that shows it to people (issue 32). */
export const OPENAPI_DOCUMENT_PATH = `${API_PREFIX}/openapi.json`;
export const API_REFERENCE_PATH = '/developers/api';

export const channelPath = (slug: string) => `${SALES_CHANNELS_PATH}/${encodeURIComponent(slug)}`;
export const cataloguePath = (slug: string) => `/catalogues/${encodeURIComponent(slug)}`;
export const servicePath = (slug: string) => `/services/${encodeURIComponent(slug)}`;
/** A supplier's public profile. */
export const supplierProfilePath = (id: number) => `${DIRECTORY_PATH}/${id}`;
/** A supplier's listing of one service (issue 30). */
export const listingPath = (supplierId: number, serviceSlug: string) => `${supplierProfilePath(supplierId)}/services/${encodeURIComponent(serviceSlug)}`;
/** A document of a live listing that anyone may download. */
export const listingDocumentPath = (supplierId: number, serviceSlug: string, fileId: string) => `${listingPath(supplierId, serviceSlug)}/documents/${encodeURIComponent(fileId)}`;

/** Business constants of spec §9, shared by the server and the apps. */

/** Delay before the cascade selects load catalogue and service options. */
export const CASCADE_SELECT_DELAY_MS = 300;
/** Debounce of the directory search box. */
export const DIRECTORY_SEARCH_DEBOUNCE_MS = 300;
/** The accordion search filters from this many characters. */
export const ACCORDION_SEARCH_MIN_LENGTH = 3;
/** The typed directory keyword searches when longer than this (or when it has become empty). */
export const DIRECTORY_KEYWORD_MIN_EXCLUSIVE = 3;
/** The Search button or Enter searches a directory keyword of at least this many characters (IT, HR, UX). */
export const DIRECTORY_SUBMITTED_KEYWORD_MIN_LENGTH = 2;
/** Desktop breakpoint in CSS pixels. */
export const DESKTOP_BREAKPOINT_PX = 768;
/** The global alert's dismissal cookie lasts one month. */
export const GLOBAL_ALERT_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30;
/** A new application starts at this step, with this status. */
export const INITIAL_PROGRESS = 1;
export const INITIAL_APPLICATION_STATUS = 'Incomplete';
/** A lazily loaded app chunk that has not arrived after this long fails with a chunk-load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Header naming the active supplier on every dashboard request. */
export const SUPPLIER_HEADER = 'X-Supplier-Id';
/** Header naming the active agency on every agency dashboard request (issue 31). */
export const AGENCY_HEADER = 'X-Agency-Id';
/** The API's answer to an expired access token (spec §8). */
export const SESSION_EXPIRED_ERROR = 'session expired';

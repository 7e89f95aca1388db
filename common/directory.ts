/** Pure rules of the approved-suppliers directory that the server and the suppliers app share. */
import { DIRECTORY_KEYWORD_MIN_EXCLUSIVE, DIRECTORY_SUBMITTED_KEYWORD_MIN_LENGTH } from './constants';
import { lazy } from './lazy';

/** Longest keyword the search accepts; longer ones answer 400 rather than run a slow query. */
export const DIRECTORY_KEYWORD_MAX_LENGTH = 200;
/** Results per page of the directory, and the most a client may ask for. */
export const DIRECTORY_PAGE_SIZE = 20;
export const DIRECTORY_MAX_PAGE_SIZE = 100;
/** Service suggestions shown under the search box at most. */
export const DIRECTORY_MAX_SUGGESTIONS = 8;

export const DIRECTORY_SETTINGS_ELEMENT_ID = 'app__suppliers-settings';

/** Printable ASCII only: each character is one grapheme, so counting needs no segmenter. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;
/**
 * Made on first use: creating a segmenter loads the browser's text-boundary data, which took
 * longer than everything else the directory does at load (about 60 ms on a test machine).
 */
const graphemes = lazy(() => new Intl.Segmenter('en', { granularity: 'grapheme' }));

/** Characters as a person counts them (an emoji or a letter with a macron is one), ignoring outer spaces. */
function keywordLength(keyword: string): number {
  const trimmed = keyword.trim();
  if (PLAIN_ASCII.test(trimmed)) {
    return trimmed.length;
  }
  return Array.from(graphemes().segment(trimmed)).length;
}

/** Spec §5: typing searches when the text is longer than 3 characters, or has become empty. */
export function shouldSearchTypedKeyword(keyword: string): boolean {
  const length = keywordLength(keyword);
  return length === 0 || length > DIRECTORY_KEYWORD_MIN_EXCLUSIVE;
}

/**
 * The Search button or Enter searches any keyword of 2 or more characters, or none: short
 * acronyms (IT, HR, AI, UX) are real searches, which the typing rule would wait for forever.
 * The same holds for a keyword in the page's address (a submitted search, shared or restored).
 */
export function isSearchableKeyword(keyword: string): boolean {
  const length = keywordLength(keyword);
  return length === 0 || length >= DIRECTORY_SUBMITTED_KEYWORD_MIN_LENGTH;
}

/** Spec §9: approved-suppliers.csv, or approved-suppliers-{filters joined by hyphen, lowercase}.csv. */
export function directoryCsvFileName(filterTitles: readonly string[]): string {
  const filters = filterTitles.map((title) => title.trim()).filter((title) => title.length > 0);
  return filters.length === 0 ? 'approved-suppliers.csv' : `approved-suppliers-${filters.join('-').toLowerCase()}.csv`;
}

/** Spec §3: the Service column is the chosen service's title, else the first service's, else N/A. */
export function directoryCsvServiceCell(chosenServiceTitle: string | null, services: readonly { title: string }[]): string {
  return chosenServiceTitle ?? services[0]?.title ?? 'N/A';
}

/**
 * A spreadsheet runs a cell starting with =, +, -, @, tab or carriage return as a formula: prefix
 * such a cell with an apostrophe so it is shown as text (OWASP CSV injection advice).
 */
export function neutraliseCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

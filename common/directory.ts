/** Pure rules of the approved-suppliers directory that the server and the suppliers app share. */
import { DIRECTORY_KEYWORD_MIN_EXCLUSIVE } from './constants';

/** Spec §5: search when the typed text is longer than 3 characters, or has become empty. */
export function shouldSearchKeyword(keyword: string): boolean {
  const trimmed = keyword.trim();
  return trimmed.length === 0 || trimmed.length > DIRECTORY_KEYWORD_MIN_EXCLUSIVE;
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

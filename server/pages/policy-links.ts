/**
 * The pages every government site has (privacy, accessibility, copyright and terms of use,
 * cookies, and what it publishes as open data): one list for the footer of every page and the side navigation of the pages themselves.
 */
import { ACCESSIBILITY_PATH, COOKIES_PATH, COPYRIGHT_PATH, OPEN_DATA_POLICY_PATH, PRIVACY_PATH } from '../../common/site-paths';

export interface PolicyLink {
  href: string;
  label: string;
}

export const POLICY_LINKS: readonly PolicyLink[] = [
  { href: PRIVACY_PATH, label: 'Privacy' },
  { href: ACCESSIBILITY_PATH, label: 'Accessibility' },
  { href: COPYRIGHT_PATH, label: 'Copyright and terms of use' },
  { href: COOKIES_PATH, label: 'Cookies' },
  { href: OPEN_DATA_POLICY_PATH, label: 'Open data' },
];

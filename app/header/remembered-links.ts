/**
 * The signed-in header's links as this browser last drew them. The header app learns its links with
 * the current user, a request after the page; until then the page draws the remembered ones, so the
 * header keeps its height when the app arrives (on a phone the links wrap to a second line, a shift
 * Lighthouse counted on every signed-in screen: issue 33). They name nobody: only which of the
 * header's links the person had. A first visit, or another person's, may still shift once.
 */
import { HEADER_NAV_LABEL } from '../../common/site-header';
import { HEADER_LINKS_STORAGE_KEY, type HeaderLink } from '../../common/header-links';
import { readStoredJson, writeStoredJson } from '../lib/device-storage';

function isHeaderLink(value: unknown): value is HeaderLink {
  return (
    typeof value === 'object' &&
    value !== null &&
    'label' in value &&
    typeof value.label === 'string' &&
    'href' in value &&
    typeof value.href === 'string' &&
    // Only the portal's own pages.
    value.href.startsWith('/') &&
    !value.href.startsWith('//')
  );
}

/** Keeps the links the header app drew; null forgets them (signed out). */
export function rememberHeaderLinks(links: readonly HeaderLink[] | null, storage?: Storage): void {
  writeStoredJson(HEADER_LINKS_STORAGE_KEY, links, storage);
}

/** The remembered links, or none when nothing (or nothing readable) is kept. */
export function readRememberedHeaderLinks(storage?: Storage): HeaderLink[] {
  const stored = readStoredJson(HEADER_LINKS_STORAGE_KEY, storage);
  return Array.isArray(stored) && stored.every(isHeaderLink) ? stored : [];
}

/**
 * The header's account area while the header app loads: the remembered links, as HeaderNavList
 * draws them (without React, which this page has not loaded yet), and the user menu's place.
 */
export function drawRememberedAccount(account: Element, links: readonly HeaderLink[] = readRememberedHeaderLinks()): void {
  const children: Element[] = [];
  if (links.length > 0) {
    const nav = document.createElement('nav');
    nav.className = 'header-nav';
    nav.setAttribute('aria-label', HEADER_NAV_LABEL);
    const list = document.createElement('ul');
    list.className = 'header-nav__list';
    for (const { label, href } of links) {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.className = 'header-nav__link';
      link.href = href;
      link.textContent = label;
      item.append(link);
      list.append(item);
    }
    nav.append(list);
    children.push(nav);
  }
  const placeholder = document.createElement('span');
  placeholder.className = 'header__placeholder';
  placeholder.setAttribute('aria-hidden', 'true');
  children.push(placeholder);
  account.replaceChildren(...children);
}

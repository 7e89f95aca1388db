// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { HEADER_LINKS_STORAGE_KEY } from '../../common/header-links';
import { HeaderBar, HeaderNavList, SignedOutAccount, type HeaderSettings } from '../../common/site-header';
import { hasStoredSession } from '../lib/stored-session';
import { drawSignedInHeaderEarly, loadHeader } from './load';
import { rememberHeaderLinks } from './remembered-links';

const signing = vi.hoisted(() => ({ signIn: vi.fn(() => Promise.resolve()) }));
vi.mock('../lib/auth', () => signing);
const headerApp = vi.hoisted(() => ({ mount: vi.fn() }));
vi.mock('./mount', () => headerApp);

const SESSION_KEY = 'oidc.user:http://localhost:3000/oidc:marketplace-portal';
const settings: HeaderSettings = { isHome: true, isSignInPage: false, welcomeText: 'Welcome to the Marketplace', title: 'Marketplace' };

/** `#app__header` as the page shell renders it. */
function addServerHeader(): HTMLElement {
  const element = document.createElement('div');
  element.id = 'app__header';
  element.innerHTML = renderToStaticMarkup(
    <HeaderBar settings={settings}>
      <SignedOutAccount settings={settings} />
    </HeaderBar>,
  );
  document.body.append(element);
  return element;
}

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  document.body.replaceChildren();
  vi.clearAllMocks();
});

describe('hasStoredSession', () => {
  it('is true only when local storage holds a signed-in user of the identity client', () => {
    window.localStorage.setItem('marketplace.notice-dismissed', 'true');
    expect(hasStoredSession()).toBe(false);
    window.localStorage.setItem(SESSION_KEY, '{}');
    expect(hasStoredSession()).toBe(true);
  });

  it('is false when the browser refuses storage', () => {
    const refusing = { get length(): number { throw new Error('SecurityError'); } } as unknown as Storage;
    expect(hasStoredSession(refusing)).toBe(false);
  });
});

describe('loadHeader', () => {
  it('keeps the signed-out markup for a visitor without a session, loads nothing, and signs in from Login', async () => {
    const element = addServerHeader();
    await (await loadHeader()).mount(element);
    expect(element.textContent).toContain('Welcome to the Marketplace');
    expect(headerApp.mount).not.toHaveBeenCalled();
    expect(signing.signIn).not.toHaveBeenCalled();

    element.querySelector<HTMLButtonElement>('button')?.click();
    await vi.waitFor(() => {
      expect(signing.signIn).toHaveBeenCalledWith(window.location.href);
    });
  });

  it('mounts the header app for a browser with a session, holding the account’s place meanwhile', async () => {
    window.localStorage.setItem(SESSION_KEY, '{}');
    const element = addServerHeader();
    await (await loadHeader()).mount(element);
    expect(element.querySelector('button')).toBeNull();
    expect(element.querySelector('.header__placeholder')).not.toBeNull();
    await vi.waitFor(() => {
      expect(headerApp.mount).toHaveBeenCalledWith(element);
    });
  });

  it('draws the links this browser last showed the signed-in person, as the header app draws them, until the app arrives', async () => {
    window.localStorage.setItem(SESSION_KEY, '{}');
    const remembered = [
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Supplier details', href: '/dashboard/supplier' },
    ];
    rememberHeaderLinks(remembered);
    const element = addServerHeader();
    await (await loadHeader()).mount(element);
    const account = element.querySelector('.header__account');
    expect(account?.innerHTML).toBe(
      renderToStaticMarkup(
        <>
          <HeaderNavList links={remembered} />
          <span className="header__placeholder" aria-hidden="true" />
        </>,
      ),
    );
    await vi.waitFor(() => {
      expect(headerApp.mount).toHaveBeenCalledOnce();
    });
  });

  it('draws the remembered links before any app mounts, for a browser with a session only', () => {
    rememberHeaderLinks([{ label: 'Team console', href: '/admin' }]);
    const visitors = addServerHeader();
    drawSignedInHeaderEarly(document);
    expect(visitors.querySelector('button')?.textContent).toBe('Login');
    visitors.remove();

    window.localStorage.setItem(SESSION_KEY, '{}');
    const element = addServerHeader();
    drawSignedInHeaderEarly(document);
    expect([...element.querySelectorAll('a')].map((link) => link.textContent)).toEqual(['Team console']);
    expect(element.querySelector('button')).toBeNull();
    expect(headerApp.mount).not.toHaveBeenCalled();
  });

  it('draws no remembered link that is not a page of the portal, nor anything unreadable', async () => {
    window.localStorage.setItem(SESSION_KEY, '{}');
    for (const stored of ['[{"label":"Evil","href":"https://evil.example/"}]', '[{"label":"Evil","href":"//evil.example/"}]', '{"label":"x"}', 'not json']) {
      headerApp.mount.mockClear();
      window.localStorage.setItem(HEADER_LINKS_STORAGE_KEY, stored);
      const element = addServerHeader();
      await (await loadHeader()).mount(element);
      expect(element.querySelector('a')).toBeNull();
      expect(element.querySelector('.header__placeholder')).not.toBeNull();
      await vi.waitFor(() => {
        expect(headerApp.mount).toHaveBeenCalledOnce();
      });
      element.remove();
    }
  });

  it('brings the header app when the visitor signs in from another tab', async () => {
    const element = addServerHeader();
    await (await loadHeader()).mount(element);
    window.dispatchEvent(new StorageEvent('storage', { key: 'marketplace.other', newValue: 'x' }));
    expect(headerApp.mount).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY, newValue: '{}' }));
    await vi.waitFor(() => {
      expect(headerApp.mount).toHaveBeenCalledWith(element);
    });
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { HeaderBar, SignedOutAccount, type HeaderSettings } from '../../common/site-header';
import { hasStoredSession } from '../lib/stored-session';
import { loadHeader } from './load';

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

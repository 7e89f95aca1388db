// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENEWAL_LEAD_SECONDS, SessionProvider, useSession } from './session';

const auth = vi.hoisted(() => ({
  renewSession: vi.fn<() => Promise<{ access_token: string } | null>>(),
  keepSessionRenewed: vi.fn<(onChange: (isSignedIn: boolean) => void) => () => void>(),
}));
vi.mock('./auth', () => auth);
vi.mock('./page-data', () => ({ getPageData: () => ({ auth: { authority: 'http://localhost/oidc', clientId: 'portal' } }) }));

const STORED_USER_KEY = 'oidc.user:http://localhost/oidc:portal';

function storeSession(secondsLeft: number): string {
  const value = JSON.stringify({ access_token: 'token', refresh_token: 'refresh', expires_at: Math.floor(Date.now() / 1000) + secondsLeft, profile: {} });
  window.localStorage.setItem(STORED_USER_KEY, value);
  return value;
}

function ShowSession() {
  const { isLoading, isAuthenticated } = useSession();
  return <p>{isLoading ? 'checking' : isAuthenticated ? 'signed in' : 'signed out'}</p>;
}

function renderSession() {
  render(
    <SessionProvider>
      <ShowSession />
    </SessionProvider>,
  );
}

const shown = () => screen.getByRole('paragraph').textContent;

beforeEach(() => {
  auth.keepSessionRenewed.mockReturnValue(() => undefined);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('SessionProvider', () => {
  it('says signed out without a stored session, and loads nothing', () => {
    renderSession();
    expect(shown()).toBe('signed out');
    expect(auth.renewSession).not.toHaveBeenCalled();
    expect(auth.keepSessionRenewed).not.toHaveBeenCalled();
  });

  it('says signed in at once from a stored session whose token is still good, without the identity client', () => {
    storeSession(600);
    renderSession();
    expect(shown()).toBe('signed in');
    expect(auth.renewSession).not.toHaveBeenCalled();
    expect(auth.keepSessionRenewed).not.toHaveBeenCalled();
  });

  it('renews an expired session before saying who is signed in', async () => {
    storeSession(-30);
    let finishRenewal: (user: { access_token: string } | null) => void = () => undefined;
    auth.renewSession.mockReturnValue(new Promise((resolve) => (finishRenewal = resolve)));
    renderSession();
    expect(shown()).toBe('checking');
    await act(async () => {
      finishRenewal({ access_token: 'renewed' });
      await Promise.resolve();
    });
    expect(shown()).toBe('signed in');
    expect(auth.renewSession).toHaveBeenCalledOnce();
  });

  it('says signed out when an expired session cannot be renewed', async () => {
    storeSession(-30);
    auth.renewSession.mockResolvedValue(null);
    renderSession();
    await vi.waitFor(() => expect(shown()).toBe('signed out'));
  });

  it('hands renewal to the identity client shortly before the token expires, and follows what it says', async () => {
    vi.useFakeTimers();
    storeSession(RENEWAL_LEAD_SECONDS + 120);
    renderSession();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(119_000);
    });
    expect(auth.keepSessionRenewed).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(auth.keepSessionRenewed).toHaveBeenCalledOnce();
    expect(shown()).toBe('signed in');
    // A renewal that fails for good ends in a sign-out, which every app on the page hears of.
    const onChange = auth.keepSessionRenewed.mock.calls[0]?.[0];
    act(() => onChange?.(false));
    expect(shown()).toBe('signed out');
  });

  it('follows a sign-in or sign-out in another tab', () => {
    renderSession();
    const value = storeSession(600);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORED_USER_KEY, newValue: value }));
    });
    expect(shown()).toBe('signed in');
    window.localStorage.removeItem(STORED_USER_KEY);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORED_USER_KEY, newValue: null }));
    });
    expect(shown()).toBe('signed out');
  });
});

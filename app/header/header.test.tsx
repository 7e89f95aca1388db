// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUserResponse } from '../../common/api/user';
import { NOT_ATTACHED_MESSAGE } from '../lib/messages';
import { queryKeys } from '../lib/query-client';
import { buildAgency, buildCurrentUser, buildSupplier } from '../test/factories';
import { Header } from './header';
import { HeaderNav, type HeaderSettings } from '../../common/site-header';
import { getInitials } from './user-initials';
import { UserMenu } from './user-menu';
import { readRememberedHeaderLinks, rememberHeaderLinks } from './remembered-links';

const auth = vi.hoisted(() => ({ state: { isLoading: false, isAuthenticated: false } }));
vi.mock('../lib/session', () => ({ useSession: () => auth.state }));
const signing = vi.hoisted(() => ({ signIn: vi.fn(() => Promise.resolve()), signOut: vi.fn(() => Promise.resolve()) }));
vi.mock('../lib/auth', () => signing);
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const admin = buildSupplier({ supplierID: 1, tradingName: 'Acme Digital', isAdmin: true });
const member = buildSupplier({ supplierID: 2, tradingName: 'Kiwi Consulting', isAdmin: false });
const agency = buildAgency({ agencyID: 5, agencyName: 'Ministry of Testing', isAdmin: true });

function links() {
  return screen.queryAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('HeaderNav', () => {
  it('shows Dashboard and Supplier details for an active supplier, and Users only to its admins', () => {
    const { rerender } = render(<HeaderNav isSignedIn activeSupplier={admin} onLogin={vi.fn()} />);
    expect(links()).toEqual([
      ['Dashboard', '/dashboard'],
      ['Supplier details', '/dashboard/supplier'],
      ['Users', '/dashboard/users'],
    ]);
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();

    rerender(<HeaderNav isSignedIn activeSupplier={member} onLogin={vi.fn()} />);
    expect(links()).toEqual([
      ['Dashboard', '/dashboard'],
      ['Supplier details', '/dashboard/supplier'],
    ]);
  });

  it('shows no links for a signed-in user without an active supplier', () => {
    render(<HeaderNav isSignedIn activeSupplier={null} onLogin={vi.fn()} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('links a team member to the team console, beside any supplier links', () => {
    const { rerender } = render(<HeaderNav isSignedIn isTeamMember activeSupplier={null} onLogin={vi.fn()} />);
    expect(links()).toEqual([['Team console', '/admin']]);
    rerender(<HeaderNav isSignedIn isTeamMember activeSupplier={member} onLogin={vi.fn()} />);
    expect(links()).toEqual([
      ['Team console', '/admin'],
      ['Dashboard', '/dashboard'],
      ['Supplier details', '/dashboard/supplier'],
    ]);
  });

  it("shows only the agency's Dashboard while the user acts for an agency, even with a remembered supplier (issue 31)", () => {
    const { rerender } = render(<HeaderNav isSignedIn activeSupplier={null} activeAgency={agency} onLogin={vi.fn()} />);
    expect(links()).toEqual([['Dashboard', '/agency']]);
    rerender(<HeaderNav isSignedIn activeSupplier={admin} activeAgency={agency} onLogin={vi.fn()} />);
    expect(links()).toEqual([['Dashboard', '/agency']]);
    rerender(<HeaderNav isSignedIn isTeamMember activeSupplier={admin} activeAgency={agency} onLogin={vi.fn()} />);
    expect(links()).toEqual([
      ['Team console', '/admin'],
      ['Dashboard', '/agency'],
    ]);
  });

  it('shows Register and Login when signed out; Login signs in', async () => {
    const onLogin = vi.fn();
    render(<HeaderNav isSignedIn={false} activeSupplier={null} onLogin={onLogin} />);
    expect(links()).toEqual([['Register', '/register/start']]);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(onLogin).toHaveBeenCalledOnce();
  });
});

describe('getInitials', () => {
  it.each([
    ['Alex Admin', 'AA'],
    ['  mary ann van der berg ', 'MB'],
    ['Cher', 'C'],
    ['Ēmere Tūhoe', 'ĒT'],
    ['', '?'],
  ])('%s → %s', (name, initials) => {
    expect(getInitials(name)).toBe(initials);
  });
});

function renderUserMenu(currentUser: CurrentUserResponse, overrides: Partial<Parameters<typeof UserMenu>[0]> = {}) {
  const props = {
    currentUser,
    onSwitchSupplier: vi.fn((_supplierID: number) => Promise.resolve()),
    onSwitchAgency: vi.fn((_agencyID: number) => Promise.resolve()),
    onLogout: vi.fn(),
    ...overrides,
  };
  render(
    <>
      <UserMenu {...props} />
      <button type="button">Outside</button>
    </>,
  );
  const trigger = screen.getByRole('button', { name: /Account menu for/ });
  return { props, trigger };
}

/** Opens the menu as a keyboard or mouse user would: the button has focus when it is pressed; the popover loads on first use. */
async function openMenu(trigger: HTMLElement) {
  act(() => {
    trigger.focus();
  });
  fireEvent.click(trigger);
  return screen.findByRole('dialog');
}

describe('UserMenu', () => {
  it("shows the user's initials on a button named with the user's name", () => {
    const { trigger } = renderUserMenu(buildCurrentUser({ name: 'Alex Admin' }));
    expect(trigger.textContent).toContain('AA');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Account menu for Alex Admin' })).toBe(trigger);
  });

  it('is titled with the active supplier, and shows the name and email', async () => {
    const { trigger } = renderUserMenu(buildCurrentUser({ suppliers: [admin] }));
    const dialog = await openMenu(trigger);
    expect(screen.getByRole('dialog', { name: 'Acme Digital' })).toBe(dialog);
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Acme Digital');
    expect(within(dialog).getByText('Alex Admin')).toBeTruthy();
    expect(within(dialog).getByText('alex@example.govt.nz')).toBeTruthy();
  });

  it('reads Logout for one supplier, with no switcher', async () => {
    const { trigger, props } = renderUserMenu(buildCurrentUser({ suppliers: [admin] }));
    const dialog = await openMenu(trigger);
    expect(within(dialog).queryByText('Switch accounts')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Logout' }));
    expect(props.onLogout).toHaveBeenCalledOnce();
  });

  it("links to 'Change your password' only when passwords are managed here", async () => {
    const { trigger } = renderUserMenu(buildCurrentUser({ suppliers: [admin] }), { changePasswordUrl: '/user/password' });
    const link = within(await openMenu(trigger)).getByRole('link', { name: 'Change your password' });
    expect(link.getAttribute('href')).toBe('/user/password');
    cleanup();
    const { trigger: without } = renderUserMenu(buildCurrentUser({ suppliers: [admin] }));
    expect(within(await openMenu(without)).queryByRole('link', { name: 'Change your password' })).toBeNull();
  });

  it("is titled with the user's name and shows the not-attached error without an active supplier", async () => {
    const { trigger } = renderUserMenu(buildCurrentUser({ suppliers: [], activeSupplier: null }));
    const dialog = await openMenu(trigger);
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Alex Admin');
    expect(within(dialog).getByRole('alert').textContent).toBe(NOT_ATTACHED_MESSAGE);
    expect(within(dialog).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it("lists several suppliers under 'Switch accounts' with a check on the active one", async () => {
    const { trigger } = renderUserMenu(buildCurrentUser({ suppliers: [admin, member], activeSupplier: member }));
    const dialog = await openMenu(trigger);
    const switcher = within(dialog).getByRole('region', { name: 'Switch accounts' });
    const options = within(switcher).getAllByRole('button');
    expect(options.map((option) => option.textContent)).toEqual(['Acme Digital', '✓Kiwi Consulting (active)']);
    expect(options[0]?.getAttribute('aria-current')).toBeNull();
    expect(options[1]?.getAttribute('aria-current')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Logout of all accounts' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('switches to the chosen supplier and closes, returning focus to the button', async () => {
    const { trigger, props } = renderUserMenu(buildCurrentUser({ suppliers: [admin, member] }));
    const dialog = await openMenu(trigger);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Kiwi Consulting' }));
      await Promise.resolve();
    });
    expect(props.onSwitchSupplier).toHaveBeenCalledWith(2);
    await vi.waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    await vi.waitFor(() => {
      expect(document.activeElement).toBe(trigger);
    });
  });

  it("is titled with an agency-only user's agency, with no not-attached error and no switcher (issue 31)", async () => {
    const { trigger } = renderUserMenu(buildCurrentUser({ suppliers: [], agencies: [agency] }));
    const dialog = await openMenu(trigger);
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Ministry of Testing');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByText('Switch accounts')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it("lists a mixed user's suppliers and agencies under 'Switch accounts', the agency marked, the check on the active agency", async () => {
    const { trigger } = renderUserMenu(buildCurrentUser({ suppliers: [admin], agencies: [agency], activeAgency: agency }));
    const dialog = await openMenu(trigger);
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Ministry of Testing');
    const switcher = within(dialog).getByRole('region', { name: 'Switch accounts' });
    const options = within(switcher).getAllByRole('button');
    expect(options.map((option) => option.textContent)).toEqual(['Acme Digital', '✓Ministry of Testing, Agency (active)']);
    expect(options[0]?.getAttribute('aria-current')).toBeNull();
    expect(options[1]?.getAttribute('aria-current')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Logout of all accounts' })).toBeTruthy();
  });

  it('checks the remembered supplier while no agency is active, and switches to the chosen agency', async () => {
    const { trigger, props } = renderUserMenu(buildCurrentUser({ suppliers: [admin], agencies: [agency], activeAgency: null }));
    const dialog = await openMenu(trigger);
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Acme Digital');
    const options = within(within(dialog).getByRole('region', { name: 'Switch accounts' })).getAllByRole('button');
    expect(options.map((option) => [option.textContent, option.getAttribute('aria-current')])).toEqual([
      ['✓Acme Digital (active)', 'true'],
      ['Ministry of Testing, Agency', null],
    ]);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /^Ministry of Testing/ }));
      await Promise.resolve();
    });
    expect(props.onSwitchAgency).toHaveBeenCalledWith(5);
    expect(props.onSwitchSupplier).not.toHaveBeenCalled();
    await vi.waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('switches back to the supplier from the active agency', async () => {
    const { trigger, props } = renderUserMenu(buildCurrentUser({ suppliers: [admin], agencies: [agency], activeAgency: agency }));
    const dialog = await openMenu(trigger);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Acme Digital' }));
      await Promise.resolve();
    });
    expect(props.onSwitchSupplier).toHaveBeenCalledWith(1);
    expect(props.onSwitchAgency).not.toHaveBeenCalled();
  });

  it('keeps the menu open with an error when switching fails', async () => {
    const { trigger } = renderUserMenu(buildCurrentUser({ suppliers: [admin, member] }), {
      onSwitchSupplier: () => Promise.reject(new Error('offline')),
    });
    const dialog = await openMenu(trigger);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Kiwi Consulting' }));
      await Promise.resolve();
    });
    expect(within(dialog).getByRole('alert').textContent).toBe('We could not switch accounts. Try again.');
  });

  it('closes on Escape and returns focus to its button', async () => {
    const { trigger } = renderUserMenu(buildCurrentUser());
    const dialog = await openMenu(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    await vi.waitFor(() => {
      expect(dialog.contains(document.activeElement)).toBe(true);
    });
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    await vi.waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    await vi.waitFor(() => {
      expect(document.activeElement).toBe(trigger);
    });
  });

  it('keeps Tab inside the dialog', async () => {
    const { trigger } = renderUserMenu(buildCurrentUser({ suppliers: [admin, member] }));
    const dialog = await openMenu(trigger);
    // The popover's hidden "Dismiss" buttons are for screen readers only (tabindex -1).
    const buttons = within(dialog)
      .getAllByRole('button')
      .filter((button) => button.tabIndex >= 0);
    const last = buttons[buttons.length - 1];
    // The first stop is the first link or button, in page order ('Where you are signed in').
    const first = dialog.querySelector<HTMLElement>('a[href], button:not([tabindex="-1"])');
    if (!last || !first) {
      throw new Error('the dialog has no buttons');
    }
    act(() => {
      last.focus();
    });
    fireEvent.keyDown(last, { key: 'Tab' });
    await vi.waitFor(() => {
      expect(document.activeElement).toBe(first);
    });
  });

  it('closes on a click outside', async () => {
    const { trigger } = renderUserMenu(buildCurrentUser());
    await openMenu(trigger);
    const outside = screen.getByText('Outside');
    fireEvent.pointerDown(outside, { pointerId: 1, button: 0, pointerType: 'mouse' });
    fireEvent.pointerUp(outside, { pointerId: 1, button: 0, pointerType: 'mouse' });
    fireEvent.click(outside);
    await vi.waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});

describe('Header', () => {
  let client: QueryClient;

  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  });

  function renderHeader(settings: HeaderSettings = { isHome: false, isSignInPage: false, welcomeText: 'Welcome to the Marketplace', title: 'About' }) {
    render(
      <QueryClientProvider client={client}>
        <Header settings={settings} />
      </QueryClientProvider>,
    );
  }

  it('welcomes signed-out visitors on the home page and offers Login with the current URL', async () => {
    auth.state = { isLoading: false, isAuthenticated: false };
    renderHeader({ isHome: true, isSignInPage: false, welcomeText: 'Welcome to the Marketplace', title: 'Marketplace' });
    expect(screen.getByText('Welcome to the Marketplace')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    // The identity client loads when asked (app/lib/sign-in.ts).
    await vi.waitFor(() => expect(signing.signIn).toHaveBeenCalledWith(window.location.href));
  });

  it('shows no welcome text away from the home page', () => {
    auth.state = { isLoading: false, isAuthenticated: false };
    renderHeader();
    expect(screen.queryByText('Welcome to the Marketplace')).toBeNull();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('offers no Login on the sign-in page itself', () => {
    auth.state = { isLoading: false, isAuthenticated: false };
    renderHeader({ isHome: false, isSignInPage: true, welcomeText: '', title: 'Sign in' });
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    expect(screen.getByText('Sign in')).toBeTruthy();
  });

  it('shows a quiet placeholder, and no Login, while sign-in state loads', () => {
    window.localStorage.clear();
    auth.state = { isLoading: true, isAuthenticated: false };
    renderHeader();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  /** Runs `test` with a stand-in for jsdom's location (it cannot be spied on) at `pathname`. */
  async function withLocation(pathname: string, test: (assign: ReturnType<typeof vi.fn>) => Promise<void>) {
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { href: `http://localhost${pathname}`, origin: 'http://localhost', pathname, search: '', hash: '', assign } });
    try {
      await test(assign);
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  }

  // jsdom's accessible names drop the spaces between the option's parts ('Ministry of Testing,Agency'): match the start.
  async function chooseAccount(name: string | RegExp) {
    fireEvent.click(screen.getByRole('button', { name: 'Account menu for Alex Admin' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name }));
  }

  it("shows an agency-only user the agency's Dashboard and the agency's name in the menu (issue 31)", async () => {
    auth.state = { isLoading: false, isAuthenticated: true };
    client.setQueryData(queryKeys.currentUser, buildCurrentUser({ suppliers: [], agencies: [agency] }));
    renderHeader();
    expect(links()).toEqual([['Dashboard', '/agency']]);
    fireEvent.click(screen.getByRole('button', { name: 'Account menu for Alex Admin' }));
    expect(within(await screen.findByRole('dialog')).getByRole('heading', { level: 2 }).textContent).toBe('Ministry of Testing');
  });

  it('switches a mixed user to an agency and opens the agency dashboard', async () => {
    auth.state = { isLoading: false, isAuthenticated: true };
    client.setQueryData(queryKeys.currentUser, buildCurrentUser({ suppliers: [admin], agencies: [agency], activeAgency: null }));
    api.apiFetch.mockImplementation((path: string) =>
      path === 'user/switch-agency/5' ? Promise.resolve({ activeAgency: agency }) : Promise.reject(new Error(`unexpected call ${path}`)),
    );
    renderHeader();
    expect(links().map(([text]) => text)).toEqual(['Dashboard', 'Supplier details', 'Users']);
    await withLocation('/dashboard/applications', async (assign) => {
      await chooseAccount(/^Ministry of Testing/);
      await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/agency'));
    });
    expect(client.getQueryData<CurrentUserResponse>(queryKeys.currentUser)?.activeAgency).toEqual(agency);
    // The header draws the new organisation's links on its next render.
    await vi.waitFor(() => expect(links()).toEqual([['Dashboard', '/agency']]));
  });

  it('stays on the agency dashboard when switching agency there', async () => {
    auth.state = { isLoading: false, isAuthenticated: true };
    const other = buildAgency({ agencyID: 6, agencyName: 'Department of Examples' });
    client.setQueryData(queryKeys.currentUser, buildCurrentUser({ suppliers: [], agencies: [agency, other] }));
    // Records of both agencies in the cache: only the new agency's stay (the old ones would be asked for as the new agency's).
    client.setQueryData([...queryKeys.agency(5), 'users'], ['of agency 5']);
    client.setQueryData([...queryKeys.agency(6), 'users'], ['of agency 6']);
    api.apiFetch.mockResolvedValue({ activeAgency: other });
    renderHeader();
    await withLocation('/agency/notices', async (assign) => {
      await chooseAccount(/^Department of Examples/);
      await vi.waitFor(() => expect(client.getQueryData<CurrentUserResponse>(queryKeys.currentUser)?.activeAgency).toEqual(other));
      expect(assign).not.toHaveBeenCalled();
    });
    expect(api.apiFetch).toHaveBeenCalledWith('user/switch-agency/6', undefined);
    expect(client.getQueryData([...queryKeys.agency(5), 'users'])).toBeUndefined();
    expect(client.getQueryData([...queryKeys.agency(6), 'users'])).toEqual(['of agency 6']);
  });

  it("leaves the agency dashboard for the supplier's when switching to a supplier there, acting for no agency", async () => {
    auth.state = { isLoading: false, isAuthenticated: true };
    client.setQueryData(queryKeys.currentUser, buildCurrentUser({ suppliers: [admin, member], agencies: [agency], activeAgency: agency }));
    // The agency's records, still on screen: dropped rather than asked for again with no agency (that answers 400).
    client.setQueryData([...queryKeys.agency(5), 'engagement-notices'], ['of agency 5']);
    api.apiFetch.mockImplementation((path: string) =>
      path === 'user/switch/2' ? Promise.resolve({ activeSupplier: member }) : Promise.reject(new Error(`unexpected call ${path}`)),
    );
    renderHeader();
    await withLocation('/agency', async (assign) => {
      await chooseAccount('Kiwi Consulting');
      await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/dashboard'));
    });
    const cached = client.getQueryData<CurrentUserResponse>(queryKeys.currentUser);
    expect(cached?.activeAgency).toBeNull();
    expect(cached?.activeSupplier).toEqual(member);
    expect(client.getQueryData([...queryKeys.agency(5), 'engagement-notices'])).toBeUndefined();
  });

  it('stays on the page when switching supplier away from the agency dashboard', async () => {
    auth.state = { isLoading: false, isAuthenticated: true };
    client.setQueryData(queryKeys.currentUser, buildCurrentUser({ suppliers: [admin, member] }));
    api.apiFetch.mockResolvedValue({ activeSupplier: member });
    renderHeader();
    await withLocation('/agency-form', async (assign) => {
      await chooseAccount('Kiwi Consulting');
      await vi.waitFor(() => expect(client.getQueryData<CurrentUserResponse>(queryKeys.currentUser)?.activeSupplier).toEqual(member));
      expect(assign).not.toHaveBeenCalled();
    });
  });

  it('shows the links and user menu of the signed-in user, remembers the links for the next page, and forgets them on logout', async () => {
    window.localStorage.clear();
    auth.state = { isLoading: false, isAuthenticated: true };
    client.setQueryData(queryKeys.currentUser, buildCurrentUser({ suppliers: [admin] }));
    renderHeader();
    expect(links().map(([text]) => text)).toEqual(['Dashboard', 'Supplier details', 'Users']);
    expect(readRememberedHeaderLinks().map(({ label }) => label)).toEqual(['Dashboard', 'Supplier details', 'Users']);
    fireEvent.click(screen.getByRole('button', { name: 'Account menu for Alex Admin' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));
    await vi.waitFor(() => expect(signing.signOut).toHaveBeenCalledOnce());
    expect(readRememberedHeaderLinks()).toEqual([]);
  });

  it('draws the remembered links while the account loads, as they were, and the links of whoever it turns out to be', async () => {
    rememberHeaderLinks([{ label: 'Team console', href: '/admin' }]);
    auth.state = { isLoading: true, isAuthenticated: false };
    renderHeader();
    expect(links()).toEqual([['Team console', '/admin']]);
    expect(screen.queryByRole('button')).toBeNull();

    cleanup();
    auth.state = { isLoading: false, isAuthenticated: true };
    client.setQueryData(queryKeys.currentUser, buildCurrentUser({ suppliers: [member] }));
    renderHeader();
    expect(links().map(([text]) => text)).toEqual(['Dashboard', 'Supplier details']);
    expect(readRememberedHeaderLinks().map(({ label }) => label)).toEqual(['Dashboard', 'Supplier details']);
  });

  it('forgets the remembered links when the session turns out to have ended', () => {
    rememberHeaderLinks([{ label: 'Dashboard', href: '/dashboard' }]);
    auth.state = { isLoading: false, isAuthenticated: false };
    renderHeader();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(readRememberedHeaderLinks()).toEqual([]);
  });
});

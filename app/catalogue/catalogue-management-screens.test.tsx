// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamCatalogueItem, TeamCatalogueTree } from '../../common/api/team-catalogue';
import type { CurrentUserResponse } from '../../common/api/user';
import { ApiError } from '../lib/api-error';
import type * as PageDataModule from '../lib/page-data';
import { queryKeys } from '../lib/query-client';
import { buildCurrentUser } from '../test/factories';
import { createTeamRoutes } from '../team/routes';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(), getAccessToken: vi.fn(() => Promise.resolve(undefined)), renewSession: vi.fn() }));
const api = vi.hoisted(() => ({ apiFetch: vi.fn() }));
vi.mock('../lib/page-data', async (importOriginal) => ({
  ...(await importOriginal<typeof PageDataModule>()),
  getPageData: () => ({ apiBase: '/api/v1/', auth: { authority: 'http://localhost/oidc', clientId: 'portal' }, productName: 'Marketplace', teamContact: { email: 'help@marketplace.example', phone: '04 555 0100' } }),
}));
vi.mock('../lib/api', async () => ({ apiFetch: (await import('../test/checked-api-fetch')).checkedApiFetch(api.apiFetch) }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const teamUser = buildCurrentUser({ suppliers: [], activeSupplier: null });
const teamMember: CurrentUserResponse = { ...teamUser, user: { ...teamUser.user, name: 'Sam Staff', isTeamMember: true } };
const RETIRED = '2026-11-20T01:00:00.000Z';

function buildTree(): TeamCatalogueTree {
  return {
    channels: [
      {
        id: 1,
        slug: 'digital-and-ict',
        title: 'Digital and ICT',
        description: 'Cloud and cyber.',
        position: 0,
        retiredAt: null,
        catalogues: [
          {
            id: 10,
            slug: 'cloud-services',
            title: 'Cloud Services',
            description: '',
            position: 0,
            retiredAt: null,
            services: [{ id: 100, slug: 'cloud-hosting', title: 'Cloud hosting', description: '', retiredAt: null, supplierCount: 3, applicationCount: 1 }],
          },
          {
            id: 11,
            slug: 'cyber-security',
            title: 'Cyber Security',
            description: '',
            position: 1,
            retiredAt: RETIRED,
            services: [{ id: 110, slug: 'pen-testing', title: 'Penetration testing', description: '', retiredAt: RETIRED, supplierCount: 0, applicationCount: 4 }],
          },
        ],
      },
      { id: 2, slug: 'professional-services', title: 'Professional Services', description: '', position: 1, retiredAt: null, catalogues: [] },
      { id: 3, slug: 'facilities', title: 'Facilities', description: '', position: 2, retiredAt: null, catalogues: [] },
    ],
  };
}

function item(kind: TeamCatalogueItem['kind'], id: number, title: string, retiredAt: string | null, parentId: number | null = null): TeamCatalogueItem {
  return { kind, id, parentId, slug: title.toLowerCase().replace(/\W+/g, '-'), title, description: '', position: kind === 'service' ? null : 0, retiredAt };
}

type Handler = (path: string, options: { method?: string; body?: unknown } | undefined) => Promise<unknown> | undefined;

/** The tree for every GET; `change` answers anything else (undefined: not expected). */
function answerApi(tree: () => TeamCatalogueTree, change: Handler = () => undefined) {
  api.apiFetch.mockImplementation((path: string, options?: { method?: string; body?: unknown }) => {
    if (path === 'admin/catalogue' && options?.method === undefined) {
      return Promise.resolve(tree());
    }
    return change(path, options) ?? Promise.reject(new Error(`unexpected call ${options?.method ?? 'GET'} ${path}`));
  });
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.currentUser, teamMember);
  const router = createMemoryRouter(createTeamRoutes({ productName: 'Marketplace' }), { basename: '/admin', initialEntries: [`/admin${path}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the sales channels', () => {
  it('lists them in order with their status and counts, offering only the moves each has', async () => {
    answerApi(buildTree);
    renderAt('/catalogue');
    const list = await screen.findByRole('list', { name: 'Sales channels' });
    expect(within(list).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Digital and ICT',
      'Professional Services',
      'Facilities',
    ]);
    expect(within(list).getByText('2 catalogues, 2 services')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move Digital and ICT up' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Move Digital and ICT down' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move Facilities down' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Catalogue' }).getAttribute('aria-current')).toBe('page');
  });

  it('moves a channel, says where it is now and keeps focus on its buttons, the other one once it is first', async () => {
    let tree = buildTree();
    const move = vi.fn((path: string, body: unknown) => {
      expect(body).toEqual({ direction: 'up' });
      const ids = path === 'admin/catalogue/channels/2/move' ? [2, 1, 3] : [];
      tree = { channels: ids.map((id) => tree.channels.find((channel) => channel.id === id)).filter((channel) => channel !== undefined) };
      return Promise.resolve({ kind: 'channel', parentId: null, ids });
    });
    answerApi(() => tree, (path, options) => (options?.method === 'POST' ? move(path, options.body) : undefined));
    renderAt('/catalogue');
    const button = await screen.findByRole('button', { name: 'Move Professional Services up' });
    button.focus();
    fireEvent.click(button);
    expect(await screen.findByText('You moved ‘Professional Services’ up. It is now 1st of 3.')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Sales channels' });
    expect(within(list).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Professional Services',
      'Digital and ICT',
      'Facilities',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Professional Services down' })));
    expect(move).toHaveBeenCalledWith('admin/catalogue/channels/2/move', { direction: 'up' });
  });

  it('shows the refusal of a move in the server’s words', async () => {
    answerApi(buildTree, () => Promise.reject(new ApiError(409, { error: 'conflict', message: 'The channel Facilities is already last.' })));
    renderAt('/catalogue');
    fireEvent.click(await screen.findByRole('button', { name: 'Move Professional Services down' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The channel Facilities is already last.');
  });
});

describe('one sales channel', () => {
  it('shows its catalogues in order with their services, statuses, counts and public addresses', async () => {
    answerApi(buildTree);
    renderAt('/catalogue/channels/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Digital and ICT' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Cloud Services', 'Cyber Security']);
    const contents = screen.getByRole('navigation', { name: 'Catalogues of Digital and ICT' });
    fireEvent.click(within(contents).getByRole('link', { name: 'Cyber Security' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3, name: 'Cyber Security' }));
    const hosting = screen.getByRole('rowheader', { name: 'Cloud hosting' }).closest('tr') as HTMLElement;
    expect(within(hosting).getByText('Live')).toBeTruthy();
    expect(within(hosting).getByText('3')).toBeTruthy();
    expect(within(hosting).getByRole('link', { name: 'Rename the service Cloud hosting' }).getAttribute('href')).toBe('/admin/catalogue/services/100/rename');
    expect(screen.getByRole('link', { name: '/catalogues/cloud-services' }).getAttribute('href')).toBe('/catalogues/cloud-services');
    expect(screen.getByText('Public page: /catalogues/cyber-security (not shown while retired)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore Cyber Security' })).toBeTruthy();
    // A retired catalogue neither moves nor takes new services.
    expect(screen.queryByRole('button', { name: /Move Cyber Security/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add a service to Cyber Security' })).toBeNull();
  });

  it('retires a service once asked, naming what it does, then says so and offers to restore it', async () => {
    let tree = buildTree();
    const retire = vi.fn(() => {
      tree = buildTree();
      const catalogue = tree.channels[0]?.catalogues[0];
      if (catalogue?.services[0]) {
        catalogue.services[0].retiredAt = RETIRED;
      }
      return Promise.resolve(item('service', 100, 'Cloud hosting', RETIRED, 10));
    });
    answerApi(() => tree, (path, options) => (path === 'admin/catalogue/services/100/retire' && options?.method === 'POST' ? retire() : undefined));
    renderAt('/catalogue/channels/1');
    fireEvent.click(await screen.findByRole('button', { name: 'Retire Cloud hosting' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Retire the service ‘Cloud hosting’?' })).toBeTruthy();
    expect(
      within(dialog).getByText('It will no longer appear in the directory or in new applications. Applications that already name it keep it.'),
    ).toBeTruthy();
    expect(retire).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retire service' }));
    expect(await screen.findByText(/^The service ‘Cloud hosting’ is retired\./)).toBeTruthy();
    expect(retire).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Restore Cloud hosting' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows why a service cannot be restored while its catalogue is retired', async () => {
    const message = 'The catalogue Cyber Security holding it is retired: restore it first.';
    answerApi(buildTree, (path) => (path === 'admin/catalogue/services/110/restore' ? Promise.reject(new ApiError(409, { error: 'conflict', message })) : undefined));
    renderAt('/catalogue/channels/1');
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Penetration testing' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore service' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says so for a channel there is not', async () => {
    answerApi(buildTree);
    renderAt('/catalogue/channels/99');
    expect(await screen.findByText('There is no such sales channel. The link may be wrong.')).toBeTruthy();
  });
});

describe('adding and renaming', () => {
  it('needs a title, then adds the service and says so on its channel’s page', async () => {
    let tree = buildTree();
    const create = vi.fn((body: unknown) => {
      tree = buildTree();
      tree.channels[0]?.catalogues[0]?.services.push({ id: 101, slug: 'edge-hosting', title: 'Edge hosting', description: '', retiredAt: null, supplierCount: 0, applicationCount: 0 });
      expect(body).toEqual({ catalogueId: 10, title: 'Edge hosting', description: 'Close to people.' });
      return Promise.resolve(item('service', 101, 'Edge hosting', null, 10));
    });
    answerApi(() => tree, (path, options) => (path === 'admin/catalogue/services' && options?.method === 'POST' ? create(options.body) : undefined));
    const router = renderAt('/catalogue/catalogues/10/services/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a service to Cloud Services' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add service' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Enter the service’s title' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Title' }).getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: ' Edge hosting ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description (optional)' }), { target: { value: 'Close to people.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add service' }));
    expect(await screen.findByText('You added the service ‘Edge hosting’ to Cloud Services.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/catalogue/channels/1');
    expect(await screen.findByRole('rowheader', { name: 'Edge hosting' })).toBeTruthy();
  });

  it('adds a sales channel and opens its page, once the tree has it', async () => {
    let tree = buildTree();
    answerApi(
      () => tree,
      (path, options) => {
        if (path !== 'admin/catalogue/channels' || options?.method !== 'POST') {
          return undefined;
        }
        tree = { channels: [...buildTree().channels, { id: 4, slug: 'health', title: 'Health', description: '', position: 3, retiredAt: null, catalogues: [] }] };
        return Promise.resolve(item('channel', 4, 'Health', null));
      },
    );
    // The list was read before the channel existed.
    const router = renderAt('/catalogue');
    await screen.findByRole('list', { name: 'Sales channels' });
    fireEvent.click(screen.getByRole('link', { name: 'Add a sales channel' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), { target: { value: 'Health' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add sales channel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Health' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/catalogue/channels/4');
    // The message arrives a frame after the screen, so its live region announces it.
    expect(await screen.findByText('You added the sales channel ‘Health’. It comes last in the order. Add its catalogues below.')).toBeTruthy();
    expect(screen.queryByText('There is no such sales channel. The link may be wrong.')).toBeNull();
  });

  it('shows the server’s refusal of a catalogue in a retired channel in the error summary', async () => {
    const message = 'The channel Digital and ICT is retired: restore it before adding a catalogue to it.';
    answerApi(buildTree, (path) => (path === 'admin/catalogue/catalogues' ? Promise.reject(new ApiError(409, { error: 'conflict', message })) : undefined));
    renderAt('/catalogue/channels/1/catalogues/new');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title' }), { target: { value: 'Data' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add catalogue' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText(message)).toBeTruthy();
  });

  it('starts a rename from the current words and says the public address stays', async () => {
    const rename = vi.fn(() => Promise.resolve(item('catalogue', 10, 'Cloud', null, 1)));
    answerApi(buildTree, (path, options) => (path === 'admin/catalogue/catalogues/10' && options?.method === 'PUT' ? rename() : undefined));
    renderAt('/catalogue/catalogues/10/rename');
    const title = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Title' });
    expect(title.value).toBe('Cloud Services');
    expect(screen.getByText(/Its public address stays the same after a rename: \/catalogues\/cloud-services\./)).toBeTruthy();
    fireEvent.change(title, { target: { value: 'Cloud' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new name' }));
    expect(await screen.findByText('You renamed the catalogue ‘Cloud Services’ to ‘Cloud’. Its public address stays /catalogues/cloud-services.')).toBeTruthy();
    expect(rename).toHaveBeenCalledTimes(1);
  });
});

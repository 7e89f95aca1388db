// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_MOUNT_MODULES, type AppMountId } from '../common/app-mounts';
import { CHUNK_LOAD_TIMEOUT_MS } from '../common/constants';
import { ChunkLoadError, loadChunk } from './lib/chunks';
import { readFormUse } from './lib/take-over';
import { mountApps, registeredApps, type RegisteredApp } from './mount-apps';

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

function addElement(id: string): HTMLElement {
  const element = document.createElement('div');
  element.id = id;
  element.textContent = 'server markup';
  document.body.append(element);
  return element;
}

describe('registeredApps', () => {
  it('mounts the header, dashboard, agency dashboard, user, suppliers, agency, register, team console, listing documents, save-to-shortlist and API reference apps by element id', () => {
    expect(registeredApps.map((app) => app.elementId)).toEqual(['app__header', 'app__dashboard', 'app__agency-dashboard', 'app__user', 'app__suppliers', 'app__agency', 'app__register', 'app__admin', 'app__listing-documents', 'app__shortlist-save']);
  });

  it('loads, for each app but the header, the module whose chunks the server names in the page’s head', async () => {
    const apps = registeredApps.filter((app) => app.elementId !== 'app__header');
    expect(apps.map((app) => app.elementId).sort()).toEqual(Object.keys(APP_MOUNT_MODULES).sort());
    for (const app of apps) {
      const modulePath = APP_MOUNT_MODULES[app.elementId as AppMountId];
      expect(await app.load(), app.elementId).toBe(await import(/* @vite-ignore */ `./${modulePath.replace(/^app\//, '')}`));
    }
  }, 60_000);
});

describe('mountApps', () => {
  it('loads and mounts only the apps whose element is on the page', async () => {
    const header = addElement('app__header');
    const mountHeader = vi.fn();
    const loadDashboard = vi.fn();
    const apps: RegisteredApp[] = [
      { elementId: 'app__header', load: () => Promise.resolve({ mount: mountHeader }) },
      { elementId: 'app__dashboard', load: loadDashboard },
    ];
    await mountApps(apps, document);
    expect(mountHeader).toHaveBeenCalledWith(header);
    expect(loadDashboard).not.toHaveBeenCalled();
  });

  it('leaves an element whose app says it is not needed as the server drew it, without loading the app', async () => {
    const agency = addElement('app__agency');
    const loadAgency = vi.fn();
    await mountApps([{ elementId: 'app__agency', load: loadAgency, isNeeded: () => false }], document);
    expect(loadAgency).not.toHaveBeenCalled();
    expect(agency.textContent).toBe('server markup');
  });

  it('loads an app that is not needed at once the first time the visitor uses what the server drew, and mounts it then', async () => {
    const register = addElement('app__register');
    register.innerHTML = '<form><input id="root_trading_name"></form>';
    const mountRegister = vi.fn();
    const loadRegister = vi.fn(() => Promise.resolve({ mount: mountRegister }));
    const mounting = mountApps([{ elementId: 'app__register', load: loadRegister, isNeeded: () => false, loadsOnFirstUse: true }], document);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loadRegister).not.toHaveBeenCalled();
    register.querySelector('input')?.focus();
    await mounting;
    expect(loadRegister).toHaveBeenCalledOnce();
    expect(mountRegister).toHaveBeenCalledWith(register);
  });

  it('holds a submit of the form the server drew while an app needed at once loads, for the app to send', async () => {
    const register = addElement('app__register');
    register.innerHTML = '<form><input id="root_trading_name"><button type="submit">Continue</button></form>';
    let finishLoading: (app: { mount: () => void }) => void = () => undefined;
    const loading = new Promise<{ mount: () => void }>((resolve) => {
      finishLoading = resolve;
    });
    const mounting = mountApps([{ elementId: 'app__register', load: () => loading, isNeeded: () => true, loadsOnFirstUse: true }], document);
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    register.querySelector('form')?.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    expect(readFormUse(register).isSubmitRequested).toBe(true);
    finishLoading({ mount: () => undefined });
    await mounting;
  });

  it('shows a readable error with a reload button where a chunk failed, and mounts the rest', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const dashboard = addElement('app__dashboard');
    addElement('app__user');
    const mountUser = vi.fn();
    await mountApps(
      [
        { elementId: 'app__dashboard', load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) },
        { elementId: 'app__user', load: () => Promise.resolve({ mount: mountUser }) },
      ],
      document,
    );
    const alert = dashboard.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('This part of the page could not be loaded.');
    expect(dashboard.querySelector('button')?.textContent).toBe('Reload the page');
    expect(mountUser).toHaveBeenCalledOnce();
  });

  it('shows the same error when an app fails to start', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const header = addElement('app__header');
    await mountApps(
      [{ elementId: 'app__header', load: () => Promise.resolve({ mount: () => { throw new Error('no page data'); } }) }],
      document,
    );
    expect(header.querySelector('[role="alert"]')).not.toBeNull();
  });
});

describe('loadChunk', () => {
  it('rejects with a chunk-load error when the chunk has not loaded after 120 seconds', async () => {
    vi.useFakeTimers();
    const loading = loadChunk(() => new Promise<never>(() => undefined));
    const outcome = expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    loading.catch(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('resolves to the module when it loads in time', async () => {
    await expect(loadChunk(() => Promise.resolve('module'))).resolves.toBe('module');
  });

  it('wraps a failed import in a chunk-load error that keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch');
    const error: unknown = await loadChunk(() => Promise.reject(cause)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).cause).toBe(cause);
  });
});

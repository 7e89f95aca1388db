// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import type { ReactNode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DirectorySearchRequest } from '../../common/api/directory';
import { answerSearch, testSettings } from './directory-test-data';

// A query client of the test's own, rendered through Testing Library into the element.
vi.mock('../lib/render-root', () => ({
  renderPublicApp: (element: HTMLElement, app: ReactNode) => {
    render(<QueryClientProvider client={new QueryClient()}>{app}</QueryClientProvider>, { container: element });
  },
}));

const { mount, SETTINGS_ERROR_MESSAGE } = await import('./mount');

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

function addMountElement(): HTMLElement {
  const element = document.createElement('div');
  element.id = 'app__suppliers';
  document.body.append(element);
  return element;
}

describe('mount', () => {
  it('shows the directory from the settings block', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => Promise.resolve(Response.json(answerSearch(JSON.parse(init.body as string) as DirectorySearchRequest)))),
    );
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'app__suppliers-settings';
    script.textContent = JSON.stringify(testSettings);
    document.body.append(script);
    await act(async () => {
      mount(addMountElement());
      await Promise.resolve();
    });
    expect(await screen.findByText('34 results below')).toBeTruthy();
  });

  it('shows an error with a way to reload when the settings are missing or invalid', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => {
      mount(addMountElement());
    });
    expect(screen.getByRole('alert').textContent).toContain(SETTINGS_ERROR_MESSAGE);
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(consoleError).toHaveBeenCalledOnce();
  });
});

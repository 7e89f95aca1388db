// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createUserRoutes } from './routes';

afterEach(cleanup);

function renderUserApp(path: string) {
  const router = createMemoryRouter(createUserRoutes({ productName: 'Marketplace' }), {
    basename: '/user',
    initialEntries: [`/user${path}`],
  });
  render(<RouterProvider router={router} />);
}

describe('user app routes (spec §2)', () => {
  it.each(['/confirm', '/confirm/abc123', '/confirm/abc123/more'])('%s shows the confirmation screen', async (path) => {
    renderUserApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your account' })).toBeTruthy();
  });

  it.each(['/', '/elsewhere', '/confirmations'])('%s shows the not-found screen', async (path) => {
    renderUserApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});

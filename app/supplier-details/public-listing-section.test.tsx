// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicListing } from '../../common/api/supplier-listing';
import { buildPublicListing } from '../test/factories';
import { PublicListingSection } from './public-listing-section';
import { supplierQueryKeys } from './supplier-api';

afterEach(cleanup);

function renderSection(listing: PublicListing, isAdmin: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(supplierQueryKeys.listing(4), listing);
  const router = createMemoryRouter([{ path: '/supplier', element: <PublicListingSection supplierId={4} isAdmin={isAdmin} /> }], {
    basename: '/dashboard',
    initialEntries: ['/dashboard/supplier'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Your public listing' });
}

describe('Your public listing', () => {
  it('groups the published services by channel and catalogue and links the public profile', () => {
    const section = renderSection(
      buildPublicListing({
        profilePath: '/approved-suppliers/4',
        channels: [
          {
            id: 1,
            slug: 'digital',
            title: 'Digital and ICT',
            catalogues: [
              { id: 2, slug: 'cloud', title: 'Cloud Services', services: [{ id: 3, slug: 'hosting', title: 'Cloud hosting' }] },
              { id: 5, slug: 'security', title: 'Cyber Security', services: [{ id: 6, slug: 'pen', title: 'Penetration testing' }, { id: 7, slug: 'irt', title: 'Incident response' }] },
            ],
          },
        ],
      }),
      true,
    );
    expect(within(section).getByRole('heading', { level: 3, name: 'Digital and ICT' })).toBeTruthy();
    expect(within(section).getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)).toEqual(['Cloud Services', 'Cyber Security']);
    expect(within(section).getByText('Penetration testing')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'View your public profile' }).getAttribute('href')).toBe('/approved-suppliers/4');
    expect(within(section).getByRole('link', { name: 'Change your description and contact details' }).getAttribute('href')).toBe(
      '/dashboard/supplier/edit/public-profile',
    );
  });

  it('offers a member the profile but no change', () => {
    const section = renderSection(buildPublicListing(), false);
    expect(within(section).getByRole('link', { name: 'View your public profile' })).toBeTruthy();
    expect(within(section).queryByRole('link', { name: /^Change/ })).toBeNull();
  });

  it('says so when nothing is published yet, and leads to the apply flow', () => {
    const section = renderSection({ profilePath: null, channels: [] }, true);
    expect(section.textContent).toContain('You have no published listings yet');
    expect(within(section).queryByRole('link', { name: 'View your public profile' })).toBeNull();
    expect(within(section).getByRole('link', { name: 'Apply for services' }).getAttribute('href')).toBe('/dashboard/applications/apply');
    expect(within(section).getByRole('link', { name: 'approved suppliers directory' }).getAttribute('href')).toBe('/approved-suppliers');
  });
});

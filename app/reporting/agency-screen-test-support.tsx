/**
 * Set-up shared by the agency's reporting screen tests (notices, reports and their answers): a
 * member of one agency, signed in, and rendering at an address. The tests pass the agency
 * dashboard's route table themselves: only a test may import a shell (.dependency-cruiser.cjs).
 */
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { queryKeys } from '../lib/query-client';
import { buildAgency, buildCurrentUser } from '../test/factories';

export const agencyMember = buildCurrentUser({ suppliers: [], agencies: [buildAgency({ agencyID: 3, agencyName: 'Ministry of Regional Development' })] });

/** Renders `routes` (the agency dashboard's) at `path` under /agency, signed in as agencyMember; returns the router. */
export function renderAgencyRoutesAt(routes: RouteObject[], path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.currentUser, agencyMember);
  const router = createMemoryRouter(routes, { basename: '/agency', initialEntries: [`/agency${path}`] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

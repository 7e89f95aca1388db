/** A small channel → catalogue → service tree and answers built from it, for the directory's tests. */
import type {
  DirectorySearchRequest,
  DirectorySearchResponse,
  DirectorySettings,
  DirectoryTree,
  ServiceSuggestion,
  SupplierSearchResult,
} from '../../common/api/directory';

export const testTree: DirectoryTree = [
  {
    id: 1,
    title: 'Digital and ICT',
    catalogues: [
      {
        id: 11,
        title: 'Cloud Services',
        services: [
          { id: 111, title: 'Cloud hosting' },
          { id: 112, title: 'Cloud migration' },
        ],
      },
      { id: 12, title: 'Cyber Security', services: [{ id: 121, title: 'Penetration testing' }] },
    ],
  },
  {
    id: 2,
    title: 'Professional Services',
    catalogues: [{ id: 21, title: 'Consulting', services: [{ id: 211, title: 'Change management' }] }],
  },
];

export const testSettings: DirectorySettings = {
  channels: testTree,
  formAction: '/api/v1/directory/search',
  exportAction: '/api/v1/directory/export.csv',
};

/** A result; its services are all in Cloud Services unless `catalogues` says otherwise, and Cloud hosting has a listing page. */
export function buildResult(overrides: Partial<SupplierSearchResult> = {}): SupplierSearchResult {
  const services = overrides.services ?? [
    { id: 111, title: 'Cloud hosting' },
    { id: 112, title: 'Cloud migration' },
  ];
  return {
    id: 1,
    title: 'Rangitoto Cloud',
    url: '/suppliers/rangitoto-cloud',
    channel: 'Digital and ICT',
    catalogue: 'Cloud Services',
    ...overrides,
    services,
    catalogues: overrides.catalogues ?? [
      { id: 11, title: 'Cloud Services', channel: 'Digital and ICT', services: services.map((service) => ({ ...service, listingSlug: service.id === 111 ? 'cloud-hosting' : null })) },
    ],
  };
}

export function buildSuggestion(overrides: Partial<ServiceSuggestion> = {}): ServiceSuggestion {
  return {
    id: 112,
    title: 'Cloud migration',
    description: 'Moving workloads to the cloud.',
    catalogue: { id: 11, title: 'Cloud Services', channel: { id: 1, title: 'Digital and ICT' } },
    ...overrides,
  };
}

export function buildResponse(overrides: Partial<DirectorySearchResponse> = {}): DirectorySearchResponse {
  const results = overrides.results ?? [buildResult()];
  return { results, services: [], total: results.length, page: 1, pageSize: 20, ...overrides };
}

export const cloudSuggestions: ServiceSuggestion[] = [
  buildSuggestion(),
  buildSuggestion({ id: 111, title: 'Cloud hosting', description: 'Hosting.' }),
];

/**
 * A stand-in for the server's search: 'zzzz' finds nothing, 'cloud' in the keyword suggests the
 * cloud services, no filter at all finds 34 suppliers (two pages) and any filter finds one.
 */
export function answerSearch(request: DirectorySearchRequest): DirectorySearchResponse {
  const keyword = (request.keyword ?? '').toLowerCase();
  if (keyword === 'zzzz') {
    return buildResponse({ results: [], services: [] });
  }
  const hasFilter = keyword !== '' || [request.channel, request.catalogue, request.service].some((id) => (id ?? null) !== null);
  const page = request.page ?? 1;
  return buildResponse({
    results: [buildResult({ id: page, title: `Supplier on page ${page}` })],
    services: keyword.includes('cloud') ? cloudSuggestions : [],
    total: hasFilter ? 1 : 34,
    page,
  });
}

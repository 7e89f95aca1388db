// @vitest-environment jsdom
import '../test/jsdom-polyfills';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUserResponse } from '../../common/api/user';
import { queryKeys } from '../lib/query-client';
import { buildAgency, buildCurrentUser, buildSupplier } from '../test/factories';
import { BuyerDocumentDownload, buyerDocumentPath, type BuyerDocument } from './buyer-document-download';

vi.mock('../lib/session', () => ({ useSession: () => ({ isLoading: false, isAuthenticated: true }) }));
const download = vi.hoisted(() => ({ downloadApiFile: vi.fn(() => Promise.resolve()) }));
vi.mock('../lib/download', async (importOriginal) => ({ ...(await importOriginal<object>()), downloadApiFile: download.downloadApiFile }));

const NOTE = "For government buyers only: sign in with your agency's account to download it, or ask the marketplace team for a copy.";
const terms: BuyerDocument = { supplierId: 7, serviceSlug: 'cloud migration', fileId: 'f1/2', fileName: 'terms.pdf' };

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderFor(user: CurrentUserResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.currentUser, user);
  render(
    <QueryClientProvider client={client}>
      <BuyerDocumentDownload document={terms} note={NOTE} />
    </QueryClientProvider>,
  );
}

describe("a listing's document for buyers only (issue 31)", () => {
  it('is a download for a person acting for an agency, through the agency API', async () => {
    const agency = buildAgency({ agencyID: 3, agencyName: 'Ministry of Records' });
    renderFor(buildCurrentUser({ suppliers: [], agencies: [agency], activeAgency: agency }));
    expect(screen.getByText(/you can download it as a person of Ministry of Records/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Download\s*terms\.pdf$/ }));
    expect(download.downloadApiFile).toHaveBeenCalledWith('agency/listing-documents/7/cloud%20migration/f1%2F2', 'terms.pdf');
    expect(await screen.findByRole('button', { name: /^Download\s*terms\.pdf$/ })).toBeTruthy();
  });

  it("keeps the server's note for a signed-in person who acts for no agency", () => {
    renderFor(buildCurrentUser({ suppliers: [buildSupplier({ tradingName: 'Acme Digital' })] }));
    expect(screen.getByText(NOTE)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when the download failed', async () => {
    download.downloadApiFile.mockRejectedValueOnce(new Error('offline'));
    const agency = buildAgency({ agencyID: 3 });
    renderFor(buildCurrentUser({ suppliers: [], agencies: [agency], activeAgency: agency }));
    fireEvent.click(screen.getByRole('button', { name: /^Download\s*terms\.pdf$/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('The document could not be downloaded. Check your connection and try again.');
    expect(buyerDocumentPath(terms)).toBe('agency/listing-documents/7/cloud%20migration/f1%2F2');
  });
});

/**
 * The agency dashboard's shortlists screens (issue 31), relative to the agency dashboard's base
 * (/agency), built in one place: screens link and navigate with these, and
 * ./shortlists-routes.tsx is the table they match.
 */
export const shortlistsPaths = {
  shortlists: () => '/shortlists',
  newShortlist: () => '/shortlists/new',
  shortlist: (id: number) => `/shortlists/${String(id)}`,
  /** Saving a supplier found in the public directory to a shortlist. */
  saveSupplier: (supplierId: number) => `/shortlists/save/${String(supplierId)}`,
};

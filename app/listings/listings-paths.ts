/**
 * The dashboard's service listing screens' paths, relative to the dashboard's base (/dashboard),
 * built in one place: screens link and navigate with these, and ./listings-routes.tsx is the table
 * they match. A listing is named by its service: a supplier has one listing per service.
 */
export const listingsPaths = {
  listings: () => '/listings',
  /** One listing's overview: its status, the team's reasons, its answers and sending it for review. */
  listing: (serviceId: number) => `/listings/${String(serviceId)}`,
  /** One step of the listing form (a step id of the form the listing is written on). */
  listingStep: (serviceId: number, stepId: string) => `/listings/${String(serviceId)}/${stepId}`,
  /** The listing as a spreadsheet: downloading the service's template and uploading it filled in. */
  listingTemplate: (serviceId: number) => `/listings/${String(serviceId)}/template`,
  /** A step opened from the overview (its Change link, a problem a send found): once saved, back to the overview. */
  changeListingStep: (serviceId: number, stepId: string) => `/listings/${String(serviceId)}/${stepId}?${FROM_PARAM}=${FROM_OVERVIEW}`,
};

/** The query parameter, and its value, of a step opened from the overview. */
export const FROM_PARAM = 'from';
export const FROM_OVERVIEW = 'overview';

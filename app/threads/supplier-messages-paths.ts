/** The dashboard's messages list, relative to the dashboard's base (/dashboard); ./supplier-messages-routes.tsx matches it. */
export const supplierMessagesPaths = {
  messages: (search = '') => `/messages${search}`,
};

/**
 * The dashboard's user-management screens' paths, relative to the dashboard's base (/dashboard),
 * built in one place: screens link and navigate with these, and ./supplier-users-routes.tsx is the
 * table they match.
 */
export const supplierUsersPaths = {
  supplierUsers: () => '/users',
  addSupplierUser: () => '/users/add',
  editSupplierUser: (id: number) => `/users/edit/${String(id)}`,
  secondFactorRequirement: () => '/users/two-step-verification',
};

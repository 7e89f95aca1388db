/**
 * What the supplier details area lends the rest of the browser side: the active supplier's details
 * and their form (applying for services starts from them) and, for the dashboard's route test,
 * their query keys. Other areas import supplier details through this file, its paths and its
 * routes only (.dependency-cruiser.cjs).
 */
export { supplierQueryKeys, useSupplierDetails, useSupplierDetailsForm } from './supplier-api';

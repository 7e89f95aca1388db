/**
 * The dashboard's supplier details screens: their routes, spread into the dashboard's layout by
 * app/dashboard/routes.tsx (they match ./supplier-details-paths.ts). Each screen's module is its own
 * chunk, fetched when one of its routes is first visited.
 */
import { Navigate, type RouteObject } from 'react-router';
import { SUPPLIER_DETAILS_STEP_IDS, SUPPLIER_DETAILS_STEP_TITLES } from '../../common/supplier-details/steps';
import { lazyElement, lazyScreen, routeHandle } from '../lib/routing';

const editSupplierScreens = () => import('./edit-supplier-screens');
const supplierDetailsScreen = () => import('./supplier-details-screen');

export const supplierDetailsRoutes: RouteObject[] = [
  {
    path: 'supplier',
    handle: routeHandle('Supplier details'),
    children: [
      { index: true, ...lazyScreen(supplierDetailsScreen, (screens) => screens.SupplierDetailsScreen) },
      {
        path: 'edit',
        handle: routeHandle('Edit supplier details'),
        children: [
          { index: true, element: <Navigate to="company-details" replace /> },
          {
            ...lazyScreen(editSupplierScreens, (screens) => screens.EditSupplierLayout),
            children: SUPPLIER_DETAILS_STEP_IDS.map((stepId) => ({
              path: stepId,
              handle: routeHandle(`Edit supplier details: ${SUPPLIER_DETAILS_STEP_TITLES[stepId]}`),
              ...lazyElement(editSupplierScreens, (screens) => <screens.EditSupplierStepScreen key={stepId} stepId={stepId} />),
            })),
          },
        ],
      },
    ],
  },
];

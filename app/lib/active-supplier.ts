import { createContext, use } from 'react';
import type { SupplierSummary } from '../../common/api/user';

/** The active supplier, provided by the dashboard layout to every screen inside it. */
export const ActiveSupplierContext = createContext<SupplierSummary | null>(null);

export function useActiveSupplier(): SupplierSummary {
  const supplier = use(ActiveSupplierContext);
  if (!supplier) {
    throw new Error('useActiveSupplier is used outside the dashboard layout');
  }
  return supplier;
}

/**
 * Loads the active supplier's details and the supplier details form for a screen titled `title`,
 * showing loading, then the error with a retry (spec §8: a failed load shows no stale data), and
 * only then the screen's own content.
 */
import type { ReactNode } from 'react';
import type { FormDefinitionResponse } from '../../common/api/forms';
import type { SupplierDetails } from '../../common/api/supplier-details';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { useSupplierDetails, useSupplierDetailsForm } from './supplier-api';

export interface LoadedSupplierDetails {
  details: SupplierDetails;
  form: FormDefinitionResponse;
  reload: () => void;
}

export function SupplierDetailsLoader({
  supplierId,
  title,
  children,
}: {
  supplierId: number;
  title: string;
  children: (loaded: LoadedSupplierDetails) => ReactNode;
}) {
  const details = useSupplierDetails(supplierId);
  const form = useSupplierDetailsForm();
  if (details.isError || form.isError) {
    return (
      <Screen title={title}>
        <ErrorState
          message="We could not load your supplier details."
          onRetry={() => {
            void details.refetch();
            void form.refetch();
          }}
        />
      </Screen>
    );
  }
  if (details.isPending || form.isPending) {
    return (
      <Screen title={title}>
        <LoadingState label="Loading your supplier details…" />
      </Screen>
    );
  }
  return children({ details: details.data, form: form.data, reload: () => void details.refetch() });
}

/**
 * A record's screen of the team app's notices and reports, loaded by the id in its address
 * with every state said plainly.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError, describeApiFailure } from '../lib/api-error';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { Screen } from '../lib/components/screen';
import { useRecordIdParam } from '../lib/use-record-id-param';

/**
 * A team record screen (one h1): loading, not there (a wrong link, or a draft the supplier has not
 * submitted), a failed load with Try again, or the record.
 */
export function TeamRecordScreen<T>({
  title,
  noun,
  listLink,
  record,
  children,
}: {
  title: string;
  noun: string;
  listLink: ReactNode;
  record: UseQueryResult<NoInfer<T>>;
  children: (record: T) => ReactNode;
}) {
  const id = useRecordIdParam();
  let content: ReactNode;
  if (id === 0 || (record.error instanceof ApiError && record.error.status === 404)) {
    content = (
      <>
        <p>
          There is no submitted {noun} at this address. The link may be wrong, or the supplier may not have submitted it yet (the team does not
          see drafts).
        </p>
        <p>{listLink}</p>
      </>
    );
  } else if (record.isError) {
    content = <ErrorState message={`We could not load this ${noun}. ${describeApiFailure(record.error)}`} onRetry={() => void record.refetch()} />;
  } else if (record.isPending) {
    content = <LoadingState label={`Loading the ${noun}…`} />;
  } else {
    content = children(record.data);
  }
  return <Screen title={title}>{content}</Screen>;
}

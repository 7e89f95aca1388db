/** /shortlists (issue 31): the person's own and the agency's shared shortlists, the last changed first. */
import '../styles/supplier-users.css';
import { Link } from 'react-router';
import { formatDateTime } from '../../common/dates';
import { describeApiFailure } from '../lib/api-error';
import { DataCell, DataRow, DataTable, RowHeader } from '../lib/components/data-table';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { useFlashMessage } from '../lib/use-flash-message';
import { useShortlists } from './shortlists-api';
import { shortlistsPaths } from './shortlists-paths';

export function supplierCountText(count: number): string {
  return count === 1 ? '1 supplier' : `${String(count)} suppliers`;
}

export function ShortlistsScreen() {
  const shortlists = useShortlists();
  // A message from a shortlist's screen (it was deleted).
  const [message] = useFlashMessage();
  return (
    <div className="screen shortlists-screen">
      <h1>Shortlists</h1>
      <div role="status" className="users-screen__message">
        {message !== '' && <p className="alert alert--success">{message}</p>}
      </div>
      <p>
        <Link className="button" to={shortlistsPaths.newShortlist()}>
          Make a shortlist
        </Link>
      </p>
      {shortlists.isPending ? (
        <LoadingState label="Loading your shortlists…" />
      ) : shortlists.isError ? (
        <ErrorState message={`We could not load your shortlists. ${describeApiFailure(shortlists.error)}`} onRetry={() => void shortlists.refetch()} />
      ) : shortlists.data.shortlists.length === 0 ? (
        <div className="empty-state">
          <p>You have no shortlists yet.</p>
          <p>
            A shortlist keeps the suppliers of the directory you are considering for a piece of work, with a note on each. Only you see a shortlist until
            you share it with your agency.
          </p>
        </div>
      ) : (
        <DataTable caption="Your shortlists and those shared with your agency" columns={['Name', 'Who sees it', 'Made by', 'Suppliers', 'Last changed']}>
          {shortlists.data.shortlists.map((shortlist) => (
            <DataRow key={shortlist.id}>
              <RowHeader>
                <Link to={shortlistsPaths.shortlist(shortlist.id)}>{shortlist.name}</Link>
              </RowHeader>
              <DataCell label="Who sees it">{shortlist.isShared ? 'Shared with your agency' : 'Only you'}</DataCell>
              <DataCell label="Made by">{shortlist.createdByName ?? 'A former member of your agency'}</DataCell>
              <DataCell label="Suppliers">{supplierCountText(shortlist.supplierCount)}</DataCell>
              <DataCell label="Last changed">
                <time dateTime={shortlist.updatedAt}>{formatDateTime(shortlist.updatedAt)}</time>
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
    </div>
  );
}

/**
 * "Your public listing" on /supplier: what buyers see of the active supplier in the approved
 * suppliers directory (its published listings, grouped by sales channel and catalogue as its public
 * profile groups them) with the way to the profile itself; or, before anything is published, what
 * to do to be listed.
 */
import '../styles/public-listing.css';
import { Link } from 'react-router';
import type { ListedChannel } from '../../common/api/supplier-listing';
import { DIRECTORY_PATH } from '../../common/site-paths';
import { ErrorState } from '../lib/components/error-state';
import { LoadingState } from '../lib/components/loading-state';
import { applicationsPaths } from '../applications/applications-paths';
import { supplierDetailsPaths } from './supplier-details-paths';
import { usePublicListing } from './supplier-api';

function ListedServices({ channels }: { channels: readonly ListedChannel[] }) {
  return (
    <ul className="public-listing__channels">
      {channels.map((channel) => (
        <li key={channel.id}>
          <h3 className="public-listing__channel">{channel.title}</h3>
          {channel.catalogues.map((catalogue) => (
            <div key={catalogue.id} className="public-listing__catalogue">
              <h4>{catalogue.title}</h4>
              <ul>
                {catalogue.services.map((service) => (
                  <li key={service.id}>{service.title}</li>
                ))}
              </ul>
            </div>
          ))}
        </li>
      ))}
    </ul>
  );
}

export function PublicListingSection({ supplierId, isAdmin }: { supplierId: number; isAdmin: boolean }) {
  const listing = usePublicListing(supplierId);
  return (
    <section className="card public-listing" aria-labelledby="public-listing-heading">
      <h2 id="public-listing-heading">Your public listing</h2>
      {listing.isError ? (
        <ErrorState message="We could not load your public listing." onRetry={() => void listing.refetch()} />
      ) : listing.isPending ? (
        <LoadingState label="Loading your public listing…" />
      ) : listing.data.profilePath === null || listing.data.channels.length === 0 ? (
        <>
          <p>
            You have no published listings yet, so buyers cannot find you in the{' '}
            <a href={DIRECTORY_PATH}>approved suppliers directory</a>.
          </p>
          <p>
            Apply for the services you offer. Once the marketplace team approves your application and your listing is
            published, it shows here and buyers can see your public profile.
          </p>
          <p>
            <Link to={applicationsPaths.applyScreen(undefined)}>Apply for services</Link>
          </p>
        </>
      ) : (
        <>
          <p>Buyers find you in the approved suppliers directory under these services.</p>
          <ListedServices channels={listing.data.channels} />
          <ul className="public-listing__actions">
            <li>
              <a href={listing.data.profilePath}>View your public profile</a>
            </li>
            {isAdmin && (
              <li>
                <Link to={supplierDetailsPaths.editSupplier('public-profile')}>Change your description and contact details</Link>
              </li>
            )}
          </ul>
        </>
      )}
    </section>
  );
}

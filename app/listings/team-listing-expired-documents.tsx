/**
 * The published listing's documents whose expiry date has passed (issue 30: "on expiry the listing
 * shows the document as expired to the team, which can suspend the listing"), as a GOV.UK warning
 * text on the team's review: each document by what it is, its file's name and the date it expired,
 * then what the team can do.
 */
import type { TeamListing } from '../../common/api/team-listings';
import { formatDate } from '../../common/dates';
import { listingDocumentKindLabel } from '../../common/listings/service-listings';

/** What a document is, as a sentence names it: its kind's label without the examples in brackets. */
function documentKindName(kind: string): string {
  return listingDocumentKindLabel(kind).replace(/\s*\(.*\)$/u, '') || 'A document';
}

export function TeamListingExpiredDocuments({ listing }: { listing: TeamListing }) {
  const expired = listing.expiredDocuments;
  if (expired.length === 0) {
    return null;
  }
  const documents = expired.length === 1 ? 'the document' : 'the documents';
  return (
    <div className="team-listing-review__warning">
      <span className="team-listing-review__warning-icon" aria-hidden="true">
        !
      </span>
      <div className="team-listing-review__warning-text">
        <span className="visually-hidden">Warning: </span>
        <p className="team-listing-review__warning-title">
          {expired.length === 1 ? 'A document of the published listing has expired' : `${String(expired.length)} documents of the published listing have expired`}
        </p>
        <ul>
          {expired.map((document) => {
            const fileName = listing.files[document.fileId];
            return (
              <li key={`${document.fileId}:${document.expiresOn}`}>
                {documentKindName(document.kind)}
                {fileName === undefined ? '' : ` (${fileName})`}: expired on {formatDate(document.expiresOn)}
              </li>
            );
          })}
        </ul>
        <p>
          {listing.suspendedAt === null
            ? `The supplier replaces ${documents} by changing their listing, which comes to the team for review. Until then you can suspend the listing, so buyers cannot read it.`
            : `The listing is suspended, so buyers cannot read it. Reinstate it once the supplier has replaced ${documents} and the team has approved the change.`}
        </p>
      </div>
    </div>
  );
}

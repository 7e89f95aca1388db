import type { SupplierSearchResult } from '../../common/api/directory';
import { listingPath } from '../../common/site-paths';
import { SaveToShortlistLink } from '../shortlists/public';

/**
 * The approved suppliers of one page of results: name (linking to the supplier), then its services
 * under each catalogue they are in (with the catalogue's sales channel), so a supplier in several
 * catalogues reads as such; a service links to the supplier's listing of it when buyers can read one.
 * A signed-in buyer also gets a link to save the supplier to a shortlist.
 */
export function SupplierResultList({ results }: { results: readonly SupplierSearchResult[] }) {
  if (results.length === 0) {
    return null;
  }
  return (
    <ul className="supplier-results">
      {results.map((result) => (
        <li key={result.id} className="supplier-result">
          <h3 className="supplier-result__title">
            <a href={result.url}>{result.title}</a>
          </h3>
          <SaveToShortlistLink supplierId={result.id} supplierName={result.title} />
          {result.catalogues.length > 0 && (
            <dl className="supplier-result__catalogues">
              {result.catalogues.map((catalogue) => (
                <div key={catalogue.id} className="supplier-result__catalogue">
                  <dt className="supplier-result__catalogue-title">
                    {catalogue.title} <span className="supplier-result__channel">({catalogue.channel})</span>
                  </dt>
                  <dd>
                    <ul className="supplier-result__services">
                      {catalogue.services.map((service) => (
                        <li key={service.id}>{service.listingSlug === null ? service.title : <a href={listingPath(result.id, service.listingSlug)}>{service.title}</a>}</li>
                      ))}
                    </ul>
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </li>
      ))}
    </ul>
  );
}

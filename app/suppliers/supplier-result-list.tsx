import type { SupplierSearchResult } from '../../common/api/directory';

/** The approved suppliers of one page of results: name (linking to the supplier), channel, catalogue and services. */
export function SupplierResultList({ results }: { results: readonly SupplierSearchResult[] }) {
  if (results.length === 0) {
    return null;
  }
  return (
    <ul className="supplier-results">
      {results.map((result, index) => (
        // A supplier listed in several catalogues comes once per catalogue.
        <li key={`${result.id}-${result.catalogue}-${index}`} className="supplier-result">
          <h3 className="supplier-result__title">
            <a href={result.url}>{result.title}</a>
          </h3>
          <dl className="supplier-result__details">
            <div className="supplier-result__detail">
              <dt>Sales channel</dt>
              <dd>{result.channel}</dd>
            </div>
            <div className="supplier-result__detail">
              <dt>Catalogue</dt>
              <dd>{result.catalogue}</dd>
            </div>
            {result.services.length > 0 && (
              <div className="supplier-result__detail">
                <dt>Services</dt>
                <dd>
                  <ul className="supplier-result__services">
                    {result.services.map((service) => (
                      <li key={service.id}>{service.title}</li>
                    ))}
                  </ul>
                </dd>
              </div>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}

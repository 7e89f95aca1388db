/**
 * A supplier's listing of one service as buyers read it (issue 30): its live version, drawn on the
 * server like the other public pages, with no script of its own. A draft or a change waiting for
 * review never shows here.
 */
import { formatDate } from '../../../common/dates';
import { isRecord } from '../../../common/is-record';
import { isDocumentExpired, newZealandDate } from '../../../common/listings/document-expiry';
import { listingPriceText } from '../../../common/listings/listing-price';
import { DELIVERY_MODES, LISTING_FIELDS, LISTING_STEPS, listingDocumentKindLabel, pricingModelLabel } from '../../../common/listings/service-listings';
import { DIRECTORY_PATH, cataloguePath, listingDocumentPath, servicePath, supplierProfilePath } from '../../../common/site-paths';
import { Breadcrumbs } from '../../pages/breadcrumbs';
import type { LiveListing } from './service';

function stepAnswers(listing: LiveListing, stepId: string): Record<string, unknown> {
  const answers = listing.data[stepId];
  return isRecord(answers) ? answers : {};
}

function texts(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '') : [];
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A paragraph per line the supplier wrote. */
function Paragraphs({ value }: { value: string }) {
  return (
    <>
      {value
        .split(/\n+/u)
        .filter((line) => line.trim() !== '')
        .map((line, index) => (
          <p key={`${String(index)}:${line}`}>{line}</p>
        ))}
    </>
  );
}

export const BUYERS_ONLY_NOTE = "For government buyers only: sign in with your agency's account to download it, or ask the marketplace team for a copy.";

/**
 * The listing's documents: each one anyone may download as a link, with its expiry date; a document
 * for buyers only is named, with how a buyer gets it. The section is the buyer documents app's
 * element when it holds one (app/mount-apps.ts): a signed-in agency person gets a download button.
 */
function Documents({ listing }: { listing: LiveListing }) {
  const today = newZealandDate(new Date());
  const hasBuyersOnly = listing.documents.some((document) => document.buyersOnly);
  return (
    <section aria-labelledby="listing-documents" {...(hasBuyersOnly ? { id: 'app__listing-documents' } : {})}>
      <h2 id="listing-documents">Documents</h2>
      <ul className="listing-page__documents">
        {listing.documents.map((document) => {
          const name = `${listingDocumentKindLabel(document.kind)}: ${document.fileName}`;
          const expiry =
            document.expiresOn === null
              ? null
              : isDocumentExpired(document.expiresOn, today)
                ? `Expired on ${formatDate(document.expiresOn)}`
                : `Valid until ${formatDate(document.expiresOn)}`;
          return (
            <li key={document.fileId}>
              {document.buyersOnly ? name : <a href={listingDocumentPath(listing.supplier.id, listing.service.slug, document.fileId)} download>{name}</a>}
              {expiry && <span className="listing-page__document-note">{expiry}</span>}
              {document.buyersOnly && (
                // The agency's people download it here once signed in (app/listings/buyer-document-download.tsx takes the note's place).
                <span
                  className="listing-page__document-note"
                  data-buyer-document={JSON.stringify({ supplierId: listing.supplier.id, serviceSlug: listing.service.slug, fileId: document.fileId, fileName: document.fileName })}
                >
                  {BUYERS_ONLY_NOTE}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function ListingPage({ listing }: { listing: LiveListing }) {
  const about = stepAnswers(listing, LISTING_STEPS.about);
  const delivery = stepAnswers(listing, LISTING_STEPS.delivery);
  const pricing = stepAnswers(listing, LISTING_STEPS.pricing);
  const levels = stepAnswers(listing, LISTING_STEPS.serviceLevels);
  const summary = text(about[LISTING_FIELDS.summary]);
  const features = texts(about[LISTING_FIELDS.features]);
  const benefits = texts(about[LISTING_FIELDS.benefits]);
  const modes = texts(delivery[LISTING_FIELDS.deliveryModes]).map((mode) => DELIVERY_MODES.find((candidate) => candidate.value === mode)?.label ?? mode);
  const regions = texts(delivery[LISTING_FIELDS.locations]);
  const model = text(pricing[LISTING_FIELDS.pricingModel]);
  const price = listingPriceText({ priceFrom: pricing[LISTING_FIELDS.priceFrom], priceTo: pricing[LISTING_FIELDS.priceTo], unit: pricing[LISTING_FIELDS.priceUnit] });
  const included = text(pricing[LISTING_FIELDS.included]);
  const serviceLevels = text(levels[LISTING_FIELDS.serviceLevels]);
  const profilePath = supplierProfilePath(listing.supplier.id);
  return (
    <div className="container">
      <Breadcrumbs
        items={[
          { label: 'Home', href: '/' },
          { label: 'Approved suppliers', href: DIRECTORY_PATH },
          { label: listing.supplier.tradingName, href: profilePath },
          { label: listing.service.title },
        ]}
      />
      <article className="listing-page" aria-labelledby="listing-title">
        <p className="page-kicker">
          <a href={cataloguePath(listing.catalogue.slug)}>{listing.catalogue.title}</a>
        </p>
        <h1 id="listing-title">{listing.service.title}</h1>
        <p>
          Offered by <a href={profilePath}>{listing.supplier.tradingName}</a>, an approved supplier.
        </p>
        {summary && <p className="lead">{summary}</p>}
        <div className="profile__layout">
          <div>
            {features.length > 0 && (
              <section aria-labelledby="listing-features">
                <h2 id="listing-features">Features</h2>
                <ul>
                  {features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </section>
            )}
            {benefits.length > 0 && (
              <section aria-labelledby="listing-benefits">
                <h2 id="listing-benefits">Benefits</h2>
                <ul>
                  {benefits.map((benefit) => (
                    <li key={benefit}>{benefit}</li>
                  ))}
                </ul>
              </section>
            )}
            {serviceLevels && (
              <section aria-labelledby="listing-service-levels">
                <h2 id="listing-service-levels">Service levels</h2>
                <Paragraphs value={serviceLevels} />
              </section>
            )}
            {listing.documents.length > 0 && <Documents listing={listing} />}
          </div>
          <div className="profile__details">
            <section className="card" aria-labelledby="listing-pricing">
              <h2 id="listing-pricing">Pricing</h2>
              <dl className="details-list">
                {model && (
                  <>
                    <dt>Pricing model</dt>
                    <dd>{pricingModelLabel(model)}</dd>
                  </>
                )}
                {price && (
                  <>
                    <dt>Price</dt>
                    <dd>{price}</dd>
                  </>
                )}
                {included && (
                  <>
                    <dt>What the price includes</dt>
                    <dd>
                      <Paragraphs value={included} />
                    </dd>
                  </>
                )}
              </dl>
            </section>
            <section className="card" aria-labelledby="listing-delivery">
              <h2 id="listing-delivery">How it is delivered</h2>
              <dl className="details-list">
                {modes.length > 0 && (
                  <>
                    <dt>Delivered</dt>
                    <dd>{modes.join(' and ')}</dd>
                  </>
                )}
                {regions.length > 0 && (
                  <>
                    <dt>Regions</dt>
                    <dd>{regions.join(', ')}</dd>
                  </>
                )}
              </dl>
            </section>
          </div>
        </div>
        <p>Last updated {formatDate(listing.publishedAt)}.</p>
        <p>
          <a href={servicePath(listing.service.slug)}>Every supplier of {listing.service.title}</a>
        </p>
      </article>
    </div>
  );
}

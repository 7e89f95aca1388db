/** The public profile of an approved supplier: who they are, what they offer and how to reach them. */
import { telHref } from '../../../common/contact-links';
import { DIRECTORY_PATH, cataloguePath, channelPath, listingPath, servicePath } from '../../../common/site-paths';
import { Breadcrumbs } from '../../pages/breadcrumbs';
import type { SupplierProfile } from './queries';

/** Only http(s) addresses become links: a stored `javascript:` URL must never reach an href. */
export function safeWebsite(website: string | null): URL | null {
  if (!website) {
    return null;
  }
  try {
    const url = new URL(website);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function websiteLabel(url: URL): string {
  return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}

export function SupplierProfilePage({ profile }: { profile: SupplierProfile }) {
  const website = safeWebsite(profile.website);
  const location = [profile.city, profile.state, profile.country].filter((part): part is string => Boolean(part));
  // A city that is also its region's name (Wellington, Wellington) is said once.
  const uniqueLocation = location.filter((part, index) => location.indexOf(part) === index);
  return (
    <div className="container">
      <Breadcrumbs items={[{ label: 'Home', href: '/' }, { label: 'Approved suppliers', href: DIRECTORY_PATH }, { label: profile.tradingName }]} />
      <div className="profile">
        <p className="page-kicker">Approved supplier</p>
        <h1>{profile.tradingName}</h1>
        {profile.summary && <p className="lead">{profile.summary}</p>}
        {/* A signed-in buyer's "Save to a shortlist" (app/shortlists/save-link-mount.tsx); empty for anyone else. */}
        <div id="app__shortlist-save" data-supplier-id={profile.id} data-supplier-name={profile.tradingName} />
        <div className="profile__layout">
          <section className="profile__offers" aria-labelledby="profile-offers-title">
            <h2 id="profile-offers-title">Services offered</h2>
            {profile.offers.map((channel) => (
              <div key={channel.id} className="profile__channel">
                <h3>
                  <a href={channelPath(channel.slug)}>{channel.title}</a>
                </h3>
                {channel.catalogues.map((catalogue) => (
                  <div key={catalogue.id} className="profile__catalogue">
                    <h4>
                      <a href={cataloguePath(catalogue.slug)}>{catalogue.title}</a>
                    </h4>
                    <ul>
                      {catalogue.services.map((service) => (
                        <li key={service.id}>
                          {profile.servicesWithListing.has(service.id) ? (
                            <a href={listingPath(profile.id, service.slug)}>{service.title}</a>
                          ) : (
                            <a href={servicePath(service.slug)}>{service.title}</a>
                          )}
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            ))}
          </section>
          <div className="profile__details">
            <section className="card" aria-labelledby="profile-business-title">
              <h2 id="profile-business-title">Business details</h2>
              <dl className="details-list">
                <dt>Legal name</dt>
                <dd>{profile.legalName}</dd>
                {profile.nzbn && (
                  <>
                    <dt>
                      <abbr title="New Zealand Business Number">NZBN</abbr>
                    </dt>
                    <dd>{profile.nzbn}</dd>
                  </>
                )}
                {profile.abn && (
                  <>
                    <dt>
                      <abbr title="Australian Business Number">ABN</abbr>
                    </dt>
                    <dd>{profile.abn}</dd>
                  </>
                )}
                {uniqueLocation.length > 0 && (
                  <>
                    <dt>Location</dt>
                    <dd>{uniqueLocation.join(', ')}</dd>
                  </>
                )}
              </dl>
            </section>
            <section className="card" aria-labelledby="profile-contact-title">
              <h2 id="profile-contact-title">Contact</h2>
              <dl className="details-list">
                {profile.email && (
                  <>
                    <dt>Email</dt>
                    <dd>
                      <a href={`mailto:${profile.email}`}>{profile.email}</a>
                    </dd>
                  </>
                )}
                {profile.phone && (
                  <>
                    <dt>Phone</dt>
                    <dd>
                      <a href={telHref(profile.phone)}>{profile.phone}</a>
                    </dd>
                  </>
                )}
                {website && (
                  <>
                    <dt>Website</dt>
                    <dd>
                      <a href={website.href} rel="external noopener noreferrer" target="_blank">
                        {websiteLabel(website)}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    </dd>
                  </>
                )}
              </dl>
            </section>
          </div>
        </div>
        <p>
          <a href={DIRECTORY_PATH}>Back to all approved suppliers</a>
        </p>
      </div>
    </div>
  );
}

/** The home page: what the marketplace is, its live figures, where to start and how it works. */
import type { DirectoryFigures } from '../../../common/api/directory';
import { AGENCY_FORM_PATH } from '../../../common/agency-form';
import { REGISTER_START_PATH } from '../../../common/registration/steps';

const formatNumber = (value: number) => value.toLocaleString('en-NZ');

export function HomePage({ productName, figures }: { productName: string; figures: DirectoryFigures }) {
  const stats = [
    { value: figures.approvedSuppliers, label: figures.approvedSuppliers === 1 ? 'approved supplier' : 'approved suppliers' },
    { value: figures.services, label: figures.services === 1 ? 'service offered' : 'services offered' },
    { value: figures.catalogues, label: figures.catalogues === 1 ? 'catalogue' : 'catalogues' },
  ];
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>Buy from and sell to government, simply</h1>
          <p className="hero__lead">
            The {productName} connects government agencies with approved suppliers of digital, professional and
            facilities services. Suppliers apply once to be approved, list their services in catalogues, and report
            their engagements in one place.
          </p>
          <p className="hero__actions">
            <a className="button" href="/approved-suppliers">
              Find approved suppliers
            </a>
            <a className="button button--secondary" href="/dashboard">
              Go to your dashboard
            </a>
          </p>
        </div>
      </section>
      <section className="container home-figures" aria-labelledby="home-figures-title">
        <h2 id="home-figures-title">The {productName} today</h2>
        <ul className="stat-blocks">
          {stats.map((stat) => (
            <li key={stat.label} className="stat-block-wrapper">
              <span className="stat-block__figure">{formatNumber(stat.value)}</span>{' '}
              <span className="stat-block__label">{stat.label}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="container home-paths" aria-labelledby="home-paths-title">
        <h2 id="home-paths-title">Where to start</h2>
        <ul className="card-list" data-equal-height="">
          <li className="card">
            <h3>For suppliers</h3>
            <p>Apply to be approved for services, manage your listings and users, and message the {productName} team.</p>
            <ul className="card__links">
              <li>
                <a href={REGISTER_START_PATH}>Register your business</a>
              </li>
              <li>
                <a href="/dashboard/applications">Apply or continue an application</a>
              </li>
            </ul>
          </li>
          <li className="card">
            <h3>For agencies</h3>
            <p>Find approved suppliers by sales channel, catalogue and service, and register your agency to buy.</p>
            <ul className="card__links">
              <li>
                <a href="/approved-suppliers">Search the approved suppliers</a>
              </li>
              <li>
                <a href="/sales-channels">Browse the sales channels</a>
              </li>
              <li>
                <a href={AGENCY_FORM_PATH}>Register your agency</a>
              </li>
            </ul>
          </li>
        </ul>
      </section>
      <section className="container home-how" aria-labelledby="home-how-title">
        <h2 id="home-how-title">How it works</h2>
        <div className="tabs" data-tabs="" data-tabs-label="How it works">
          <ul className="tabs__list">
            <li className="tabs__item">
              <a className="tabs__tab" href="#how-agencies">
                For agencies
              </a>
            </li>
            <li className="tabs__item">
              <a className="tabs__tab" href="#how-suppliers">
                For suppliers
              </a>
            </li>
          </ul>
          <div className="tabs__panel" id="how-agencies">
            <h3 className="tabs__panel-title">For agencies</h3>
            <ol className="steps">
              <li>
                Register your agency once, with the <a href={AGENCY_FORM_PATH}>agency registration form</a>. The {productName} team
                reviews it and emails you its decision.
              </li>
              <li>
                Find suppliers in the <a href="/approved-suppliers">directory</a> or by{' '}
                <a href="/sales-channels">sales channel</a>, and download a shortlist.
              </li>
              <li>Contact suppliers from their profiles and engage them under your agency&apos;s procurement rules.</li>
            </ol>
          </div>
          <div className="tabs__panel" id="how-suppliers">
            <h3 className="tabs__panel-title">For suppliers</h3>
            <ol className="steps">
              <li>
                <a href={REGISTER_START_PATH}>Register your business</a> online. The {productName} team reviews it and emails you a link
                to create your account.
              </li>
              <li>
                Sign in to your <a href="/dashboard">dashboard</a> and apply for the services you offer; the {productName}{' '}
                team assesses each application.
              </li>
              <li>Publish your listings to appear in the directory, then tell the team about your engagements and billing.</li>
            </ol>
          </div>
        </div>
        <p>
          Questions? Read the <a href="/help/faq">frequently asked questions</a>.
        </p>
      </section>
    </>
  );
}

/** The home page: what the marketplace is and where to start. Later issues add live figures. */
export function HomePage({ productName }: { productName: string }) {
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
            <a className="button" href="/dashboard">
              Go to your dashboard
            </a>
          </p>
        </div>
      </section>
      <section className="container home-paths" aria-labelledby="home-paths-title">
        <h2 id="home-paths-title">Where to start</h2>
        <ul className="card-list">
          <li className="card">
            <h3>For suppliers</h3>
            <p>Apply to be approved for services, manage your listings and users, and message the {productName} team.</p>
            <a href="/dashboard/applications">Apply or continue an application</a>
          </li>
          <li className="card">
            <h3>For agencies</h3>
            <p>Find approved suppliers by sales channel, catalogue and service, and register your agency to buy.</p>
            <a href="/about">How buying works</a>
          </li>
        </ul>
      </section>
    </>
  );
}

/** The content page layout (side navigation + article); the about page is its first use. */
export function ContentPage({ productName }: { productName: string }) {
  return (
    <div className="container content-layout">
      <nav className="side-nav" aria-label="About">
        <ul>
          <li>
            <a href="/about" aria-current="page">
              About the {productName}
            </a>
          </li>
          <li>
            <a href="/dashboard">Supplier dashboard</a>
          </li>
        </ul>
      </nav>
      <article className="content-layout__article">
        <h1>About the {productName}</h1>
        <p>
          The {productName} is the government&apos;s procurement portal. It lists suppliers that have been assessed and
          approved to provide services to agencies, grouped into sales channels and catalogues.
        </p>
        <h2>For suppliers</h2>
        <p>
          Sign in to apply for the services you offer. The {productName} team assesses each application, and once your
          listings are published your business appears in the approved-suppliers directory. From your dashboard you
          report engagements and billing, keep your company details current and manage who in your business can use
          the portal.
        </p>
        <h2>For agencies</h2>
        <p>
          Agencies register to buy through the {productName}. Anyone can search the approved-suppliers directory by
          sales channel, catalogue and service, and download the results as a spreadsheet.
        </p>
      </article>
    </div>
  );
}

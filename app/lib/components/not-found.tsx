/** The not-found screen of a routed app: what happened and a way back. */
export function NotFound({ homeHref, homeLabel }: { homeHref: string; homeLabel: string }) {
  return (
    <div className="screen">
      <h1>Page not found</h1>
      <p>We could not find the page you were looking for. Check the address, or start again from a page you know.</p>
      <p>
        <a href={homeHref}>{homeLabel}</a>
      </p>
    </div>
  );
}

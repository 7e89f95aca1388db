/** The trail from the home page to the current page; the last item is the page itself. */
export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  href?: string;
}

export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol className="breadcrumbs__list">
        {items.map((item) => (
          <li key={`${item.href ?? 'current'}:${item.label}`} className="breadcrumbs__item">
            {item.href === undefined ? <span aria-current="page">{item.label}</span> : <a href={item.href}>{item.label}</a>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

import { isPlainClick } from './plain-click';

export const CLEAR_FILTERS_TEXT = 'Clear the search and filters';

/**
 * Under 'No results found': a way back to every approved supplier. A link to the page without a
 * query (so it also opens in a new tab); a plain click clears the keyword and filters in place.
 */
export function ClearFiltersLink({ href, onClear }: { href: string; onClear: () => void }) {
  return (
    <p className="results-summary__clear">
      <a
        href={href}
        onClick={(event) => {
          if (isPlainClick(event)) {
            event.preventDefault();
            onClear();
          }
        }}
      >
        {CLEAR_FILTERS_TEXT}
      </a>{' '}
      to see all approved suppliers.
    </p>
  );
}

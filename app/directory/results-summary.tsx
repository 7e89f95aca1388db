import { describeFilters, type FilterTitles } from './directory-filters';

export const NO_FILTERS_MESSAGE = 'Choose categories above to personalise your results';
export const NO_RESULTS_MESSAGE = 'No results found';

/** Spec §2 texts: 'Results are filtered by {filters}' and '{n} results below' ('1 result below' for one). */
export function describeResultCount(total: number): string {
  if (total === 0) {
    return NO_RESULTS_MESSAGE;
  }
  return total === 1 ? '1 result below' : `${total} results below`;
}

/** What the shown results were filtered by, and how many there are (announced when it changes). */
export function ResultsSummary({ titles, total }: { titles: FilterTitles; total: number }) {
  const filters = describeFilters(titles);
  return (
    <div className="results-summary">
      <p className="results-summary__filters">{filters === '' ? NO_FILTERS_MESSAGE : `Results are filtered by ${filters}`}</p>
      <p className="results-summary__count" role="status" aria-atomic="true">
        {describeResultCount(total)}
      </p>
    </div>
  );
}

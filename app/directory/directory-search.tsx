import { useEffect, useId, useRef, type SubmitEvent } from 'react';
import type { DirectorySettings } from '../../common/api/directory';
import { isSearchableKeyword } from '../../common/directory';
import { LoadingState } from '../lib/components/loading-state';
import { ClearFiltersLink } from './clear-filters-link';
import { NO_FILTERS, areFiltersEqual, toSearchKeyword } from './directory-filters';
import { DownloadLink } from './download-link';
import { FilterSelects } from './filter-selects';
import { KeywordCombobox } from './keyword-combobox';
import { ResultsPagination } from './results-pagination';
import { ResultsSummary } from './results-summary';
import { SupplierResultList } from './supplier-result-list';
import { useDirectorySearch } from './use-directory-search';

/**
 * The approved-suppliers directory (spec §2): the search form, then the results. The page's h1
 * comes from the server above the app.
 */
export function DirectorySearch({ settings }: { settings: DirectorySettings }) {
  const { state, suggestions, availableSuggestions, answer, addressFor, actions } = useDirectorySearch(settings);
  const headingId = useId();
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);
  const keywordRef = useRef<HTMLInputElement>(null);
  useErrorTitle(state.isKeywordTooShort);

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // A keyword the search refuses: back to the box (from the Search button), where its error is read with it.
    if (!isSearchableKeyword(toSearchKeyword(state.keywordInput)) && document.activeElement !== keywordRef.current) {
      keywordRef.current?.focus();
    }
    actions.submitKeyword();
  }

  function handleClearFilters() {
    actions.clearFilters();
    // The link goes with 'No results found'; reading goes on at the top of the results.
    resultsHeadingRef.current?.focus();
  }

  function handlePageChange(page: number) {
    actions.choosePage(page);
    // Start reading the new page from its top.
    resultsHeadingRef.current?.focus();
  }

  const pageCount = answer ? Math.ceil(answer.response.total / Math.max(1, answer.response.pageSize)) : 0;
  const hasFilters = answer !== null && !areFiltersEqual({ ...answer.filters, page: 1 }, NO_FILTERS);

  return (
    <div className="directory">
      <form className="directory-search" role="search" aria-label="Approved suppliers" noValidate onSubmit={handleSubmit}>
        <KeywordCombobox
          value={state.keywordInput}
          suggestions={suggestions}
          availableSuggestions={availableSuggestions}
          isTooShort={state.isKeywordTooShort}
          onType={actions.typeKeyword}
          onOpen={actions.openSuggestions}
          onClose={actions.closeSuggestions}
          onPick={actions.pickSuggestion}
          inputRef={keywordRef}
        />
        <FilterSelects
          tree={settings.channels}
          filters={state.filters}
          onChannelChange={actions.chooseChannel}
          onCatalogueChange={actions.chooseCatalogue}
          onServiceChange={actions.chooseService}
        />
      </form>

      <section className="directory-results" aria-labelledby={headingId} aria-busy={state.isSearching}>
        <h2 id={headingId} className="directory-results__heading" ref={resultsHeadingRef} tabIndex={-1}>
          Search results
        </h2>
        {state.isSearching && <LoadingState label="Searching…" />}
        {answer && (
          <>
            <div className="directory-results__header">
              <div>
                <ResultsSummary titles={answer.titles} total={answer.response.total} />
                {answer.response.total === 0 && hasFilters && (
                  <ClearFiltersLink href={addressFor(NO_FILTERS)} onClear={handleClearFilters} />
                )}
              </div>
              {answer.response.total > 0 && (
                <DownloadLink
                  href={answer.exportUrl}
                  fileName={answer.exportFileName}
                  isDownloading={state.isDownloading}
                  hasFailed={state.hasDownloadFailed}
                  onDownload={actions.download}
                />
              )}
            </div>
            <SupplierResultList results={answer.response.results} />
            <ResultsPagination
              page={answer.response.page}
              pageCount={pageCount}
              hrefFor={(page) => addressFor({ ...answer.filters, page })}
              onPageChange={handlePageChange}
            />
          </>
        )}
      </section>
    </div>
  );
}

/** GOV.UK's error pattern: while the page shows an error, its title starts with 'Error: '. */
function useErrorTitle(hasError: boolean): void {
  useEffect(() => {
    if (!hasError) {
      return;
    }
    const title = document.title;
    document.title = `Error: ${title}`;
    return () => {
      document.title = title;
    };
  }, [hasError]);
}

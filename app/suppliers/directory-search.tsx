import { useId, useRef, type SubmitEvent } from 'react';
import type { DirectorySettings } from '../../common/api/directory';
import { LoadingState } from '../lib/components/loading-state';
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

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    actions.submitKeyword();
  }

  function handlePageChange(page: number) {
    actions.choosePage(page);
    // Start reading the new page from its top.
    resultsHeadingRef.current?.focus();
  }

  const pageCount = answer ? Math.ceil(answer.response.total / Math.max(1, answer.response.pageSize)) : 0;

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
              <ResultsSummary titles={answer.titles} total={answer.response.total} />
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

/**
 * The directory's behaviour (spec §4, §5, §8, §9) around the pure reducer in directory-state.ts:
 * the keyword debounce, running searches one at a time, the CSV download, and keeping the page's
 * address in step with the filters so a search can be shared and Back restores the previous one.
 */
import { startTransition, useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DirectorySettings, ServiceSuggestion } from '../../common/api/directory';
import { DIRECTORY_SEARCH_DEBOUNCE_MS } from '../../common/constants';
import { saveBlob } from '../lib/save-blob';
import { directoryQueryKeys, fetchDirectoryCsv, searchDirectory } from './directory-api';
import {
  buildExportUrl,
  exportFileName,
  filtersToQuery,
  readFiltersFromQuery,
  resolveFilterTitles,
  toSearchRequest,
  type DirectoryFilters,
  type FilterTitles,
} from './directory-filters';
import {
  availableSuggestions,
  createInitialState,
  directoryReducer,
  shouldStartSearch,
  visibleSuggestions,
  type DirectoryAnswer,
  type DirectoryState,
  type HistoryEntry,
} from './directory-state';

/** Going Back to a search shown a moment ago shows its answer without asking again. */
const SEARCH_STALE_MS = 60_000;

function currentAddress(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

export interface DirectoryAnswerView extends DirectoryAnswer {
  titles: FilterTitles;
  exportUrl: string;
  exportFileName: string;
}

export interface DirectorySearchActions {
  typeKeyword: (text: string) => void;
  submitKeyword: () => void;
  chooseChannel: (channel: number | null) => void;
  chooseCatalogue: (catalogue: number | null) => void;
  chooseService: (service: number | null) => void;
  pickSuggestion: (suggestion: ServiceSuggestion) => void;
  openSuggestions: () => void;
  closeSuggestions: () => void;
  choosePage: (page: number) => void;
  /** Clears the keyword and every filter: all approved suppliers. */
  clearFilters: () => void;
  /** Downloads the CSV of the shown answer's filters (ignored while one is in progress). */
  download: () => void;
}

export interface DirectorySearch {
  state: DirectoryState;
  /** The suggestions shown now, and those ArrowDown would show. */
  suggestions: readonly ServiceSuggestion[];
  availableSuggestions: readonly ServiceSuggestion[];
  /** The latest answer with what the summary and download need; null before the first. */
  answer: DirectoryAnswerView | null;
  /** The page's address for `filters` (for pagination links). */
  addressFor: (filters: DirectoryFilters) => string;
  actions: DirectorySearchActions;
}

export function useDirectorySearch(settings: DirectorySettings): DirectorySearch {
  const { channels: tree, formAction, exportAction } = settings;
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(directoryReducer, tree, (channels) =>
    createInitialState(readFiltersFromQuery(window.location.search, channels)),
  );

  // Spec §9 debounce: the keyword rule is checked 300 ms after the last keystroke.
  useEffect(() => {
    const timer = setTimeout(() => {
      dispatch({ type: 'keywordSettled' });
    }, DIRECTORY_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [state.keywordInput]);

  // One search at a time (see directory-state.ts): start the latest wanted search once the way is clear.
  // The ref keeps React's development double-run of effects from starting the same search twice.
  const startedSearchRef = useRef(0);
  useEffect(() => {
    if (!shouldStartSearch(state) || startedSearchRef.current >= state.requestedSearch) {
      return;
    }
    const search = state.requestedSearch;
    const { filters } = state;
    startedSearchRef.current = search;
    dispatch({ type: 'searchStarted', search });
    const request = toSearchRequest(filters);
    queryClient
      .query({
        queryKey: directoryQueryKeys.search(formAction, request),
        queryFn: ({ signal }) => searchDirectory(formAction, request, signal),
        staleTime: SEARCH_STALE_MS,
        retry: false,
      })
      .then(
        (response) => {
          // A page of results is drawn in slices (a transition), so typing and scrolling stay responsive.
          startTransition(() => {
            dispatch({ type: 'searchSucceeded', search, filters, response });
          });
        },
        () => {
          // Spec §8: silently, the answer becomes empty and 'No results found' shows.
          startTransition(() => {
            dispatch({ type: 'searchFailed', search, filters });
          });
        },
      );
  }, [state, queryClient, formAction]);

  // The address follows the filters. Each choice is a new history entry; typing is one entry per
  // run of keystrokes (the first settled keyword pushes, the next ones replace it), so Back goes to
  // the search before the typing rather than through every word typed.
  const lastHistoryEntryRef = useRef<HistoryEntry>('none');
  useEffect(() => {
    const entry = state.historyEntry;
    if (entry === 'none') {
      lastHistoryEntryRef.current = 'none';
      return;
    }
    const address = `${window.location.pathname}${filtersToQuery(state.filters)}${window.location.hash}`;
    if (address === currentAddress()) {
      return;
    }
    if (entry === 'replace' || (entry === 'typing' && lastHistoryEntryRef.current === 'typing')) {
      window.history.replaceState(window.history.state, '', address);
    } else {
      window.history.pushState(null, '', address);
    }
    lastHistoryEntryRef.current = entry;
  }, [state.filters, state.historyEntry]);

  // Back and Forward restore the search of that address.
  useEffect(() => {
    const restore = () => {
      dispatch({ type: 'addressRestored', filters: readFiltersFromQuery(window.location.search, tree) });
    };
    window.addEventListener('popstate', restore);
    return () => {
      window.removeEventListener('popstate', restore);
    };
  }, [tree]);

  const answer = useMemo<DirectoryAnswerView | null>(() => {
    if (!state.answer) {
      return null;
    }
    const titles = resolveFilterTitles(state.answer.filters, tree);
    return {
      ...state.answer,
      titles,
      exportUrl: buildExportUrl(exportAction, state.answer.filters),
      exportFileName: exportFileName(titles),
    };
  }, [state.answer, tree, exportAction]);

  const isDownloadingRef = useRef(false);
  const download = useCallback(() => {
    if (!answer || isDownloadingRef.current) {
      return;
    }
    isDownloadingRef.current = true;
    dispatch({ type: 'downloadStarted' });
    const { exportUrl, exportFileName: fileName } = answer;
    void fetchDirectoryCsv(exportUrl)
      .then(
        (file) => {
          saveBlob(file, fileName);
          return false;
        },
        () => true,
      )
      .then((hasFailed) => {
        isDownloadingRef.current = false;
        dispatch({ type: 'downloadFinished', hasFailed });
      });
  }, [answer]);

  const actions = useMemo<DirectorySearchActions>(
    () => ({
      typeKeyword: (text) => {
        dispatch({ type: 'keywordTyped', text });
      },
      submitKeyword: () => {
        dispatch({ type: 'keywordSubmitted' });
      },
      chooseChannel: (channel) => {
        dispatch({ type: 'channelChosen', channel });
      },
      chooseCatalogue: (catalogue) => {
        dispatch({ type: 'catalogueChosen', catalogue });
      },
      chooseService: (service) => {
        dispatch({ type: 'serviceChosen', service });
      },
      pickSuggestion: (suggestion) => {
        dispatch({ type: 'suggestionPicked', suggestion });
      },
      openSuggestions: () => {
        dispatch({ type: 'suggestionsOpened' });
      },
      closeSuggestions: () => {
        dispatch({ type: 'suggestionsClosed' });
      },
      choosePage: (page) => {
        dispatch({ type: 'pageChosen', page });
      },
      clearFilters: () => {
        dispatch({ type: 'filtersCleared' });
      },
      download,
    }),
    [download],
  );

  const addressFor = useCallback((filters: DirectoryFilters) => `${window.location.pathname}${filtersToQuery(filters)}`, []);

  return {
    state,
    suggestions: visibleSuggestions(state),
    availableSuggestions: availableSuggestions(state),
    answer,
    addressFor,
    actions,
  };
}

/**
 * The directory's state and every change to it (spec §4 "Directory"), as a pure reducer so each rule
 * is tested without a browser. `useDirectorySearch` runs the searches and keeps the address in step.
 *
 * Searches are numbered: each user action that asks for one bumps `requestedSearch`, and a search
 * starts only when none is running and no download is in progress (spec §4: a search is ignored
 * meanwhile). What the user asked for in the meantime is not lost: the filters hold the latest
 * intent, so when the running search (or download) ends, one more search runs with them. Several
 * changes during one search coalesce into that one follow-up search.
 */
import type { DirectorySearchResponse, ServiceSuggestion } from '../../common/api/directory';
import { isSearchableKeyword, shouldSearchTypedKeyword, DIRECTORY_PAGE_SIZE } from '../../common/directory';
import { NO_FILTERS, areFiltersEqual, toSearchKeyword, type DirectoryFilters } from './directory-filters';

/** How a change of filters goes into the browser history: a new entry, in place, as part of typing, or not at all. */
export type HistoryEntry = 'push' | 'replace' | 'typing' | 'none';

/** A search's filters and the answer they got (an empty answer when the search failed, spec §8). */
export interface DirectoryAnswer {
  filters: DirectoryFilters;
  response: DirectorySearchResponse;
}

export interface DirectoryState {
  /** What the user asks for now: the next search uses these. */
  filters: DirectoryFilters;
  /** The text in the search box (searched only once it passes the keyword rule). */
  keywordInput: string;
  /**
   * The user submitted a keyword too short to search (1 character): say why nothing was searched.
   * Until the next search no answer shows, so no results of an earlier search sit under the error.
   */
  isKeywordTooShort: boolean;
  requestedSearch: number;
  startedSearch: number;
  isSearching: boolean;
  isDownloading: boolean;
  /** The latest download did not complete. */
  hasDownloadFailed: boolean;
  /** The latest answer, shown until the next one arrives; null before the first. */
  answer: DirectoryAnswer | null;
  historyEntry: HistoryEntry;
  areSuggestionsOpen: boolean;
  /** The latest search came from the keyword, so its answer's suggestions open. */
  opensSuggestions: boolean;
}

export type DirectoryAction =
  | { type: 'keywordTyped'; text: string }
  | { type: 'keywordSettled' }
  | { type: 'keywordSubmitted' }
  | { type: 'channelChosen'; channel: number | null }
  | { type: 'catalogueChosen'; catalogue: number | null }
  | { type: 'serviceChosen'; service: number | null }
  | { type: 'suggestionPicked'; suggestion: ServiceSuggestion }
  | { type: 'suggestionsOpened' }
  | { type: 'suggestionsClosed' }
  | { type: 'pageChosen'; page: number }
  | { type: 'filtersCleared' }
  | { type: 'addressRestored'; filters: DirectoryFilters }
  | { type: 'searchStarted'; search: number }
  | { type: 'searchSucceeded'; search: number; filters: DirectoryFilters; response: DirectorySearchResponse }
  | { type: 'searchFailed'; search: number; filters: DirectoryFilters }
  | { type: 'downloadStarted' }
  | { type: 'downloadFinished'; hasFailed: boolean };

export function createInitialState(filters: DirectoryFilters = NO_FILTERS): DirectoryState {
  return {
    filters,
    keywordInput: filters.keyword,
    isKeywordTooShort: false,
    // The first render asks for the search of the address it opened with.
    requestedSearch: 1,
    startedSearch: 0,
    isSearching: false,
    isDownloading: false,
    hasDownloadFailed: false,
    answer: null,
    historyEntry: 'none',
    areSuggestionsOpen: false,
    opensSuggestions: false,
  };
}

/** Asks for a search with `filters`, recorded in history as `historyEntry`. */
function requestSearch(
  state: DirectoryState,
  filters: DirectoryFilters,
  historyEntry: HistoryEntry,
  opensSuggestions = false,
): DirectoryState {
  return {
    ...state,
    filters,
    requestedSearch: state.requestedSearch + 1,
    historyEntry,
    opensSuggestions,
    areSuggestionsOpen: false,
    isKeywordTooShort: false,
  };
}

function emptyResponse(filters: DirectoryFilters): DirectorySearchResponse {
  return { results: [], services: [], total: 0, page: filters.page, pageSize: DIRECTORY_PAGE_SIZE };
}

/** The suggestions the answer offers: only with services and a keyword (spec §4). */
export function availableSuggestions(state: DirectoryState): readonly ServiceSuggestion[] {
  const { answer } = state;
  if (!answer || answer.filters.keyword === '' || state.keywordInput.trim() === '') {
    return [];
  }
  return answer.response.services;
}

/** The suggestions on screen now. */
export function visibleSuggestions(state: DirectoryState): readonly ServiceSuggestion[] {
  return state.areSuggestionsOpen ? availableSuggestions(state) : [];
}

/** A search is wanted and may start: none is running and no download is in progress. */
export function shouldStartSearch(state: DirectoryState): boolean {
  return !state.isSearching && !state.isDownloading && state.requestedSearch > state.startedSearch;
}

export function directoryReducer(state: DirectoryState, action: DirectoryAction): DirectoryState {
  switch (action.type) {
    case 'keywordTyped':
      // A 'too short' error stays until the next search, as an error stays until the form is sent again.
      return {
        ...state,
        keywordInput: action.text,
        areSuggestionsOpen: action.text.trim() === '' ? false : state.areSuggestionsOpen,
      };

    case 'keywordSettled': {
      // Spec §5: the typed text searches once longer than 3 characters, or once it has become empty.
      const keyword = toSearchKeyword(state.keywordInput);
      if (!shouldSearchTypedKeyword(keyword) || (keyword === state.filters.keyword && !state.isKeywordTooShort)) {
        return state;
      }
      return requestSearch(state, { ...state.filters, keyword, page: 1 }, 'typing', true);
    }

    case 'keywordSubmitted': {
      // Search or Enter searches from 2 characters (IT, HR, UX); a shorter keyword is refused and
      // the answer of the previous search goes, so its results and filters do not read as this one's.
      const keyword = toSearchKeyword(state.keywordInput);
      if (!isSearchableKeyword(keyword)) {
        return { ...state, isKeywordTooShort: true, areSuggestionsOpen: false, answer: null };
      }
      return requestSearch(state, { ...state.filters, keyword, page: 1 }, 'push', true);
    }

    // 'No results found' offers to start again: no keyword, no filters, every approved supplier.
    case 'filtersCleared':
      return { ...requestSearch(state, NO_FILTERS, 'push'), keywordInput: '' };

    // Spec §4: choosing a channel clears catalogue and service; choosing a catalogue clears service.
    case 'channelChosen':
      return requestSearch(state, { ...state.filters, channel: action.channel, catalogue: null, service: null, page: 1 }, 'push');

    case 'catalogueChosen':
      if (state.filters.channel === null) {
        return state;
      }
      return requestSearch(state, { ...state.filters, catalogue: action.catalogue, service: null, page: 1 }, 'push');

    case 'serviceChosen':
      if (state.filters.catalogue === null) {
        return state;
      }
      return requestSearch(state, { ...state.filters, service: action.service, page: 1 }, 'push');

    case 'suggestionPicked': {
      const { suggestion } = action;
      return requestSearch(
        state,
        { ...state.filters, channel: suggestion.catalogue.channel.id, catalogue: suggestion.catalogue.id, service: suggestion.id, page: 1 },
        'push',
      );
    }

    case 'suggestionsOpened':
      return availableSuggestions(state).length > 0 ? { ...state, areSuggestionsOpen: true } : state;

    case 'suggestionsClosed':
      return state.areSuggestionsOpen ? { ...state, areSuggestionsOpen: false } : state;

    case 'pageChosen':
      return requestSearch(state, { ...state.filters, page: Math.max(1, action.page) }, 'push');

    case 'addressRestored':
      // A popstate that leaves the filters as they are (a jump to an in-page #fragment) changes nothing.
      if (areFiltersEqual(action.filters, state.filters)) {
        return state;
      }
      return { ...requestSearch(state, action.filters, 'none'), keywordInput: action.filters.keyword };

    case 'searchStarted':
      return { ...state, isSearching: true, startedSearch: action.search };

    case 'searchSucceeded': {
      const { response, filters } = action;
      if (state.isKeywordTooShort) {
        // Refused while this search ran: its answer is of the earlier keyword, so it does not show.
        return { ...state, isSearching: false };
      }
      const next: DirectoryState = {
        ...state,
        isSearching: false,
        answer: { filters, response },
        areSuggestionsOpen: state.opensSuggestions && action.search === state.requestedSearch && response.services.length > 0,
      };
      // An address past the last page (results removed since it was shared): show the last page instead.
      const lastPage = Math.max(1, Math.ceil(response.total / Math.max(1, response.pageSize)));
      if (action.search === state.requestedSearch && response.results.length === 0 && filters.page > lastPage) {
        return requestSearch(next, { ...filters, page: lastPage }, 'replace');
      }
      return next;
    }

    case 'searchFailed':
      // Spec §8: a failed search empties results and suggestions silently, so 'No results found' shows.
      return {
        ...state,
        isSearching: false,
        answer: state.isKeywordTooShort ? null : { filters: action.filters, response: emptyResponse(action.filters) },
        areSuggestionsOpen: false,
      };

    case 'downloadStarted':
      return { ...state, isDownloading: true, hasDownloadFailed: false };

    case 'downloadFinished':
      return { ...state, isDownloading: false, hasDownloadFailed: action.hasFailed };
  }
}

import { describe, expect, it } from 'vitest';
import { NO_FILTERS, type DirectoryFilters } from './directory-filters';
import {
  availableSuggestions,
  createInitialState,
  directoryReducer,
  shouldStartSearch,
  visibleSuggestions,
  type DirectoryAction,
  type DirectoryState,
} from './directory-state';
import { buildResponse, buildSuggestion, cloudSuggestions } from './directory-test-data';

function reduce(state: DirectoryState, ...actions: DirectoryAction[]): DirectoryState {
  return actions.reduce(directoryReducer, state);
}

/** A state whose first search has run and been answered. */
function answered(filters: DirectoryFilters = NO_FILTERS): DirectoryState {
  return reduce(
    createInitialState(filters),
    { type: 'searchStarted', search: 1 },
    { type: 'searchSucceeded', search: 1, filters, response: buildResponse() },
  );
}

describe('directoryReducer', () => {
  it('asks for the search of the address it opened with', () => {
    const state = createInitialState({ ...NO_FILTERS, keyword: 'cloud' });
    expect(state.keywordInput).toBe('cloud');
    expect(shouldStartSearch(state)).toBe(true);
  });

  it('searches a settled keyword only when longer than 3 characters or emptied (spec §5)', () => {
    const start = answered();
    const three = reduce(start, { type: 'keywordTyped', text: 'clo' }, { type: 'keywordSettled' });
    expect(three.requestedSearch).toBe(start.requestedSearch);
    expect(three.filters.keyword).toBe('');

    const four = reduce(three, { type: 'keywordTyped', text: ' clou ' }, { type: 'keywordSettled' });
    expect(four.requestedSearch).toBe(start.requestedSearch + 1);
    expect(four.filters.keyword).toBe('clou');
    expect(four.historyEntry).toBe('typing');

    const same = reduce(four, { type: 'keywordTyped', text: 'clou  ' }, { type: 'keywordSettled' });
    expect(same.requestedSearch).toBe(four.requestedSearch);

    const emptied = reduce(four, { type: 'keywordTyped', text: '' }, { type: 'keywordSettled' });
    expect(emptied.requestedSearch).toBe(four.requestedSearch + 1);
    expect(emptied.filters.keyword).toBe('');
  });

  it('waits for more than 3 typed characters, but searches 2 or more on Search or Enter (IT, HR, UX)', () => {
    const start = answered();
    const typed = reduce(start, { type: 'keywordTyped', text: 'IT' }, { type: 'keywordSettled' });
    expect(typed.requestedSearch).toBe(start.requestedSearch);

    for (const keyword of ['IT', 'hr', ' UX ', 'EAP', 'SOC']) {
      const submitted = reduce(start, { type: 'keywordTyped', text: keyword }, { type: 'keywordSubmitted' });
      expect(submitted.isKeywordTooShort, keyword).toBe(false);
      expect(submitted.requestedSearch, keyword).toBe(start.requestedSearch + 1);
      expect(submitted.filters.keyword, keyword).toBe(keyword.trim());
      expect(submitted.historyEntry, keyword).toBe('push');
    }
  });

  it('refuses a submitted keyword of 1 character, and drops the previous answer so nothing stale shows', () => {
    const start = answered({ ...NO_FILTERS, channel: 1, keyword: 'cloud' });
    expect(start.answer).not.toBeNull();
    const short = reduce(start, { type: 'keywordTyped', text: ' a ' }, { type: 'keywordSubmitted' });
    expect(short.isKeywordTooShort).toBe(true);
    expect(short.answer).toBeNull();
    expect(short.requestedSearch).toBe(start.requestedSearch);

    // The error stays while the user corrects the text, and goes with the next search.
    const typing = reduce(short, { type: 'keywordTyped', text: 'IT' });
    expect(typing.isKeywordTooShort).toBe(true);
    const submitted = reduce(typing, { type: 'keywordSubmitted' });
    expect(submitted.isKeywordTooShort).toBe(false);
    expect(submitted.requestedSearch).toBe(start.requestedSearch + 1);

    // Typing back the keyword of the dropped answer searches it again once settled.
    const retyped = reduce(short, { type: 'keywordTyped', text: 'cloud' }, { type: 'keywordSettled' });
    expect(retyped.requestedSearch).toBe(start.requestedSearch + 1);
    expect(retyped.isKeywordTooShort).toBe(false);
  });

  it('does not show the answer of a search that was running when a keyword was refused', () => {
    const running = reduce(answered(), { type: 'channelChosen', channel: 1 }, { type: 'searchStarted', search: 2 });
    const refused = reduce(running, { type: 'keywordTyped', text: 'x' }, { type: 'keywordSubmitted' });
    const arrived = reduce(refused, { type: 'searchSucceeded', search: 2, filters: running.filters, response: buildResponse() });
    expect(arrived.isSearching).toBe(false);
    expect(arrived.answer).toBeNull();
    const failed = reduce(refused, { type: 'searchFailed', search: 2, filters: running.filters });
    expect(failed.answer).toBeNull();
  });

  it('clears the keyword and every filter in one search, for all approved suppliers', () => {
    const start = answered({ channel: 1, catalogue: 11, service: 111, keyword: 'zzzz', page: 2 });
    const cleared = reduce(start, { type: 'filtersCleared' });
    expect(cleared.filters).toEqual(NO_FILTERS);
    expect(cleared.keywordInput).toBe('');
    expect(cleared.requestedSearch).toBe(start.requestedSearch + 1);
    expect(cleared.historyEntry).toBe('push');
  });

  it('clears catalogue and service on a channel, and service on a catalogue (spec §4)', () => {
    const start = answered({ channel: 1, catalogue: 11, service: 111, keyword: 'cloud', page: 2 });
    const channel = reduce(start, { type: 'channelChosen', channel: 2 });
    expect(channel.filters).toEqual({ channel: 2, catalogue: null, service: null, keyword: 'cloud', page: 1 });
    const catalogue = reduce(start, { type: 'catalogueChosen', catalogue: 12 });
    expect(catalogue.filters).toEqual({ channel: 1, catalogue: 12, service: null, keyword: 'cloud', page: 1 });
    expect(reduce(answered(), { type: 'catalogueChosen', catalogue: 12 }).filters.catalogue).toBeNull();
    expect(reduce(answered(), { type: 'serviceChosen', service: 111 }).filters.service).toBeNull();
  });

  it('starts no search while one runs or a download is in progress, then runs the latest (spec §4)', () => {
    let state = reduce(createInitialState(), { type: 'searchStarted', search: 1 });
    state = reduce(state, { type: 'channelChosen', channel: 1 }, { type: 'catalogueChosen', catalogue: 11 });
    expect(shouldStartSearch(state)).toBe(false);
    state = reduce(state, { type: 'searchSucceeded', search: 1, filters: NO_FILTERS, response: buildResponse() });
    // One follow-up search, with both changes.
    expect(shouldStartSearch(state)).toBe(true);
    expect(state.requestedSearch).toBe(3);
    expect(state.filters).toMatchObject({ channel: 1, catalogue: 11 });

    state = reduce(state, { type: 'downloadStarted' });
    expect(shouldStartSearch(state)).toBe(false);
    state = reduce(state, { type: 'downloadFinished', hasFailed: false });
    expect(shouldStartSearch(state)).toBe(true);
    state = reduce(state, { type: 'searchStarted', search: 3 });
    expect(shouldStartSearch(state)).toBe(false);
  });

  it('opens suggestions for a keyword search whose answer has services, and only then (spec §4)', () => {
    const keyword = { ...NO_FILTERS, keyword: 'cloud' };
    let state = reduce(answered(), { type: 'keywordTyped', text: 'cloud' }, { type: 'keywordSettled' }, { type: 'searchStarted', search: 2 });
    state = reduce(state, { type: 'searchSucceeded', search: 2, filters: keyword, response: buildResponse({ services: cloudSuggestions }) });
    expect(visibleSuggestions(state)).toEqual(cloudSuggestions);

    // No services: nothing to show.
    let none = reduce(answered(), { type: 'keywordTyped', text: 'cloud' }, { type: 'keywordSettled' }, { type: 'searchStarted', search: 2 });
    none = reduce(none, { type: 'searchSucceeded', search: 2, filters: keyword, response: buildResponse({ services: [] }) });
    expect(visibleSuggestions(none)).toEqual([]);

    // An empty keyword: services in the answer are not suggested.
    let empty = reduce(answered(), { type: 'keywordSubmitted' }, { type: 'searchStarted', search: 2 });
    empty = reduce(empty, { type: 'searchSucceeded', search: 2, filters: NO_FILTERS, response: buildResponse({ services: cloudSuggestions }) });
    expect(availableSuggestions(empty)).toEqual([]);
    expect(visibleSuggestions(empty)).toEqual([]);

    // A dropdown's search keeps the list closed, though ArrowDown could open it.
    let channel = reduce(state, { type: 'suggestionsClosed' }, { type: 'channelChosen', channel: 1 }, { type: 'searchStarted', search: 3 });
    channel = reduce(channel, {
      type: 'searchSucceeded',
      search: 3,
      filters: { ...keyword, channel: 1 },
      response: buildResponse({ services: cloudSuggestions }),
    });
    expect(visibleSuggestions(channel)).toEqual([]);
    expect(visibleSuggestions(reduce(channel, { type: 'suggestionsOpened' }))).toEqual(cloudSuggestions);

    // Emptying the box closes the list at once.
    expect(visibleSuggestions(reduce(state, { type: 'keywordTyped', text: '' }))).toEqual([]);
  });

  it('sets the three filters from a picked suggestion, asks for a search and closes the list', () => {
    const start = { ...answered({ ...NO_FILTERS, keyword: 'cloud' }), areSuggestionsOpen: true };
    const picked = reduce(start, { type: 'suggestionPicked', suggestion: buildSuggestion() });
    expect(picked.filters).toEqual({ channel: 1, catalogue: 11, service: 112, keyword: 'cloud', page: 1 });
    expect(picked.requestedSearch).toBe(start.requestedSearch + 1);
    expect(picked.areSuggestionsOpen).toBe(false);
    expect(picked.historyEntry).toBe('push');
  });

  it('empties the answer and suggestions silently when a search fails (spec §8)', () => {
    const filters = { ...NO_FILTERS, keyword: 'cloud' };
    let state = { ...answered(filters), areSuggestionsOpen: true };
    state = reduce(state, { type: 'pageChosen', page: 2 }, { type: 'searchStarted', search: 2 });
    state = reduce(state, { type: 'searchFailed', search: 2, filters: { ...filters, page: 2 } });
    expect(state.isSearching).toBe(false);
    expect(state.answer?.response).toMatchObject({ results: [], services: [], total: 0 });
    expect(visibleSuggestions(state)).toEqual([]);
  });

  it('moves an address past the last page to the last page', () => {
    const filters = { ...NO_FILTERS, page: 9 };
    let state = reduce(createInitialState(filters), { type: 'searchStarted', search: 1 });
    state = reduce(state, { type: 'searchSucceeded', search: 1, filters, response: buildResponse({ results: [], total: 34, page: 9 }) });
    expect(state.filters.page).toBe(2);
    expect(state.historyEntry).toBe('replace');
    expect(shouldStartSearch(state)).toBe(true);
  });

  it('restores the filters and the search box from the address, without a new history entry', () => {
    const restored = reduce(answered(), { type: 'addressRestored', filters: { ...NO_FILTERS, channel: 2, keyword: 'policy' } });
    expect(restored.filters).toMatchObject({ channel: 2, keyword: 'policy' });
    expect(restored.keywordInput).toBe('policy');
    expect(restored.historyEntry).toBe('none');
    expect(shouldStartSearch(restored)).toBe(true);

    const unchanged = answered();
    expect(reduce(unchanged, { type: 'addressRestored', filters: NO_FILTERS })).toBe(unchanged);
  });

  it('remembers a failed download until the next one starts', () => {
    const failed = reduce(answered(), { type: 'downloadStarted' }, { type: 'downloadFinished', hasFailed: true });
    expect(failed.hasDownloadFailed).toBe(true);
    expect(reduce(failed, { type: 'downloadStarted' }).hasDownloadFailed).toBe(false);
  });
});

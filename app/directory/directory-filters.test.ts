// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  NO_FILTERS,
  buildExportUrl,
  describeFilters,
  exportFileName,
  filtersToQuery,
  readFiltersFromQuery,
  resolveFilterTitles,
  toSearchRequest,
} from './directory-filters';
import { testTree } from './directory-test-data';

describe('the directory filters', () => {
  it('read from and write to the address', () => {
    const filters = readFiltersFromQuery('?keyword=cloud%20hosting&channel=1&catalogue=11&service=112&page=2', testTree);
    expect(filters).toEqual({ channel: 1, catalogue: 11, service: 112, keyword: 'cloud hosting', page: 2 });
    expect(filtersToQuery(filters)).toBe('?keyword=cloud+hosting&channel=1&catalogue=11&service=112&page=2');
    expect(filtersToQuery(NO_FILTERS)).toBe('');
    expect(readFiltersFromQuery('', testTree)).toEqual(NO_FILTERS);
  });

  it('drop what the tree does not hold, a short keyword and a bad page', () => {
    expect(readFiltersFromQuery('?channel=9&catalogue=11&service=111', testTree)).toEqual(NO_FILTERS);
    expect(readFiltersFromQuery('?channel=2&catalogue=11', testTree)).toEqual({ ...NO_FILTERS, channel: 2 });
    expect(readFiltersFromQuery('?channel=1&catalogue=11&service=211', testTree)).toEqual({ ...NO_FILTERS, channel: 1, catalogue: 11 });
    expect(readFiltersFromQuery('?keyword=a&page=-1&channel=1.5', testTree)).toEqual(NO_FILTERS);
    // A keyword searched with the Search button (2 or more characters) opens from a shared address.
    expect(readFiltersFromQuery('?keyword=IT', testTree)).toEqual({ ...NO_FILTERS, keyword: 'IT' });
    expect(readFiltersFromQuery('?page=99999', testTree).page).toBe(10_000);
  });

  it('become the search payload with the page size', () => {
    expect(toSearchRequest({ ...NO_FILTERS, channel: 1, keyword: 'cloud' })).toEqual({
      channel: 1,
      catalogue: null,
      service: null,
      keyword: 'cloud',
      page: 1,
      pageSize: 20,
    });
  });

  it('are described by titles then the keyword in quotes; the titles name the CSV file', () => {
    const titles = resolveFilterTitles({ channel: 1, catalogue: 11, service: 112, keyword: 'Cloud', page: 1 }, testTree);
    expect(describeFilters(titles)).toBe('Digital and ICT, Cloud Services, Cloud migration, "Cloud"');
    expect(exportFileName(titles)).toBe('approved-suppliers-digital and ict-cloud services-cloud migration.csv');
    expect(exportFileName(resolveFilterTitles({ ...NO_FILTERS, keyword: 'cloud' }, testTree))).toBe('approved-suppliers.csv');
    const none = resolveFilterTitles(NO_FILTERS, testTree);
    expect(describeFilters(none)).toBe('');
    expect(exportFileName(none)).toBe('approved-suppliers.csv');
  });

  it('give the export address with the filters and without the page', () => {
    expect(buildExportUrl('/api/v1/directory/export.csv', { channel: 1, catalogue: 11, service: null, keyword: 'a&b c', page: 3 })).toBe(
      '/api/v1/directory/export.csv?channel=1&catalogue=11&keyword=a%26b+c',
    );
    expect(buildExportUrl('/api/v1/directory/export.csv', NO_FILTERS)).toBe('/api/v1/directory/export.csv');
  });
});

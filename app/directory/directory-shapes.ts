/**
 * The directory's checks of its embedded settings tree and of the search's answer (spec §8: an
 * answer of another shape is an error, not a broken page), without typebox: the directory is a
 * public page and typebox's validator would be a third of its script (bench/README.md).
 * directory-shapes.test.ts holds them to the schemas of common/api/directory.ts.
 */
import type {
  DirectorySearchResponse,
  DirectoryTree,
  IdTitle,
  ResultCatalogue,
  ResultService,
  ServiceSuggestion,
  SupplierSearchResult,
} from '../../common/api/directory';
import { arrayOf, isInteger, isString, nullOr, objectWith } from '../lib/shape-guards';

const isIdTitle = objectWith<IdTitle>({ id: isInteger, title: isString });
const isResultService = objectWith<ResultService>({ id: isInteger, title: isString, listingSlug: nullOr(isString) });

export const isDirectoryTree = arrayOf(
  objectWith<DirectoryTree[number]>({
    id: isInteger,
    title: isString,
    catalogues: arrayOf(objectWith<DirectoryTree[number]['catalogues'][number]>({ id: isInteger, title: isString, services: arrayOf(isIdTitle) })),
  }),
);

const isSupplierSearchResult = objectWith<SupplierSearchResult>({
  id: isInteger,
  title: isString,
  url: isString,
  channel: isString,
  catalogue: isString,
  services: arrayOf(isIdTitle),
  catalogues: arrayOf(objectWith<ResultCatalogue>({ id: isInteger, title: isString, channel: isString, services: arrayOf(isResultService) })),
});

const isServiceSuggestion = objectWith<ServiceSuggestion>({
  id: isInteger,
  title: isString,
  description: isString,
  catalogue: objectWith<ServiceSuggestion['catalogue']>({ id: isInteger, title: isString, channel: isIdTitle }),
});

export const isDirectorySearchResponse = objectWith<DirectorySearchResponse>({
  results: arrayOf(isSupplierSearchResult),
  services: arrayOf(isServiceSuggestion),
  total: isInteger,
  page: isInteger,
  pageSize: isInteger,
});

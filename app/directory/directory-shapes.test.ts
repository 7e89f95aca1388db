import { Value } from 'typebox/value';
import type { TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import { DirectorySearchResponseSchema, DirectoryTreeSchema } from '../../common/api/directory';
import { buildResponse, buildResult, buildSuggestion, cloudSuggestions, testTree } from './directory-test-data';
import { isDirectorySearchResponse, isDirectoryTree } from './directory-shapes';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Every variant of `value` with one thing wrong: each field in turn removed, or given a value of
 * another kind (a number where text goes, text or a fraction where a whole number goes, an object
 * where a list goes, null where an object goes).
 */
function withOneThingWrong(value: Json): Json[] {
  const wrongs: Json[] = [];
  const replaced = (wrong: Json[]) => wrongs.push(...wrong);
  if (typeof value === 'string') {
    replaced([7]);
  } else if (typeof value === 'number') {
    replaced(['7', 1.5]);
  } else if (Array.isArray(value)) {
    replaced([{}]);
    value.forEach((item, index) => {
      for (const wrongItem of withOneThingWrong(item)) {
        wrongs.push(value.map((other, otherIndex) => (otherIndex === index ? wrongItem : other)));
      }
    });
  } else if (value !== null && typeof value === 'object') {
    replaced([null, []]);
    for (const key of Object.keys(value)) {
      const { [key]: removed, ...rest } = value;
      wrongs.push(rest);
      for (const wrongField of withOneThingWrong(removed ?? null)) {
        wrongs.push({ ...value, [key]: wrongField });
      }
    }
  }
  return wrongs;
}

function expectAgreement(guard: (value: unknown) => boolean, schema: TSchema, valid: Json): void {
  expect(Value.Check(schema, valid)).toBe(true);
  expect(guard(valid)).toBe(true);
  const variants = withOneThingWrong(valid);
  expect(variants.length).toBeGreaterThan(10);
  for (const variant of variants) {
    expect(guard(variant), JSON.stringify(variant)).toBe(Value.Check(schema, variant));
  }
}

const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as Json;

describe('the directory’s shape checks agree with the schemas of common/api/directory.ts', () => {
  it('for the settings’ channel → catalogue → service tree', () => {
    expectAgreement(isDirectoryTree, DirectoryTreeSchema, asJson(testTree));
  });

  it('for the search’s answer, with results and suggestions', () => {
    const answer = buildResponse({ results: [buildResult(), buildResult({ id: 2, title: 'Harbourside' })], services: [buildSuggestion(), ...cloudSuggestions] });
    expectAgreement(isDirectorySearchResponse, DirectorySearchResponseSchema, asJson(answer));
  });

  it('for an answer with nothing found', () => {
    expectAgreement(isDirectorySearchResponse, DirectorySearchResponseSchema, asJson(buildResponse({ results: [], services: [], total: 0 })));
  });
});

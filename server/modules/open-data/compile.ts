/**
 * A record's compiled release: its releases merged in date order by OCDS's merge rules (objects
 * field by field; arrays of objects with an `id` item by item, by id; any other array replaced; a
 * null removes the field), tagged `compiled`.
 */
import type { Release } from './releases';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const hasIds = (value: Json[]): value is JsonObject[] => value.length > 0 && value.every((item) => isObject(item) && typeof item.id === 'string');

/**
 * The ids of each array of objects in the compiled release being built, so merging a release looks
 * an item up instead of reading the whole array: a framework's record holds an award and a party
 * for every supplier approved into it, and merging each of its releases into copies of them made
 * compiling quadratic in the record's size.
 */
type Indexes = WeakMap<JsonObject[], Map<string, JsonObject>>;

function indexOf(indexes: Indexes, items: JsonObject[]): Map<string, JsonObject> {
  let index = indexes.get(items);
  if (index === undefined) {
    index = new Map(items.map((item) => [item.id as string, item]));
    indexes.set(items, index);
  }
  return index;
}

/** An array of objects with ids: one indexed already, or one whose every item has an id. */
function isArrayOfIds(items: Json[], indexes: Indexes): items is JsonObject[] {
  return indexes.has(items as JsonObject[]) || hasIds(items);
}

/** Merges `source` into `target`, which it changes: `target` is the compiled release being built from copies. */
function mergeInto(target: JsonObject, source: JsonObject, indexes: Indexes): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (value === null) {
      Reflect.deleteProperty(target, key);
    } else if (isObject(value) && isObject(current)) {
      mergeInto(current, value, indexes);
    } else if (Array.isArray(value) && Array.isArray(current) && hasIds(value) && isArrayOfIds(current, indexes)) {
      const index = indexOf(indexes, current);
      for (const item of value) {
        const existing = index.get(item.id as string);
        if (existing === undefined) {
          current.push(item);
          index.set(item.id as string, item);
        } else {
          mergeInto(existing, item, indexes);
        }
      }
    } else {
      target[key] = value;
    }
  }
}

const byDate = (releases: readonly Release[]) => [...releases].sort((left, right) => left.date.localeCompare(right.date));

/** Merges releases, oldest first, into `merged`, which it changes, and tags the result as the compiled release. */
function mergeReleases(merged: JsonObject, ordered: readonly Release[]): Release {
  const latest = ordered.at(-1);
  if (!latest) {
    throw new Error('A record has at least one release');
  }
  const indexes: Indexes = new WeakMap();
  for (const release of ordered) {
    // A copy: the merge keeps and changes what it takes from each release.
    mergeInto(merged, structuredClone(release) as unknown as JsonObject, indexes);
  }
  return { ...(merged as unknown as Release), id: `${latest.ocid}-compiled-${latest.date}`, date: latest.date, tag: ['compiled'] };
}

/** The compiled release of one process's releases (given in any order; merged oldest first). */
export function compileReleases(releases: readonly Release[]): Release {
  return mergeReleases({}, byDate(releases));
}

/**
 * A compiled release brought up to date with releases newer than it: the same as compiling every
 * release afresh, provided none of `newer` is dated before the compiled release (the caller checks,
 * `isNewerThan`). `compiled` is taken over and changed: pass one read for the purpose.
 */
export function compileOnto(compiled: Release, newer: readonly Release[]): Release {
  return mergeReleases(compiled as unknown as JsonObject, byDate(newer));
}

/** Whether merging these releases onto `compiled` gives what compiling all of them would: none is dated before it. */
export function isNewerThan(compiled: Release, releases: readonly Release[]): boolean {
  return releases.every((release) => release.date >= compiled.date);
}

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

function mergeInto(target: JsonObject, source: JsonObject): JsonObject {
  const removed = new Set(Object.entries(source).flatMap(([key, value]) => (value === null ? [key] : [])));
  const merged: JsonObject = Object.fromEntries(Object.entries(target).filter(([key]) => !removed.has(key)));
  for (const [key, value] of Object.entries(source)) {
    const current = merged[key];
    if (value === null) {
      continue;
    } else if (isObject(value) && isObject(current)) {
      merged[key] = mergeInto(current, value);
    } else if (Array.isArray(value) && Array.isArray(current) && hasIds(value) && hasIds(current)) {
      const byId = new Map(current.map((item) => [item.id as string, item]));
      for (const item of value) {
        const existing = byId.get(item.id as string);
        byId.set(item.id as string, existing ? mergeInto(existing, item) : item);
      }
      merged[key] = [...byId.values()];
    } else {
      merged[key] = value;
    }
  }
  return merged;
}

/** The compiled release of one process's releases (given in any order; merged oldest first). */
export function compileReleases(releases: readonly Release[]): Release {
  const ordered = [...releases].sort((left, right) => left.date.localeCompare(right.date));
  const latest = ordered.at(-1);
  if (!latest) {
    throw new Error('A record has at least one release');
  }
  const merged = ordered.reduce<JsonObject>((compiled, release) => mergeInto(compiled, release as unknown as JsonObject), {});
  return { ...(merged as unknown as Release), id: `${latest.ocid}-compiled-${latest.date}`, date: latest.date, tag: ['compiled'] };
}

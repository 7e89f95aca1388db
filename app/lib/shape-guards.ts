/**
 * Small checks of what a public page's script reads (its settings, an API answer) where loading
 * typebox's validator would cost more than the page itself: each guard's fields are typed against
 * the type the schema in common/api defines, so a field added there fails the type check here.
 */
export type Guard<T> = (value: unknown) => value is T;

export const isInteger: Guard<number> = (value): value is number => Number.isInteger(value);
export const isString: Guard<string> = (value): value is string => typeof value === 'string';

/** The guarded kind, or null. */
export function nullOr<T>(guard: Guard<T>): Guard<T | null> {
  return (value): value is T | null => value === null || guard(value);
}

export function arrayOf<T>(item: Guard<T>): Guard<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(item);
}

/** An object whose every listed field passes its guard; the list must name every field of `T`. */
export function objectWith<T extends object>(fields: { [Key in keyof Required<T>]: Guard<T[Key]> }): Guard<T> {
  const entries = Object.entries<Guard<unknown>>(fields);
  return (value): value is T => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return false;
    }
    const record = value as Record<string, unknown>;
    return entries.every(([key, guard]) => guard(record[key]));
  };
}

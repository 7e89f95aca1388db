/**
 * A value made on first use, then kept. For what is costly to make and not always needed: an
 * `Intl` formatter or segmenter loads the browser's locale data when created (tens of
 * milliseconds on a phone), so made when a module loads it would hold back the page's first screen.
 */
export function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

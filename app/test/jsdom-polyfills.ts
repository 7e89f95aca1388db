/** What jsdom lacks and the apps' libraries use. Import first in a browser test file. */
if (typeof globalThis.CSS === 'undefined') {
  // react-aria reads <meta> values with CSS.escape; the keys it asks for are plain words.
  globalThis.CSS = { escape: (value: string) => value.replace(/[^\w-]/g, (character) => `\\${character}`) } as typeof CSS;
}

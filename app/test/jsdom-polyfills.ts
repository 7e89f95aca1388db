/** What jsdom lacks and the apps' libraries use. Import first in a browser test file. */
import { fakeMedia } from './fake-media';

if (typeof globalThis.CSS === 'undefined') {
  // react-aria reads <meta> values with CSS.escape; the keys it asks for are plain words.
  globalThis.CSS = { escape: (value: string) => value.replace(/[^\w-]/g, (character) => `\\${character}`) } as typeof CSS;
}

if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  // jsdom has no media queries: tests see a desktop-wide window (phones: e2e/small-screens.e2e.ts);
  // widget tests that need a phone pass their own media list (app/test/fake-media.ts).
  window.matchMedia = (query: string) => ({ ...fakeMedia(/min-width/.test(query)), media: query });
}

if (typeof Element !== 'undefined' && typeof Element.prototype.scrollIntoView !== 'function') {
  // jsdom lays nothing out: scrolling a field into view (the error summary's links) does nothing.
  Element.prototype.scrollIntoView = () => undefined;
}

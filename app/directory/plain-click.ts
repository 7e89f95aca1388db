import type { MouseEvent } from 'react';

/** A left click without modifier keys: the app handles it; others (new tab, save link) go to the browser. */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

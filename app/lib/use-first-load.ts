/**
 * Whether a screen made of parts that load on their own (a list and the panels beside it) is still
 * waiting for the first answer of any part. The screen shows one loading state until every part
 * has answered (or failed), then all of them at once: each arriving on its own would push the
 * parts below it down the page as the person starts to read (a layout shift; issue 33). Once the
 * parts have shown, it stays false: a changed filter or a refetch keeps the screen as it is, each
 * part saying it is updating in its own place.
 */
import { useState } from 'react';

export function useFirstLoad(partsPending: readonly boolean[]): boolean {
  const [hasShown, setHasShown] = useState(false);
  const isSettled = partsPending.every((pending) => !pending);
  if (isSettled && !hasShown) {
    // Set during render, React's way of keeping state in step with what it is derived from.
    setHasShown(true);
  }
  return !hasShown && !isSettled;
}

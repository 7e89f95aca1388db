/**
 * Moves focus to the screen's h1 after a dialog's action removed what had focus (a deleted row's
 * button), so a keyboard or screen reader user is not left on the page's body; once the dialog
 * has closed (./use-focus-after-render.ts).
 */
import { useRef } from 'react';
import { useFocusAfterRender } from './use-focus-after-render';

export function useHeadingFocus() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useFocusAfterRender();
  return { headingRef, focusHeading: () => focusAfterRender(headingRef) };
}

/**
 * Moves the focus to an element once React has drawn the state changes made with the request, in
 * the frame after: a modal dialog those changes close has gone by then and handed its focus back
 * (react-aria does so in the frame after it closes), so it neither pulls the focus back into
 * itself nor returns it to the button that opened it. A bare requestAnimationFrame may run before
 * React draws changes made after a save, while the dialog is still open, and lose the focus.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';

type FocusTarget = RefObject<HTMLElement | null> | (() => HTMLElement | null);

export function useFocusAfterRender(): (target: FocusTarget) => void {
  // A new object each time, so a second request for the same element focuses it again.
  const [request, setRequest] = useState<{ target: FocusTarget } | null>(null);
  useEffect(() => {
    if (request === null) {
      return undefined;
    }
    const frame = requestAnimationFrame(() => {
      const element = typeof request.target === 'function' ? request.target() : request.target.current;
      element?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [request]);
  return useCallback((target: FocusTarget) => setRequest({ target }), []);
}

/**
 * Moves focus to the screen's h1 after a dialog's action removed what had focus (a deleted row's
 * button), so a keyboard or screen reader user is not left on the page's body. The move waits for
 * the render that closes the dialog: the dialog hands focus back on the frame after it closes,
 * and this comes after that.
 */
import { useEffect, useRef, useState } from 'react';

export function useHeadingFocus() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests === 0) {
      return undefined;
    }
    const frame = requestAnimationFrame(() => headingRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [requests]);
  return { headingRef, focusHeading: () => setRequests((count) => count + 1) };
}

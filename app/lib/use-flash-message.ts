/**
 * A message one screen hands the next through the router's location state (`{ message }`), e.g.
 * "Invitation sent to …" after a save. It is set a frame after mount, so the screen's live region
 * exists before its text and screen readers announce it, then dropped from the history entry so a
 * reload does not repeat it.
 */
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

export interface FlashState {
  message: string;
}

function isFlashState(value: unknown): value is FlashState {
  return typeof value === 'object' && value !== null && 'message' in value && typeof value.message === 'string';
}

/** The message to show (empty when none) and a setter for the screen's own announcements. */
export function useFlashMessage(): [string, (message: string) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [message, setMessage] = useState('');
  const navigationState: unknown = location.state;
  useEffect(() => {
    if (!isFlashState(navigationState)) {
      return undefined;
    }
    const frame = requestAnimationFrame(() => {
      setMessage(navigationState.message);
      void navigate({ search: location.search }, { replace: true, state: null });
    });
    return () => cancelAnimationFrame(frame);
  }, [navigationState, navigate, location.search]);
  return [message, setMessage];
}

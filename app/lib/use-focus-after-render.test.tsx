// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusAfterRender } from './use-focus-after-render';

/**
 * A stand-in for react-aria's modal (which jsdom cannot host; the journeys use the real one): it
 * takes the focus while open, and on closing hands it back to its opener in the next frame, unless
 * the focus has gone somewhere on purpose.
 */
function FocusTakingDialog({ opener, onConfirm }: { opener: RefObject<HTMLButtonElement | null>; onConfirm: () => void }) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    confirmRef.current?.focus();
    const dialog = confirmRef.current?.parentElement;
    const openerButton = opener.current;
    return () => {
      requestAnimationFrame(() => {
        if (document.activeElement === document.body || dialog?.contains(document.activeElement)) {
          openerButton?.focus();
        }
      });
    };
  }, [opener]);
  return (
    <div role="alertdialog" aria-label="Remove Ana?">
      <button type="button" ref={confirmRef} onClick={onConfirm}>
        Remove
      </button>
    </div>
  );
}

/** A row removed after a confirm dialog and a save, as the users and members screens do. */
function RemoveScreen({ save }: { save: () => Promise<void> }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const [isAsking, setIsAsking] = useState(false);
  const [isRemoved, setIsRemoved] = useState(false);
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        Users
      </h1>
      {isRemoved && (
        <p ref={noticeRef} tabIndex={-1}>
          Ana was removed.
        </p>
      )}
      <button type="button" ref={openerRef} onClick={() => setIsAsking(true)}>
        Remove Ana
      </button>
      <button type="button" onClick={() => focusAfterRender(headingRef)}>
        Back to the top
      </button>
      {isAsking && (
        <FocusTakingDialog
          opener={openerRef}
          onConfirm={() => {
            // After the save, outside any event handler: React draws these changes when it can.
            void save().then(() => {
              setIsAsking(false);
              setIsRemoved(true);
              focusAfterRender(noticeRef);
            });
          }}
        />
      )}
    </>
  );
}

afterEach(cleanup);

describe('useFocusAfterRender', () => {
  it('focuses an element the same changes draw, once the dialog they close has handed its focus back', async () => {
    render(<RemoveScreen save={() => new Promise((resolve) => setTimeout(resolve, 10))} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ana' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Ana was removed.')));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // And it stays there: the closed dialog did not take it back for its opener.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(screen.getByText('Ana was removed.'));
  });

  it('focuses the same element again on a second request', async () => {
    render(<RemoveScreen save={() => Promise.resolve()} />);
    const heading = screen.getByRole('heading', { name: 'Users' });
    const backToTop = screen.getByRole('button', { name: 'Back to the top' });
    fireEvent.click(backToTop);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    backToTop.focus();
    fireEvent.click(backToTop);
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});

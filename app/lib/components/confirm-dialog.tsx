import { Suspense } from 'react';
import { lazyComponent } from '../lazy-component';
import type { ConfirmDialogProps } from './confirm-dialog-props';

const ConfirmDialogModal = lazyComponent(() => import('./confirm-dialog-modal'));

/**
 * A modal alert dialog asking before a change that cannot be undone (WAI-ARIA alertdialog): focus is
 * trapped inside, starts on the safe choice, and Escape cancels. Rendered only while open; react-aria's
 * dialog machinery (confirm-dialog-modal.tsx) is fetched when a page first asks, not with the page.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Suspense fallback={null}>
      <ConfirmDialogModal {...props} />
    </Suspense>
  );
}

import '../../styles/dialog.css';
import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  isPending: boolean;
  /** The server's refusal, shown inside the dialog so the person can read it and cancel. */
  errorMessage?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal alert dialog asking before a change that cannot be undone (WAI-ARIA alertdialog): focus is
 * trapped inside, starts on the safe choice, and Escape cancels. Rendered only while open.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  isPending,
  errorMessage,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen
      isKeyboardDismissDisabled={isPending}
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          onCancel();
        }
      }}
    >
      <Modal className="modal">
        <Dialog role="alertdialog" className="confirm-dialog">
          <Heading slot="title" level={2} className="confirm-dialog__title">
            {title}
          </Heading>
          {children}
          {errorMessage !== undefined && (
            <p className="alert alert--error" role="alert">
              {errorMessage}
            </p>
          )}
          <div className="confirm-dialog__actions">
            {/* Not disabled while pending: a disabled button would drop the keyboard focus. */}
            <Button
              className="button button--danger"
              onPress={() => {
                if (!isPending) {
                  onConfirm();
                }
              }}
            >
              {isPending ? 'Please wait…' : confirmLabel}
            </Button>
            {/* The safe choice takes focus first (alert dialog pattern). */}
            <Button className="button button--secondary" onPress={onCancel} autoFocus>
              {cancelLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

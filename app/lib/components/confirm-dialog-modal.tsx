/** The confirmation dialog itself, its own chunk (see confirm-dialog.tsx). */
import '../../styles/dialog.css';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { ConfirmDialogProps } from './confirm-dialog-props';

export default function ConfirmDialogModal({
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

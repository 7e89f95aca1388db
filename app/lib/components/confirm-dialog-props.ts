import type { ReactNode } from 'react';

/** What a confirm dialog (confirm-dialog.tsx) is given, and the modal it loads (confirm-dialog-modal.tsx) with it. */
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

import type { ReactNode } from 'react';
import { Dialog, Portal } from '@chakra-ui/react';
import { Button } from './Button';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What confirming means, in the dialog's body. */
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** Red for what cannot be taken back, blue otherwise. */
  confirmPalette: 'red' | 'blue';
  /** The Cancel button, Escape and a click outside. */
  onCancel: () => void;
  onConfirm: () => void;
  /** The confirmed action is under way: the confirm button waits, saying `pendingText`. */
  isPending?: boolean;
  pendingText?: string;
  /** While pending the dialog cannot be dismissed: Cancel waits, Escape and a click outside do nothing. */
  holdWhilePending?: boolean;
}

/**
 * The shell of a question the admin must answer before an action (an alertdialog): a title, what
 * it means, Cancel and the action. Cancel comes first, so it is the button the dialog focuses.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  cancelLabel,
  confirmLabel,
  confirmPalette,
  onCancel,
  onConfirm,
  isPending = false,
  pendingText,
  holdWhilePending = false,
}: ConfirmDialogProps) {
  const held = holdWhilePending && isPending;
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !held) onCancel();
      }}
      closeOnInteractOutside={!held}
      closeOnEscape={!held}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={held}>
                {cancelLabel}
              </Button>
              <Button colorPalette={confirmPalette} onClick={onConfirm} loading={isPending} loadingText={pendingText}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

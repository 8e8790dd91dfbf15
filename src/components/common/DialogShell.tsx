import type { ReactNode } from 'react';
import { Dialog, Portal } from '@chakra-ui/react';

export interface DialogShellProps {
  open: boolean;
  /** Escape, a click outside, a close trigger inside. */
  onDismiss: () => void;
  /** While held (an action under way) nothing dismisses it. */
  held?: boolean;
  /** 'alertdialog': a question the admin must answer before an action. */
  role?: 'dialog' | 'alertdialog';
  size?: 'md' | 'lg' | 'xl' | 'cover';
  /** The content: its header, body and footer. */
  children: ReactNode;
}

/** Every dialog's frame: portalled, over a backdrop, dismissed unless held. */
export function DialogShell({ open, onDismiss, held = false, role = 'dialog', size, children }: DialogShellProps) {
  return (
    <Dialog.Root
      role={role}
      size={size}
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !held) onDismiss();
      }}
      closeOnInteractOutside={!held}
      closeOnEscape={!held}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{children}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

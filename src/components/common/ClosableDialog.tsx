import type { ReactNode } from 'react';
import { CloseButton, Dialog } from '@chakra-ui/react';
import { DialogShell } from './DialogShell';

export interface ClosableDialogProps {
  open: boolean;
  title: string;
  /** Escape, a click outside and the close button. */
  onClose: () => void;
  closeLabel: string;
  size?: 'md' | 'lg' | 'xl' | 'cover';
  children: ReactNode;
}

/** A dialog to look at something (a comparison, a file's versions): a title, its body, a close button. */
export function ClosableDialog({ open, title, onClose, closeLabel, size = 'lg', children }: ClosableDialogProps) {
  return (
    <DialogShell open={open} onDismiss={onClose} size={size}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body overflow="auto">{children}</Dialog.Body>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={closeLabel} />
      </Dialog.CloseTrigger>
    </DialogShell>
  );
}

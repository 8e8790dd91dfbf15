import { Text } from '@chakra-ui/react';
import { FormDialog } from './FormDialog';

export interface ConfirmRemovalDialogProps {
  open: boolean;
  texts: { title: string; cancel: string; confirm: string; deleting: string };
  /** What is removed and what that means, in a sentence; null while closed. */
  body: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  isPending: boolean;
  /** Why the removal failed, in the server's words. */
  error: string | null;
}

/** Asks before something is removed (a webhook endpoint, a source): held open while it is removed, the server's refusal below. */
export function ConfirmRemovalDialog({ open, texts, body, onCancel, onConfirm, isPending, error }: ConfirmRemovalDialogProps) {
  return (
    <FormDialog
      role="alertdialog"
      open={open}
      title={texts.title}
      cancelLabel={texts.cancel}
      submitLabel={texts.confirm}
      submitPalette="red"
      onCancel={onCancel}
      onSubmit={onConfirm}
      isPending={isPending}
      pendingText={texts.deleting}
      holdWhilePending
      error={error}
      bodyGap="3"
    >
      {body && <Text wordBreak="break-word">{body}</Text>}
    </FormDialog>
  );
}

import { Text } from '@chakra-ui/react';
import { trashTexts as t } from '../../lib/texts-articles';
import { FormDialog } from '../common/FormDialog';

export interface DeleteForeverDialogProps {
  /** The item asked about (an article's title or 'Article #…', a file's name); null: the dialog is closed. */
  itemName: string | null;
  /** What deleting it for good means (the article's by default). */
  body?: string;
  onCancel: () => void;
  onConfirm: () => void;
  /** The deletion is under way: the buttons wait, Esc and a click outside do not close. */
  isDeleting?: boolean;
  /** Why the last attempt failed, in the server's words. */
  error?: string | null;
}

/** 'Delete forever' in the trash asks first: unlike Delete, it cannot be undone. */
export function DeleteForeverDialog({
  itemName,
  body = t.confirmBody,
  onCancel,
  onConfirm,
  isDeleting = false,
  error,
}: DeleteForeverDialogProps) {
  return (
    <FormDialog
      role="alertdialog"
      open={itemName !== null}
      title={t.confirmTitle}
      cancelLabel={t.cancel}
      submitLabel={t.deleteForever}
      submitPalette="red"
      onCancel={onCancel}
      onSubmit={onConfirm}
      isPending={isDeleting}
      pendingText={t.deletingForever}
      holdWhilePending
      error={error}
      bodyGap="3"
    >
      <Text>{body}</Text>
      {itemName ? (
        <Text fontWeight="semibold" wordBreak="break-word">
          {itemName}
        </Text>
      ) : null}
    </FormDialog>
  );
}

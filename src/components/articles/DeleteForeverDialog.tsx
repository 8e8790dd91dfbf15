import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { trashTexts as t } from '../../lib/texts-articles';
import { ErrorNotice } from '../common/ErrorNotice';

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
    <Dialog.Root
      role="alertdialog"
      open={itemName !== null}
      onOpenChange={(details) => {
        if (!details.open && !isDeleting) onCancel();
      }}
      closeOnInteractOutside={!isDeleting}
      closeOnEscape={!isDeleting}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t.confirmTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{body}</Text>
                {itemName ? (
                  <Text fontWeight="semibold" wordBreak="break-word">
                    {itemName}
                  </Text>
                ) : null}
                <ErrorNotice message={error} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={isDeleting}>
                {t.cancel}
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={isDeleting} loadingText={t.deletingForever}>
                {t.deleteForever}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

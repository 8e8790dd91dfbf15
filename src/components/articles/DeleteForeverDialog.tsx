import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { trashTexts as t } from '../../lib/texts-articles';
import { ErrorNotice } from '../common/ErrorNotice';

export interface DeleteForeverDialogProps {
  /** The article asked about (its title or 'Article #…'); null: the dialog is closed. */
  articleName: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  /** The deletion is under way: the buttons wait, Esc and a click outside do not close. */
  isDeleting?: boolean;
  /** Why the last attempt failed, in the server's words. */
  error?: string | null;
}

/** 'Delete forever' in the trash asks first: unlike Delete, it cannot be undone. */
export function DeleteForeverDialog({ articleName, onCancel, onConfirm, isDeleting = false, error }: DeleteForeverDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={articleName !== null}
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
                <Text>{t.confirmBody}</Text>
                {articleName ? (
                  <Text fontWeight="semibold" wordBreak="break-word">
                    {articleName}
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

import { Button, Dialog, Portal } from '@chakra-ui/react';
import { texts } from '../../lib/texts';

export interface ConvertToDraftDialogProps {
  open: boolean;
  onClose: () => void;
  onConvert: () => void;
  isConverting?: boolean;
}

/** Shown when someone tries to edit a published article (SPEC.md section 4). */
export function ConvertToDraftDialog({ open, onClose, onConvert, isConverting = false }: ConvertToDraftDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{texts.article.cannotEditTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{texts.article.cannotEditBody}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {texts.article.cancel}
              </Button>
              <Button
                colorPalette="blue"
                onClick={onConvert}
                loading={isConverting}
                loadingText={texts.article.converting}
              >
                {texts.article.convertToDraft}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

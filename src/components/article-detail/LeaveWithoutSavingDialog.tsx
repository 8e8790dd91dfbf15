import { Button, Dialog, Portal } from '@chakra-ui/react';
import { articleEditTexts as t } from '../../lib/texts-article-edits';

export interface LeaveWithoutSavingDialogProps {
  open: boolean;
  /** Keeps the admin on the page, with the edit (also Escape and a click outside). */
  onStay: () => void;
  /** Goes where the admin was going; the unsaved edit is dropped. */
  onLeave: () => void;
}

/** Asked when the admin leaves the article page with unsaved edits, by a link or back/forward. */
export function LeaveWithoutSavingDialog({ open, onStay, onLeave }: LeaveWithoutSavingDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onStay();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t.leaveTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{t.leaveBody}</Dialog.Body>
            <Dialog.Footer>
              {/* Staying keeps the work: the first button, so the one the dialog focuses. */}
              <Button variant="outline" onClick={onStay}>
                {t.stay}
              </Button>
              <Button colorPalette="red" onClick={onLeave}>
                {t.leave}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { articleEditTexts as t } from '../../lib/texts-article-edits';
import { FormDialog } from '../common/FormDialog';

export interface LeaveWithoutSavingDialogProps {
  open: boolean;
  /** Keeps the admin on the page, with the edit (also Escape and a click outside). */
  onStay: () => void;
  /** Goes where the admin was going; the unsaved edit is dropped. */
  onLeave: () => void;
}

/** Asked when the admin leaves the article page with unsaved edits, by a link or back/forward. */
export function LeaveWithoutSavingDialog({ open, onStay, onLeave }: LeaveWithoutSavingDialogProps) {
  // Staying keeps the work: Cancel's place, the button the dialog focuses.
  return (
    <FormDialog
      role="alertdialog"
      open={open}
      title={t.leaveTitle}
      cancelLabel={t.stay}
      submitLabel={t.leave}
      submitPalette="red"
      onCancel={onStay}
      onSubmit={onLeave}
    >
      {t.leaveBody}
    </FormDialog>
  );
}

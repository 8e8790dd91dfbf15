import { texts } from '../../lib/texts';
import { FormDialog } from '../common/FormDialog';

export interface ConvertToDraftDialogProps {
  open: boolean;
  onClose: () => void;
  onConvert: () => void;
  isConverting?: boolean;
}

/** Shown when someone tries to edit a published article (docs/product.md, 'Publishing and editing'). */
export function ConvertToDraftDialog({ open, onClose, onConvert, isConverting = false }: ConvertToDraftDialogProps) {
  return (
    <FormDialog
      role="alertdialog"
      open={open}
      title={texts.article.cannotEditTitle}
      cancelLabel={texts.article.cancel}
      submitLabel={texts.article.convertToDraft}
      onCancel={onClose}
      onSubmit={onConvert}
      isPending={isConverting}
      pendingText={texts.article.converting}
    >
      {texts.article.cannotEditBody}
    </FormDialog>
  );
}

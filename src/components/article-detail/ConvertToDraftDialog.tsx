import { texts } from '../../lib/texts';
import { ConfirmDialog } from '../common/ConfirmDialog';

export interface ConvertToDraftDialogProps {
  open: boolean;
  onClose: () => void;
  onConvert: () => void;
  isConverting?: boolean;
}

/** Shown when someone tries to edit a published article (docs/product.md, 'Publishing and editing'). */
export function ConvertToDraftDialog({ open, onClose, onConvert, isConverting = false }: ConvertToDraftDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={texts.article.cannotEditTitle}
      cancelLabel={texts.article.cancel}
      confirmLabel={texts.article.convertToDraft}
      confirmPalette="blue"
      onCancel={onClose}
      onConfirm={onConvert}
      isPending={isConverting}
      pendingText={texts.article.converting}
    >
      {texts.article.cannotEditBody}
    </ConfirmDialog>
  );
}

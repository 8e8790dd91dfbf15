import { Text } from '@chakra-ui/react';
import type { RevisionSummary } from '../../contract';
import { historyTexts as t } from '../../lib/texts-history';
import { FormDialog } from '../common/FormDialog';
import { useLastShown } from '../common/useLastShown';

export interface RestoreRevisionDialogProps {
  /** The revision to restore; null: closed. */
  revision: RevisionSummary | null;
  isPending: boolean;
  /** Why the server refused (a published or changed article, a slug taken), in its words. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * 'Restore this version': says what changes (the content, not the status) and that the current
 * version stays in the history, so nothing is lost by confirming.
 */
export function RestoreRevisionDialog({ revision, isPending, error, onConfirm, onCancel }: RestoreRevisionDialogProps) {
  // While it closes (it fades out), the dialog keeps its name.
  const named = useLastShown(revision);
  return (
    <FormDialog
      role="alertdialog"
      open={revision !== null}
      title={named ? t.restoreTitle(named.number) : ''}
      cancelLabel={t.cancel}
      submitLabel={t.restore}
      onCancel={onCancel}
      onSubmit={onConfirm}
      isPending={isPending}
      pendingText={t.restoring}
      holdWhilePending
      error={revision && error}
      bodyGap="3"
    >
      {revision && (
        <>
          <Text>{t.restoreBody(revision.number)}</Text>
          <Text color="fg.muted">{t.restoreKeepsStatus}</Text>
        </>
      )}
    </FormDialog>
  );
}

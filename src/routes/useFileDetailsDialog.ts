import { useCallback, useState } from 'react';
import { useFileUsage, useUpdateFile } from '../api/files';
import type { FileDetailsDialogProps } from '../components/files';
import type { StoredFile } from '../contract';

/**
 * A file's Details… dialog: `show` opens it on a file; `dialog` is its props. A save closes it
 * and says so (`onSaved`); a refusal stays in the dialog, in the server's words.
 */
export function useFileDetailsDialog(onSaved: (file: StoredFile) => void) {
  const [file, setFile] = useState<StoredFile | null>(null);
  const update = useUpdateFile();
  const usage = useFileUsage(file?.id ?? null);
  const { reset } = update;
  const show = useCallback(
    (chosen: StoredFile) => {
      reset();
      setFile(chosen);
    },
    [reset],
  );
  const dialog: FileDetailsDialogProps = {
    file,
    isPending: update.isPending,
    error: update.error?.message ?? null,
    onSave: (details) =>
      update.mutate(
        { id: file!.id, details },
        {
          onSuccess: (saved) => {
            setFile(null);
            onSaved(saved);
          },
        },
      ),
    onCancel: () => setFile(null),
    usage: { usage: usage.data, isLoading: usage.isPending, error: usage.isError ? usage.error.message : null },
  };
  return { show, dialog };
}

import { useCallback, useState } from 'react';
import { downloadFileVersion, useFileVersions, useRestoreFileVersion } from '../api/files';
import type { FileVersionsDialogProps } from '../components/files';
import type { StoredFile } from '../contract';

/**
 * A file's Versions… dialog: `show` opens it on a file, whose versions are read then; `dialog`
 * is its props, Restore offered when the signed-in role may.
 */
export function useFileVersionsDialog(mayRestore: boolean) {
  const [file, setFile] = useState<StoredFile | null>(null);
  const versions = useFileVersions(file?.id ?? null);
  const { mutateAsync: restoreVersion } = useRestoreFileVersion();
  const show = useCallback((chosen: StoredFile) => setFile(chosen), []);
  const dialog: FileVersionsDialogProps = {
    file,
    versions: versions.data,
    isLoading: versions.isPending && file !== null,
    error: versions.isError ? versions.error.message : null,
    onRetry: () => void versions.refetch(),
    onDownload: downloadFileVersion,
    onRestore: mayRestore ? (version) => restoreVersion({ fileId: file!.id, number: version.number }) : undefined,
    onClose: () => setFile(null),
  };
  return { show, dialog };
}

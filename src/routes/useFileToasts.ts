import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { bulkFiles, fileLink, replaceFileContent, useBulkFiles, fileKeys } from '../api/files';
import { messageOf } from '../components/common/messageOf';
import { toaster } from '../components/common/Toaster';
import { UNDO_SECONDS, type BulkResult, type FileBulkAction, type StoredFile } from '../contract';
import { fileDetailsTexts, fileExtraTexts as t } from '../lib/texts-files';

/** How long a result without Undo, and a failure, stay. */
const NOTICE_MS = 5_000;

/** The lines of a bulk result's toast: what already was so, and why the others were refused. */
function bulkLines(action: FileBulkAction, result: BulkResult): string[] {
  const lines: string[] = [];
  if (result.unchanged.length > 0) {
    lines.push(action === 'restore' ? t.alreadyOut(result.unchanged.length) : t.alreadyInTrash(result.unchanged.length));
  }
  const byMessage = new Map<string, number>();
  for (const refusal of result.refused) byMessage.set(refusal.message, (byMessage.get(refusal.message) ?? 0) + 1);
  for (const [message, n] of byMessage) lines.push(t.refused(n, message));
  return lines;
}

/**
 * The file manager's toasts, as the articles' trash has them: a delete (one file or a bulk
 * delete) says so with Undo for UNDO_SECONDS, which brings the files back in one bulk restore;
 * Copy link says 'Link copied', or why not and the link to copy by hand; a replacement shows its
 * progress, then its result. The functions outlive the screen that calls them.
 */
export function useFileToasts() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const undo = async (ids: string[]) => {
      try {
        const result = await bulkFiles(queryClient, { action: 'restore', ids });
        const lines = bulkLines('restore', result);
        toaster.create({
          type: lines.length > 0 ? undefined : 'success',
          title: result.changed.length === 1 && ids.length === 1 ? t.restored : t.restoredMany(result.changed.length),
          description: lines.join('\n') || undefined,
          duration: NOTICE_MS,
          closable: true,
        });
      } catch (error) {
        toaster.create({ type: 'error', title: t.restoreFailed, description: messageOf(error), duration: NOTICE_MS, closable: true });
      }
    };

    const deleted = (ids: string[], result?: BulkResult) => {
      const changed = result?.changed ?? ids;
      const lines = result ? bulkLines('delete', result) : [];
      // Neutral, as the articles': its lines must stay readable.
      toaster.create({
        title: !result && changed.length === 1 ? t.deleted : t.movedToTrash(changed.length),
        description: lines.join('\n') || undefined,
        duration: changed.length > 0 ? UNDO_SECONDS * 1000 : NOTICE_MS,
        closable: true,
        action: changed.length > 0 ? { label: t.undo, onClick: () => void undo(changed) } : undefined,
      });
    };

    const copyLink = async (file: StoredFile) => {
      const link = fileLink(file);
      try {
        // Throws too when the Clipboard API is missing (an insecure context) or refused.
        await navigator.clipboard.writeText(link);
        toaster.create({ type: 'success', title: t.linkCopied, duration: NOTICE_MS });
      } catch {
        toaster.create({
          type: 'error',
          title: t.copyRefused,
          description: t.copyRefusedHelp(link),
          duration: Infinity,
          closable: true,
        });
      }
    };

    const replace = async (target: StoredFile, chosen: File) => {
      const id = toaster.create({ type: 'loading', title: t.replacing(target.name), description: t.replaceProgress(0), duration: Infinity });
      let shown = 0;
      try {
        const outcome = await replaceFileContent(target.id, chosen, (fraction) => {
          const percent = Math.round(fraction * 100);
          if (percent === shown) return;
          shown = percent;
          toaster.update(id, { type: 'loading', title: t.replacing(target.name), description: t.replaceProgress(percent), duration: Infinity });
        });
        toaster.update(id, { type: 'success', title: t.replaced(outcome.file.name), description: outcome.message, duration: NOTICE_MS, closable: true });
        return outcome.file;
      } catch (error) {
        toaster.update(id, { type: 'error', title: t.replaceFailed, description: messageOf(error), duration: Infinity, closable: true });
        return undefined;
      } finally {
        await queryClient.invalidateQueries({ queryKey: fileKeys.all });
      }
    };

    const detailsSaved = (file: StoredFile) =>
      toaster.create({ type: 'success', title: fileDetailsTexts.saved, description: file.name, duration: NOTICE_MS });

    return { deleted, copyLink, replace, detailsSaved };
  }, [queryClient]);
}

/**
 * The grid's bulk Delete of the selection: the same question as a single delete
 * (docs/product.md, 'Validation'), for as many files as are selected; then one request, and the
 * toast with what moved to the trash (and Undo), what already was and what was refused. After a
 * success the selection clears; a failed request shows the server's message and leaves the
 * selection as it was.
 */
export function useFileBulkDelete({ selected, clear: onDone }: { selected: ReadonlySet<string>; clear: () => void }) {
  const mutation = useBulkFiles();
  const { deleted } = useFileToasts();
  const { mutate } = mutation;
  const failed = useCallback(
    (error: Error) => toaster.create({ type: 'error', title: t.bulkFailed, description: error.message, duration: NOTICE_MS, closable: true }),
    [],
  );
  // Files a published article shows are refused (`file_in_use`): the server's words are put to
  // the admin, and on yes those files go too (`confirm: true`); one toast says what happened to all.
  const run = useCallback(
    (ids: string[]) =>
      mutate(
        { action: 'delete', ids },
        {
          onSuccess: (result) => {
            const inUse = result.refused.filter((refusal) => refusal.code === 'file_in_use');
            if (!inUse.length || !window.confirm(t.confirmDeleteInUse(inUse.length, inUse[0]!.message))) {
              deleted(ids, result);
              onDone();
              return;
            }
            mutate(
              { action: 'delete', ids: inUse.map((refusal) => refusal.id), confirm: true },
              {
                onSuccess: (again) => {
                  const others = result.refused.filter((refusal) => refusal.code !== 'file_in_use');
                  deleted(ids, {
                    changed: ids.filter((id) => result.changed.includes(id) || again.changed.includes(id)),
                    unchanged: [...result.unchanged, ...again.unchanged],
                    refused: [...others, ...again.refused],
                  });
                  onDone();
                },
                onError: failed,
              },
            );
          },
          onError: failed,
        },
      ),
    [mutate, deleted, onDone, failed],
  );
  const onAction = useCallback(() => {
    if (window.confirm(t.confirmDeleteMany(selected.size))) run([...selected]);
  }, [run, selected]);
  return { onAction, pending: mutation.isPending ? ('delete' as const) : null };
}

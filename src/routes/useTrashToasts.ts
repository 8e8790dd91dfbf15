import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { restoreArticle } from '../api/articleTrash';
import { ApiError } from '../api/client';
import { messageOf } from '../components/common/messageOf';
import { toaster } from '../components/common/Toaster';
import { UNDO_SECONDS } from '../contract';
import { trashTexts as t } from '../lib/texts-articles';

/** How long 'Article restored' and a failed restore stay. */
const NOTICE_MS = 5_000;

/**
 * The toasts of the trash: 'Article deleted' with Undo for UNDO_SECONDS after a delete, and what
 * an Undo gives: 'Article restored'; the server's message with 'Restore as <suggestion>' when
 * another article took the slug meanwhile (it stays until answered or dismissed); or why it
 * failed. The functions outlive the screen that calls them (the article page deletes, then goes
 * to the list, whose <Toaster /> shows the toast).
 */
export function useTrashToasts() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const restore = async (id: string, slug?: string) => {
      try {
        await restoreArticle(queryClient, id, slug);
        toaster.create({ type: 'success', title: t.restored, duration: NOTICE_MS });
      } catch (error) {
        const message = messageOf(error);
        if (error instanceof ApiError && error.code === 'restore_slug_taken' && error.suggestion) {
          const suggestion = error.suggestion;
          toaster.create({
            type: 'warning',
            title: t.notRestored,
            description: message,
            duration: Infinity,
            closable: true,
            action: { label: t.restoreAs(suggestion), onClick: () => void restore(id, suggestion) },
          });
        } else {
          toaster.create({ type: 'error', title: t.restoreFailed, description: message, duration: NOTICE_MS, closable: true });
        }
      }
    };
    return {
      /** After a successful delete: 'Article deleted', with Undo when the signed-in role may restore. */
      deleted: (id: string, canUndo: boolean) =>
        toaster.create({
          title: t.deleted,
          duration: canUndo ? UNDO_SECONDS * 1000 : NOTICE_MS,
          closable: true,
          action: canUndo ? { label: t.undo, onClick: () => void restore(id) } : undefined,
        }),
      /** After a restore from the Trash tab (its refusals are shown under the row). */
      restored: () => toaster.create({ type: 'success', title: t.restored, duration: NOTICE_MS }),
    };
  }, [queryClient]);
}

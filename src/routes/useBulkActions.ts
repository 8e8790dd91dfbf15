import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { restoreArticles } from '../api/articleTrash';
import { useBulkArticles } from '../api/articleWrites';
import { bulkSummary } from '../components/articles/bulkSummary';
import { toaster } from '../components/common/Toaster';
import type { ArticleBulkAction } from '../components/articles/BulkActionBar';
import type { BulkScheduleTimes } from '../components/articles/BulkScheduleDialog';
import { UNDO_SECONDS, type BulkAction, type BulkRequest, type BulkResult } from '../contract';
import { bulkTexts as t } from '../lib/texts-articles';

/** How long a result without Undo, and a failure, stay. */
const NOTICE_MS = 5_000;

/**
 * The list's bulk actions on the selection: one request, then a toast with what changed, what
 * already was and what was refused (a bulk delete's offers Undo, which restores each article it
 * moved to the trash). After a success the selection clears; a failed request shows the server's
 * message and leaves the selection as it was. Schedule… asks for the times first, in its dialog
 * (`scheduling`), whose request answers a promise instead: a failure is the dialog's to show,
 * with the times as typed.
 */
export function useBulkActions({ selected, clear: onDone }: { selected: ReadonlySet<string>; clear: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useBulkArticles();
  const { mutate } = mutation;

  const undo = useCallback(
    async (ids: string[]) => {
      const { restored, failed } = await restoreArticles(queryClient, ids);
      const byMessage = new Map<string, number>();
      for (const { message } of failed) byMessage.set(message, (byMessage.get(message) ?? 0) + 1);
      // Neutral when it has lines to read: the coloured toasts' descriptions are too faint to read.
      toaster.create({
        type: failed.length > 0 ? undefined : 'success',
        title: t.restored(restored.length),
        description: [...byMessage].map(([message, n]) => t.notRestored(n, message)).join('\n') || undefined,
        duration: NOTICE_MS,
        closable: true,
      });
    },
    [queryClient],
  );

  /** The toast of a result, and the selection cleared. */
  const report = useCallback(
    (action: BulkRequest['action'], result: BulkResult) => {
      const { title, lines } = bulkSummary(action, result);
      const canUndo = action === 'delete' && result.changed.length > 0;
      // Neutral, as a single delete's: its lines must stay readable (see undo).
      toaster.create({
        title,
        description: lines.join('\n') || undefined,
        duration: canUndo ? UNDO_SECONDS * 1000 : NOTICE_MS,
        closable: true,
        action: canUndo ? { label: t.undo, onClick: () => void undo(result.changed) } : undefined,
      });
      onDone();
    },
    [onDone, undo],
  );

  const run = useCallback(
    (action: BulkAction, ids: string[]) =>
      mutate(
        { action, ids },
        {
          onSuccess: (result) => report(action, result),
          onError: (error) =>
            toaster.create({ type: 'error', title: t.failed, description: error.message, duration: NOTICE_MS, closable: true }),
        },
      ),
    [mutate, report],
  );

  const { mutateAsync } = mutation;
  const schedule = useCallback(
    async (ids: string[], times: BulkScheduleTimes) => report('schedule', await mutateAsync({ action: 'schedule', ids, ...times })),
    [mutateAsync, report],
  );

  const [scheduling, setScheduling] = useState(false);
  const onAction = useCallback(
    (action: ArticleBulkAction) => (action === 'schedule' ? setScheduling(true) : run(action, [...selected])),
    [run, selected],
  );
  const onSchedule = async (times: BulkScheduleTimes) => {
    await schedule([...selected], times);
    setScheduling(false);
  };

  return {
    onAction,
    // The bar spins the pending action's button, Schedule… included.
    pending: mutation.isPending ? (mutation.variables?.action ?? null) : null,
    scheduling: { open: scheduling, onSchedule, onClose: () => setScheduling(false) },
  };
}

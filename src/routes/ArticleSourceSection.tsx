import { useState } from 'react';
import { useCheckSource, useDismissSourceChange, useMergeSourceChange, useSourceChange } from '../api/sourceChange';
import { SourceCard, type SourceChangeState } from '../components/article-detail/SourceCard';
import { messageOf } from '../components/common/messageOf';
import type { Article } from '../contract';
import type { Access } from '../lib/access';
import { sourceChangeTexts as t } from '../lib/texts-sourceChange';

/**
 * The article page's Source card: its provenance, a check of its page now (`POST
 * /articles/:id/source-check`), and the change the source made while the article is flagged
 * (`GET …/source-change`), merged with the conflicts the editor ticked (If-Match: the version on
 * the page) or set aside.
 */
export function ArticleSourceSection({ article, access, hasUnsavedEdits }: { article: Article; access: Access; hasUnsavedEdits: boolean }) {
  const change = useSourceChange(article);
  const check = useCheckSource(article.id);
  const merge = useMergeSourceChange(article.id);
  const dismiss = useDismissSourceChange(article.id);
  const [take, setTake] = useState<ReadonlySet<number>>(new Set());
  const [note, setNote] = useState<string | null>(null);
  const published = article.status === 'published';
  // The role's refusal first (an author on a published article: its own words); then why not now.
  const refused = access.whyNot('mergeArticleSourceChange', { published });
  const mergeRefused = refused ?? (published ? t.changed.mergeRefused.published : hasUnsavedEdits ? t.changed.mergeRefused.unsaved : null);

  let state: SourceChangeState | undefined;
  if (article.sourceChanged) {
    state = change.isPending
      ? { status: 'loading' }
      : change.isError
        ? { status: 'error', message: messageOf(change.error), onRetry: () => void change.refetch() }
        : {
            status: 'ready',
            change: change.data,
            take,
            onToggleTake: (index) =>
              setTake((current) => {
                const next = new Set(current);
                if (!next.delete(index)) next.add(index);
                return next;
              }),
            onMerge: () =>
              merge.mutate(
                { take: [...take], ifMatch: article.updatedAt },
                {
                  onSuccess: ({ conflicts }) => {
                    setTake(new Set());
                    setNote(t.merged(conflicts.length));
                  },
                },
              ),
            isMerging: merge.isPending,
            onDismiss: () => dismiss.mutate(undefined, { onSuccess: () => setNote(t.dismissed) }),
            isDismissing: dismiss.isPending,
            refused: mergeRefused,
            error: merge.isError ? messageOf(merge.error) : dismiss.isError ? messageOf(dismiss.error) : null,
          };
  }
  return (
    <SourceCard
      scrapedUrl={article.scrapedUrl}
      provenance={article.provenance ?? null}
      check={{
        onCheck: () => {
          setNote(null);
          check.mutate();
        },
        isChecking: check.isPending,
        outcome: check.data ? (check.data.changed ? 'changed' : check.data.notModified ? 'notModified' : 'unchanged') : null,
        error: check.isError ? messageOf(check.error) : null,
        refused: access.whyNot('mergeArticleSourceChange', { published }),
      }}
      change={state}
      note={note}
    />
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { historyKeys, useLabelRevision, useRestoreRevision, useRevision, useRevisionList } from '../api/articleHistory';
import { ArticleHistoryCard, type CompareSide, type CompareTarget, type Comparison } from '../components/article-history';
import type { Article, RevisionSummary } from '../contract';
import type { Access } from '../lib/access';
import { historyTexts as t } from '../lib/texts-history';

/**
 * The article page's History card with its data: the revisions (refetched whenever the article
 * changes, by this admin or another), the two versions of a comparison, restore and labels.
 */
export function ArticleHistorySection({
  article,
  hasUnsavedEdits,
  onBlockedEdit,
  onReload,
  access,
}: {
  article: Article;
  /** The signed-in role: it may restore, pin or name this article's revisions, or why not. */
  access: Access;
  hasUnsavedEdits: boolean;
  onBlockedEdit: () => void;
  /** Fetches the article again (a restore refused as stale: the newer version is shown). */
  onReload: () => Promise<unknown>;
}) {
  const { id } = article;
  const queryClient = useQueryClient();
  const list = useRevisionList(id);
  const restore = useRestoreRevision(id);
  const label = useLabelRevision(id);
  const [pair, setPair] = useState<{ left: CompareTarget; right: CompareTarget } | null>(null);

  // Any write of the article moves its updatedAt: its history has a new revision (or a fold).
  const seen = useRef(article.updatedAt);
  useEffect(() => {
    if (seen.current === article.updatedAt) return;
    seen.current = article.updatedAt;
    void queryClient.invalidateQueries({ queryKey: historyKeys.list(id) });
  }, [article.updatedAt, id, queryClient]);

  const revisions = useMemo(() => list.data?.pages.flatMap((page) => page.data), [list.data]);
  const current = revisions?.find((revision) => revision.current) ?? revisions?.[0];
  const resolve = (target: CompareTarget | undefined): RevisionSummary | undefined =>
    target === undefined ? undefined : target.kind === 'revision' ? revisions?.find((r) => r.number === target.number) : current;
  const [leftRevision, rightRevision] = [resolve(pair?.left), resolve(pair?.right)];
  const left = useRevision(id, leftRevision);
  const right = useRevision(id, rightRevision);

  const sideOf = (target: CompareTarget, revision: RevisionSummary | undefined, query: typeof left): CompareSide => {
    const text =
      target.kind === 'source' ? t.side.source : target.kind === 'current' || revision?.current ? t.side.current : t.side.revision(target.number, revision?.reason ?? '');
    if (query.data) return { status: 'ready', label: text, snapshot: query.data.snapshot };
    if (query.isError) return { status: 'error', label: text, message: query.error.message };
    return { status: 'loading', label: text };
  };
  const comparison: Comparison | null = pair && {
    left: sideOf(pair.left, leftRevision, left),
    right: sideOf(pair.right, rightRevision, right),
    mode: pair.left.kind === 'source' ? 'source' : 'versions',
  };

  const pages = list.data?.pages;
  return (
    <ArticleHistoryCard
      revisions={revisions}
      total={pages?.[0]?.total ?? 0}
      isLoading={list.isPending}
      error={list.isError ? list.error.message : null}
      onRetry={() => void list.refetch()}
      hasMore={list.hasNextPage}
      isLoadingMore={list.isFetchingNextPage}
      isRefreshing={list.isFetching && !list.isPending && !list.isFetchingNextPage}
      onLoadMore={() => void list.fetchNextPage()}
      isPublished={article.status === 'published'}
      hasUnsavedEdits={hasUnsavedEdits}
      onBlockedEdit={onBlockedEdit}
      comparison={comparison}
      onCompare={(leftTarget, rightTarget) => setPair({ left: leftTarget, right: rightTarget })}
      onCloseComparison={() => setPair(null)}
      onRestore={async (number) => {
        try {
          return await restore.mutateAsync({ number, ifMatch: article.updatedAt });
        } catch (error) {
          // Another admin wrote since: the page shows their version (and the history its revision).
          if ((error as { code?: string } | null)?.code === 'stale_article') void onReload().catch(() => {});
          throw error;
        }
      }}
      onLabel={(number, patch) => label.mutateAsync({ number, patch })}
      refused={access.whyNot('restoreArticleRevision', { published: article.status === 'published' })}
    />
  );
}

import { memo } from 'react';
import { Badge, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ApiError, TrashedArticleCard } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { texts } from '../../lib/texts';
import { trashTexts as t } from '../../lib/texts-articles';
import { messageOf } from '../common/messageOf';
import { TrashList, TrashRowFrame, type RestoreProblem, type TrashRowProps } from '../lists/TrashList';
import { articleRowTitle } from './articleRow';
import { daysLeftInTrash } from './trashDays';

export interface ArticleTrashListProps {
  articles: readonly TrashedArticleCard[] | undefined;
  isLoading?: boolean;
  /** When set, the error state is shown (its message, or the fallback text). */
  error?: { message?: string } | null;
  onRetry: () => void;
  /**
   * Brings an article back, under `slug` when given. Rejects with the API's error: a 409
   * `restore_slug_taken` carries the `suggestion` the row then offers. Without it (a role that
   * may not restore) the rows have no Restore.
   */
  onRestore?: (id: string, slug?: string) => Promise<unknown>;
  /** Deletes an article for good (after the dialog's confirmation); rejects with the API's error. Without it, no Delete forever. */
  onDeleteForever?: (id: string) => Promise<unknown>;
  hasMore?: boolean;
  isFetchingMore?: boolean;
  onLoadMore?: () => void;
  /** The time the days left are counted from (stories fix it); the clock's by default. */
  now?: number;
}

/** A 409 `restore_slug_taken` comes with a free slug, which the row offers to restore under. */
function problemOf(cause: unknown): RestoreProblem {
  const error = (cause ?? {}) as Partial<ApiError>;
  const message = messageOf(cause);
  return error.code === 'restore_slug_taken' && error.suggestion ? { message, suggestion: error.suggestion } : { message };
}

/**
 * The Trash tab: deleted articles, most recently deleted first, each with when it was deleted,
 * how long it stays, Restore and Delete forever (which asks first). A restore refused because
 * the slug was taken meanwhile says so under its row and offers the server's free slug.
 */
export function ArticleTrashList({ articles, ...list }: ArticleTrashListProps) {
  return (
    <TrashList<TrashedArticleCard, [slug: string | undefined]>
      items={articles}
      {...list}
      texts={t}
      Row={ArticleTrashRow}
      itemName={articleRowTitle}
      problemOf={problemOf}
    />
  );
}

const ArticleTrashRow = memo(function ArticleTrashRow({
  item: article,
  now,
  isRestoring,
  problem,
  onRestore,
  onAskDeleteForever,
}: TrashRowProps<TrashedArticleCard, [slug: string | undefined]>) {
  const isPublished = article.status === 'published';
  return (
    <TrashRowFrame
      align="flex-start"
      isRestoring={isRestoring}
      problem={problem}
      // A plain Restore passes no slug, explicitly: the restore always takes (id, slug).
      onRestore={onRestore && (() => void onRestore(article.id, undefined))}
      onRestoreAs={onRestore && ((suggestion) => void onRestore(article.id, suggestion))}
      onAskDeleteForever={onAskDeleteForever && (() => onAskDeleteForever(article))}
    >
      {(headingId) => (
        <Stack gap="1" minW="0" flex="1 1 16rem">
          <HStack gap="2" align="baseline" wrap="wrap">
            <Heading as="h2" size="sm" id={headingId} wordBreak="break-word">
              {articleRowTitle(article)}
            </Heading>
            <Badge size="sm" colorPalette={isPublished ? 'green' : 'orange'} variant="subtle">
              {isPublished ? texts.articles.published : texts.articles.draft}
            </Badge>
          </HStack>
          <Text textStyle="sm" fontFamily="mono" color="fg.muted" wordBreak="break-all">
            {article.slug ?? t.noSlug}
          </Text>
          <HStack gap="3" wrap="wrap" textStyle="sm" color="fg.muted">
            <time dateTime={article.deletedAt}>{t.deletedOn(formatDateTime(article.deletedAt))}</time>
            <Text>{t.purgeIn(daysLeftInTrash(article.deletedAt, now))}</Text>
          </HStack>
        </Stack>
      )}
    </TrashRowFrame>
  );
});

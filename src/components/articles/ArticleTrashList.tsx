import { memo, useCallback, useId, useState } from 'react';
import { Alert, Badge, Box, Button, chakra, EmptyState, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuTrash2, LuUndo2 } from 'react-icons/lu';
import type { ApiError, TrashedArticleCard } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { texts } from '../../lib/texts';
import { trashTexts as t } from '../../lib/texts-articles';
import { LoadMoreFooter } from '../lists/LoadMoreFooter';
import { articleRowTitle } from './articleRow';
import { ErrorState, LoadingState } from './ArticleList';
import { DeleteForeverDialog } from './DeleteForeverDialog';
import { daysLeftInTrash } from './trashDays';

export interface ArticleTrashListProps {
  articles: readonly TrashedArticleCard[] | undefined;
  isLoading?: boolean;
  /** When set, the error state is shown (its message, or the fallback text). */
  error?: { message?: string } | null;
  onRetry: () => void;
  /**
   * Brings an article back, under `slug` when given. Rejects with the API's error: a 409
   * `restore_slug_taken` carries the `suggestion` the row then offers.
   */
  onRestore: (id: string, slug?: string) => Promise<unknown>;
  /** Deletes an article for good (after the dialog's confirmation); rejects with the API's error. */
  onDeleteForever: (id: string) => Promise<unknown>;
  hasMore?: boolean;
  isFetchingMore?: boolean;
  onLoadMore?: () => void;
  /** The time the days left are counted from (stories fix it); the clock's by default. */
  now?: number;
}

/** Why a restore did not happen, shown under its row; with a free slug to restore it under. */
interface RestoreProblem {
  message: string;
  suggestion?: string;
}

function problemOf(cause: unknown): RestoreProblem {
  const error = (cause ?? {}) as Partial<ApiError>;
  const message = typeof error.message === 'string' ? error.message : String(cause);
  return error.code === 'restore_slug_taken' && error.suggestion ? { message, suggestion: error.suggestion } : { message };
}

function EmptyTrash() {
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuTrash2 />
        </EmptyState.Indicator>
        <Stack textAlign="center" gap="1">
          <Heading as="h2" size="md">
            {t.emptyTitle}
          </Heading>
          <Text color="fg.muted">{t.emptyBody}</Text>
        </Stack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/**
 * The Trash tab: deleted articles, most recently deleted first, each with when it was deleted,
 * how long it stays, Restore and Delete forever (which asks first). A restore refused because
 * the slug was taken meanwhile says so under its row and offers the server's free slug.
 */
export function ArticleTrashList({
  articles,
  isLoading = false,
  error,
  onRetry,
  onRestore,
  onDeleteForever,
  hasMore = false,
  isFetchingMore = false,
  onLoadMore,
  now,
}: ArticleTrashListProps) {
  const [restoring, setRestoring] = useState<ReadonlySet<string>>(new Set());
  const [problems, setProblems] = useState<Readonly<Record<string, RestoreProblem>>>({});
  const [confirming, setConfirming] = useState<TrashedArticleCard | null>(null);
  const [purge, setPurge] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });

  // Stable, so a row re-renders only when its own article or state changes.
  const restore = useCallback(
    async (id: string, slug?: string) => {
      setRestoring((current) => new Set(current).add(id));
      setProblems(({ [id]: _cleared, ...rest }) => rest);
      try {
        await onRestore(id, slug);
      } catch (cause) {
        setProblems((current) => ({ ...current, [id]: problemOf(cause) }));
      } finally {
        setRestoring((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        });
      }
    },
    [onRestore],
  );
  const askDeleteForever = useCallback((chosen: TrashedArticleCard) => {
    setPurge({ pending: false, error: null });
    setConfirming(chosen);
  }, []);

  const confirmPurge = async () => {
    if (!confirming) return;
    setPurge({ pending: true, error: null });
    try {
      await onDeleteForever(confirming.id);
      setConfirming(null);
      setPurge({ pending: false, error: null });
    } catch (cause) {
      setPurge({ pending: false, error: problemOf(cause).message });
    }
  };

  // The dialog stays mounted whatever the list shows: deleting the last article empties it.
  return (
    <>
      {isLoading ? (
        <LoadingState label={t.loading} />
      ) : error ? (
        <ErrorState title={t.errorTitle} message={error.message || t.errorFallback} onRetry={onRetry} />
      ) : !articles || articles.length === 0 ? (
        <EmptyTrash />
      ) : (
        <Box>
          <chakra.ul role="list" aria-label={t.listLabel} aria-busy={isFetchingMore} listStyleType="none">
            {articles.map((article) => (
              <TrashRow
                key={article.id}
                article={article}
                now={now}
                isRestoring={restoring.has(article.id)}
                problem={problems[article.id]}
                onRestore={restore}
                onAskDeleteForever={askDeleteForever}
              />
            ))}
          </chakra.ul>
          {hasMore ? (
            <LoadMoreFooter
              itemCount={articles.length}
              canLoadMore={!isFetchingMore && onLoadMore !== undefined}
              isFetchingMore={isFetchingMore}
              onLoadMore={onLoadMore}
            />
          ) : null}
        </Box>
      )}
      <DeleteForeverDialog
        itemName={confirming ? articleRowTitle(confirming) : null}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirmPurge()}
        isDeleting={purge.pending}
        error={purge.error}
      />
    </>
  );
}

const TrashRow = memo(function TrashRow({
  article,
  now,
  isRestoring,
  problem,
  onRestore,
  onAskDeleteForever,
}: {
  article: TrashedArticleCard;
  now: number | undefined;
  isRestoring: boolean;
  problem: RestoreProblem | undefined;
  onRestore: (id: string, slug?: string) => Promise<void>;
  onAskDeleteForever: (article: TrashedArticleCard) => void;
}) {
  const headingId = useId();
  const isPublished = article.status === 'published';
  return (
    <chakra.li pb="3">
      <Stack
        as="article"
        aria-labelledby={headingId}
        gap="3"
        borderWidth="1px"
        rounded="md"
        bg="bg.card"
        p={{ base: '3', md: '4' }}
      >
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
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
          <HStack gap="2" wrap="wrap">
            <Button
              variant="outline"
              size="sm"
              onClick={() => void onRestore(article.id)}
              loading={isRestoring}
              loadingText={t.restoring}
              aria-describedby={headingId}
            >
              <LuUndo2 aria-hidden />
              {t.restore}
            </Button>
            <Button
              variant="outline"
              colorPalette="red"
              size="sm"
              onClick={() => onAskDeleteForever(article)}
              disabled={isRestoring}
              aria-describedby={headingId}
            >
              <LuTrash2 aria-hidden />
              {t.deleteForever}
            </Button>
          </HStack>
        </Flex>
        {problem ? (
          <Alert.Root status={problem.suggestion ? 'warning' : 'error'} role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{problem.message}</Alert.Description>
              {problem.suggestion ? (
                <Box mt="2">
                  <Button
                    size="sm"
                    colorPalette="blue"
                    onClick={() => void onRestore(article.id, problem.suggestion)}
                    loading={isRestoring}
                    loadingText={t.restoring}
                  >
                    {t.restoreAs(problem.suggestion)}
                  </Button>
                </Box>
              ) : null}
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </Stack>
    </chakra.li>
  );
});

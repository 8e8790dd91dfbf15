import { memo, useCallback, type ReactNode } from 'react';
import { Box, Button, Center, chakra, EmptyState, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { LuCircleAlert, LuCircleCheck, LuCopy, LuFileText, LuSearchX } from 'react-icons/lu';
import type { ArticleCard as ArticleCardData, ArticleFilter } from '../../contract';
import { texts } from '../../lib/texts';
import { articlesScreenTexts } from '../../lib/texts-articles';
import { ArticleCard } from './ArticleCard';
import { LoadMoreFooter } from '../lists/LoadMoreFooter';
import { useListBox, useWindowRows } from '../lists/useWindowRows';

/** A typical card with both URLs and both previews, plus the 16px gap below it. */
const ESTIMATED_ROW_HEIGHT = 360;
/**
 * Cards rendered beyond the visible area on each side (about 2,000px), so scrolling and Tab
 * (four stops per card) never reach a gap before the window follows.
 */
const OVERSCAN_ROWS = 6;

export interface ArticleListProps {
  articles: readonly ArticleCardData[] | undefined;
  /** Chooses the empty-state wording. */
  filter: ArticleFilter;
  isLoading?: boolean;
  /** When set, the error state is shown (its message, or the fallback text). */
  error?: { message?: string } | null;
  onRetry: () => void;
  /** Without it (a role that may delete nothing) the cards have no Delete. */
  onDelete?: (id: string) => void;
  /** The article whose deletion is pending. */
  deletingId?: string | null;
  /** Why the signed-in role may not delete a published article: its card's Delete is disabled with it. */
  deletePublishedRefused?: string | null;
  /** The server has another page. */
  hasMore?: boolean;
  isFetchingMore?: boolean;
  onLoadMore?: () => void;
  /** The search the list answers: its words are marked in the cards; no match says so. */
  search?: string;
  onClearSearch?: () => void;
  /** Only the articles that need attention are asked for: an empty list says nothing does. */
  attention?: boolean;
  /** Only the articles that look like a copy are asked for: an empty list says none does. */
  copies?: boolean;
  /** The articles selected for a bulk action. */
  selected?: ReadonlySet<string>;
  /** With it every card has a selection checkbox (see ArticleCard). */
  onToggleSelect?: (id: string, range: boolean) => void;
}

/** Loading, error and empty states, shared with the table view and the trash (which names itself). */
export function LoadingState({ label = texts.articles.loading }: { label?: string }) {
  return (
    <Center role="status" py="16">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="fg.muted" />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}

/** The frame of the list states: an icon, a heading and a line below it, and maybe an action. */
export function StateNotice({
  icon,
  title,
  body,
  role,
  indicatorColor,
  children,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  role?: 'alert';
  indicatorColor?: string;
  children?: ReactNode;
}) {
  return (
    <EmptyState.Root role={role}>
      <EmptyState.Content>
        <EmptyState.Indicator color={indicatorColor}>{icon}</EmptyState.Indicator>
        <Stack textAlign="center" gap="1">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          <Text color="fg.muted">{body}</Text>
        </Stack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

export function ErrorState({
  title = texts.articles.errorTitle,
  message,
  onRetry,
}: {
  title?: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <StateNotice role="alert" indicatorColor="status.down" icon={<LuCircleAlert />} title={title} body={message}>
      <Button onClick={onRetry}>{texts.articles.tryAgain}</Button>
    </StateNotice>
  );
}

export function EmptyArticles({ filter }: { filter: ArticleFilter }) {
  const wording = texts.articles.empty[filter];
  return <StateNotice icon={<LuFileText />} title={wording.title} body={wording.body} />;
}

/** The attention filter's empty list: nothing to fix in the tab. */
export function NothingNeedsAttention() {
  return <StateNotice icon={<LuCircleCheck />} title={articlesScreenTexts.nothingNeedsAttention} body={articlesScreenTexts.nothingNeedsAttentionHint} />;
}

/** The copies filter's empty list: no article in the tab looks like a copy. */
export function NoCopies() {
  return <StateNotice icon={<LuCopy />} title={articlesScreenTexts.noCopies} body={articlesScreenTexts.noCopiesHint} />;
}

/** Both filters' empty list: no copy in the tab needs attention. */
export function NoCopiesNeedAttention() {
  return <StateNotice icon={<LuCopy />} title={articlesScreenTexts.noCopiesNeedAttention} body={articlesScreenTexts.noCopiesNeedAttentionHint} />;
}

interface EmptyListProps {
  search: string;
  attention: boolean;
  copies?: boolean;
  filter: ArticleFilter;
  onClearSearch?: () => void;
}

/** The empty list: no match of the search, nothing needing attention, no copy (or neither), or none in the tab. */
export function EmptyList({ search, attention, copies = false, filter, onClearSearch }: EmptyListProps) {
  if (search) return <NoSearchMatch search={search} onClearSearch={onClearSearch} />;
  if (attention) return copies ? <NoCopiesNeedAttention /> : <NothingNeedsAttention />;
  return copies ? <NoCopies /> : <EmptyArticles filter={filter} />;
}

/** A search with no match: says so, and offers to clear it. */
export function NoSearchMatch({ search, onClearSearch }: { search: string; onClearSearch?: () => void }) {
  return (
    <StateNotice icon={<LuSearchX />} title={articlesScreenTexts.noMatch(search)} body={articlesScreenTexts.noMatchHint}>
      {onClearSearch ? (
        <Button variant="outline" onClick={onClearSearch}>
          {articlesScreenTexts.clearSearch}
        </Button>
      ) : null}
    </StateNotice>
  );
}

/**
 * The articles list and its states. Even with thousands of articles loaded only the cards near
 * the visible area are mounted (window virtualisation: the page scrolls, not a box); a sentinel
 * below the list asks for the next server page.
 */
export function ArticleList({
  articles,
  filter,
  isLoading = false,
  error,
  onRetry,
  onDelete,
  deletingId,
  deletePublishedRefused,
  hasMore = false,
  isFetchingMore = false,
  onLoadMore,
  search = '',
  onClearSearch,
  attention = false,
  copies = false,
  selected,
  onToggleSelect,
}: ArticleListProps) {
  if (isLoading) return <LoadingState />;
  if (error) return <ErrorState message={error.message || texts.articles.errorFallback} onRetry={onRetry} />;
  if (!articles || articles.length === 0) {
    return <EmptyList search={search} attention={attention} copies={copies} filter={filter} onClearSearch={onClearSearch} />;
  }
  return (
    <WindowedArticles
      articles={articles}
      search={search}
      onDelete={onDelete}
      deletingId={deletingId}
      deletePublishedRefused={deletePublishedRefused}
      hasMore={hasMore}
      isFetchingMore={isFetchingMore}
      onLoadMore={onLoadMore}
      selected={selected}
      onToggleSelect={onToggleSelect}
    />
  );
}

function WindowedArticles({
  articles,
  selected,
  onToggleSelect,
  onDelete,
  deletingId,
  deletePublishedRefused,
  hasMore,
  isFetchingMore,
  onLoadMore,
  search,
}: Required<Pick<ArticleListProps, 'hasMore' | 'isFetchingMore' | 'search'>> &
  Pick<ArticleListProps, 'onDelete' | 'deletingId' | 'deletePublishedRefused' | 'onLoadMore' | 'selected' | 'onToggleSelect'> & {
    articles: readonly ArticleCardData[];
  }) {
  const getItemKey = useCallback((index: number) => articles[index]!.id, [articles]);
  const { listRef, scrollMargin } = useListBox();
  const { measureRow, rows, totalSize, offset } = useWindowRows({
    count: articles.length,
    estimateSize: ESTIMATED_ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    getItemKey,
    scrollMargin,
  });
  const canLoadMore = hasMore && !isFetchingMore && onLoadMore !== undefined;
  const setSize = hasMore ? -1 : articles.length;

  return (
    <Box>
      {/* Inline styles, not style props: these change while scrolling and must not mint CSS classes. */}
      <div ref={listRef} style={{ position: 'relative', height: totalSize }}>
        <chakra.ul
          role="list"
          aria-label={texts.articles.listLabel}
          aria-busy={isFetchingMore}
          listStyleType="none"
          position="absolute"
          top="0"
          left="0"
          w="full"
          style={{ transform: `translateY(${offset}px)` }}
        >
          {rows.map((row) => {
            const article = articles[row.index]!;
            return (
              <ArticleRow
                key={row.key}
                index={row.index}
                setSize={setSize}
                measureRow={measureRow}
                article={article}
                onDelete={onDelete}
                isDeleting={article.id === deletingId}
                deletePublishedRefused={deletePublishedRefused}
                search={search}
                isSelected={selected?.has(article.id) ?? false}
                onToggleSelect={onToggleSelect}
              />
            );
          })}
        </chakra.ul>
      </div>
      {hasMore ? (
        <LoadMoreFooter
          itemCount={articles.length}
          canLoadMore={canLoadMore}
          isFetchingMore={isFetchingMore}
          onLoadMore={onLoadMore}
        />
      ) : null}
    </Box>
  );
}

/** One row: rendered when it enters the window, then left alone while the list scrolls. */
const ArticleRow = memo(function ArticleRow({
  index,
  setSize,
  measureRow,
  article,
  onDelete,
  isDeleting,
  deletePublishedRefused,
  search,
  isSelected,
  onToggleSelect,
}: {
  index: number;
  setSize: number;
  measureRow: (element: HTMLElement | null) => void;
  article: ArticleCardData;
  onDelete?: (id: string) => void;
  isDeleting: boolean;
  deletePublishedRefused?: string | null;
  search: string;
  isSelected: boolean;
  onToggleSelect?: (id: string, range: boolean) => void;
}) {
  return (
    <chakra.li ref={measureRow} data-index={index} aria-setsize={setSize} aria-posinset={index + 1} pb="4">
      <ArticleCard
        article={article}
        onDelete={onDelete}
        isDeleting={isDeleting}
        deletePublishedRefused={deletePublishedRefused}
        highlight={search}
        selected={isSelected}
        onToggleSelect={onToggleSelect}
      />
    </chakra.li>
  );
});

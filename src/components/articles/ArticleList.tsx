import { memo, useCallback } from 'react';
import { Box, chakra } from '@chakra-ui/react';
import type { ArticleCard as ArticleCardData } from '../../contract';
import { texts } from '../../lib/texts';
import { ArticleCard } from './ArticleCard';
import { ArticleListStates, type ArticleListStatesProps } from './ArticleListStates';
import { LoadMoreFooter } from '../lists/LoadMoreFooter';
import { useListBox, useWindowRows } from '../lists/useWindowRows';
import { WindowedList } from '../lists/WindowedList';

/** A typical card with both URLs and both previews, plus the 16px gap below it. */
const ESTIMATED_ROW_HEIGHT = 360;
/**
 * Cards rendered beyond the visible area on each side (about 2,000px), so scrolling and Tab
 * (four stops per card) never reach a gap before the window follows.
 */
const OVERSCAN_ROWS = 6;

export interface ArticleListProps extends ArticleListStatesProps {
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
  /** The articles selected for a bulk action. */
  selected?: ReadonlySet<string>;
  /** With it every card has a selection checkbox (see ArticleCard). */
  onToggleSelect?: (id: string, range: boolean) => void;
}

/**
 * The articles list and its states. Even with thousands of articles loaded only the cards near
 * the visible area are mounted (window virtualisation: the page scrolls, not a box); a sentinel
 * below the list asks for the next server page.
 */
export function ArticleList({
  onDelete,
  deletingId,
  deletePublishedRefused,
  hasMore = false,
  isFetchingMore = false,
  onLoadMore,
  selected,
  onToggleSelect,
  ...states
}: ArticleListProps) {
  return (
    <ArticleListStates {...states}>
      {(articles) => (
        <WindowedArticles
          articles={articles}
          search={states.search ?? ''}
          onDelete={onDelete}
          deletingId={deletingId}
          deletePublishedRefused={deletePublishedRefused}
          hasMore={hasMore}
          isFetchingMore={isFetchingMore}
          onLoadMore={onLoadMore}
          selected={selected}
          onToggleSelect={onToggleSelect}
        />
      )}
    </ArticleListStates>
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
  const setSize = hasMore ? -1 : articles.length;

  return (
    <Box>
      <WindowedList boxRef={listRef} height={totalSize} offset={offset} aria-label={texts.articles.listLabel} aria-busy={isFetchingMore}>
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
      </WindowedList>
      <LoadMoreFooter itemCount={articles.length} hasMore={hasMore} isFetchingMore={isFetchingMore} onLoadMore={onLoadMore} />
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

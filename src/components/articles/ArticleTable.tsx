import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Badge, Box, chakra, Link } from '@chakra-ui/react';
import type { ArticleCard } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { texts } from '../../lib/texts';
import { bulkTexts, articlesScreenTexts as t } from '../../lib/texts-articles';
import { AppLink } from '../common/AppLink';
import { LoadMoreFooter } from '../lists/LoadMoreFooter';
import { useListBox, useWindowRows } from '../lists/useWindowRows';
import { articleRowTitle, sourceSite } from './articleRow';
import { ArticleListStates, type ArticleListStatesProps } from './ArticleListStates';
import { HighlightedText } from './HighlightedText';
import { SelectCheckbox } from './SelectCheckbox';
import { AssignmentBadges } from '../assignment/AssignmentBadges';
import { ExtractionBadge } from '../extraction/ExtractionBadge';
import { ScheduleBadges } from '../schedule/ScheduleBadges';

/** Every row is this tall (border included), so 15 and more fit a 1440x900 window. */
const ROW_HEIGHT = 36;
/** Rows beyond the visible ones on each side: the next row is always there for the arrow keys. */
const OVERSCAN_ROWS = 10;
/** Title, status, site, updated, actions; on a phone the site and the date are left out. */
const COLUMNS = {
  base: 'minmax(0, 1fr) 5.5rem 4.5rem',
  md: 'minmax(0, 3fr) 6.5rem minmax(0, 2fr) 11.5rem 5rem',
};

const WIDE_ONLY = { base: 'none', md: 'block' } as const;

export interface ArticleTableProps extends ArticleListStatesProps {
  /** A row was chosen (click, or Enter on the focused row). */
  onOpen: (id: string) => void;
  hasMore?: boolean;
  isFetchingMore?: boolean;
  onLoadMore?: () => void;
  /** The articles selected for a bulk action. */
  selected?: ReadonlySet<string>;
  /**
   * With it every row has a selection checkbox, and Space on the focused row toggles it.
   * `range`: Shift was held (select from the last clicked to this one).
   */
  onToggleSelect?: (id: string, range: boolean) => void;
  /** 'Select all on this page', in the checkbox column's header. */
  selectAll?: { allSelected: boolean; someSelected: boolean; onToggleAll: () => void };
}

/**
 * The dense view of the articles: one row each, windowed like the cards. A grid with one tab
 * stop: the arrow keys (and Home, End) move between rows, Enter opens the focused one.
 */
export function ArticleTable({
  onOpen,
  hasMore = false,
  isFetchingMore = false,
  onLoadMore,
  selected,
  onToggleSelect,
  selectAll,
  ...states
}: ArticleTableProps) {
  return (
    <ArticleListStates {...states}>
      {(articles) => (
        <WindowedTable
          articles={articles}
          onOpen={onOpen}
          hasMore={hasMore}
          isFetchingMore={isFetchingMore}
          onLoadMore={onLoadMore}
          search={states.search ?? ''}
          selected={selected}
          onToggleSelect={onToggleSelect}
          selectAll={selectAll}
        />
      )}
    </ArticleListStates>
  );
}

function HeaderCell({ children, wideOnly = false }: { children: string; wideOnly?: boolean }) {
  return (
    <Box role="columnheader" display={wideOnly ? WIDE_ONLY : 'block'} px="3" truncate>
      {children}
    </Box>
  );
}

function WindowedTable({
  articles,
  onOpen,
  hasMore,
  isFetchingMore,
  onLoadMore,
  search,
  selected,
  onToggleSelect,
  selectAll,
}: {
  articles: readonly ArticleCard[];
  onOpen: (id: string) => void;
  hasMore: boolean;
  isFetchingMore: boolean;
  onLoadMore?: () => void;
  search: string;
  selected?: ReadonlySet<string>;
  onToggleSelect?: (id: string, range: boolean) => void;
  selectAll?: ArticleTableProps['selectAll'];
}) {

  const getItemKey = useCallback((index: number) => articles[index]!.id, [articles]);
  const { listRef, scrollMargin } = useListBox();
  const { measureRow, rows, totalSize, offset } = useWindowRows({
    count: articles.length,
    estimateSize: ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    getItemKey,
    scrollMargin,
  });
  const body = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  /** A row the keys moved to that was not mounted yet: focused once the window renders it. */
  const pendingFocus = useRef<number | null>(null);
  // The row reached by Tab: the last one focused, or the first mounted when that one scrolled away.
  const tabStop = rows.some((row) => row.index === active) ? active : (rows[0]?.index ?? 0);

  const rowElement = (index: number) =>
    body.current?.querySelector<HTMLElement>(`[role="row"][data-index="${index}"]`) ?? null;

  useEffect(() => {
    if (pendingFocus.current === null) return;
    const element = rowElement(pendingFocus.current);
    if (!element) return;
    pendingFocus.current = null;
    element.focus();
  }, [rows]);

  const moveTo = (index: number) => {
    setActive(index);
    const element = rowElement(index);
    if (element) {
      element.focus();
      return;
    }
    // Rows are all ROW_HEIGHT tall, so where a row sits is known before it is mounted.
    pendingFocus.current = index;
    const view = body.current?.ownerDocument.defaultView;
    view?.scrollTo({ top: scrollMargin + index * ROW_HEIGHT - view.innerHeight / 2 });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[role="row"][data-index]');
    if (!row) return;
    const index = Number(row.dataset.index);
    const last = articles.length - 1;
    const next: Record<string, number> = {
      ArrowDown: Math.min(index + 1, last),
      ArrowUp: Math.max(index - 1, 0),
      Home: 0,
      End: last,
    };
    if (event.key in next) {
      event.preventDefault();
      moveTo(next[event.key]!);
    } else if (event.key === 'Enter' && event.target === row) {
      event.preventDefault();
      onOpen(articles[index]!.id);
    } else if (event.key === ' ' && event.target === row && onToggleSelect) {
      event.preventDefault();
      onToggleSelect(articles[index]!.id, event.shiftKey);
    }
  };

  return (
    <Box>
      <Box
        role="grid"
        aria-label={t.tableLabel}
        aria-rowcount={hasMore ? -1 : articles.length + 1}
        aria-busy={isFetchingMore}
        textStyle="sm"
        borderWidth="1px"
        rounded="md"
        bg="bg.card"
      >
        <Box role="rowgroup">
          <Box
            role="row"
            aria-rowindex={1}
            display="grid"
            gridTemplateColumns={COLUMNS}
            alignItems="center"
            h="9"
            borderBottomWidth="1px"
            color="fg.muted"
            fontWeight="semibold"
            textStyle="xs"
          >
            {/* The selection checkboxes sit in the title column (its first cells stay the titles). */}
            {selectAll && onToggleSelect ? (
              <Box role="columnheader" px="3" display="flex" alignItems="center" gap="3" minW="0">
                <SelectCheckbox
                  label={bulkTexts.selectAll}
                  checked={selectAll.allSelected ? true : selectAll.someSelected ? 'indeterminate' : false}
                  onToggle={selectAll.onToggleAll}
                />
                <Box as="span" truncate>
                  {t.columnTitle}
                </Box>
              </Box>
            ) : (
              <HeaderCell>{t.columnTitle}</HeaderCell>
            )}
            <HeaderCell>{t.columnStatus}</HeaderCell>
            <HeaderCell wideOnly>{t.columnSite}</HeaderCell>
            <HeaderCell wideOnly>{t.columnUpdated}</HeaderCell>
            <HeaderCell>{t.columnActions}</HeaderCell>
          </Box>
        </Box>
        {/* Inline styles, not style props: these change while scrolling and must not mint CSS classes. */}
        <div ref={listRef} style={{ position: 'relative', height: totalSize }}>
          <div
            ref={body}
            role="rowgroup"
            onKeyDown={onKeyDown}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${offset}px)` }}
          >
            {rows.map((row) => (
              <ArticleTableRow
                key={row.key}
                index={row.index}
                measureRow={measureRow}
                article={articles[row.index]!}
                isTabStop={row.index === tabStop}
                onFocusRow={setActive}
                onOpen={onOpen}
                search={search}
                isSelected={selected?.has(articles[row.index]!.id) ?? false}
                onToggleSelect={onToggleSelect}
              />
            ))}
          </div>
        </div>
      </Box>
      <LoadMoreFooter itemCount={articles.length} hasMore={hasMore} isFetchingMore={isFetchingMore} onLoadMore={onLoadMore} />
    </Box>
  );
}

const ArticleTableRow = memo(function ArticleTableRow({
  index,
  measureRow,
  article,
  isTabStop,
  onFocusRow,
  onOpen,
  search,
  isSelected,
  onToggleSelect,
}: {
  index: number;
  measureRow: (element: HTMLElement | null) => void;
  article: ArticleCard;
  isTabStop: boolean;
  onFocusRow: (index: number) => void;
  onOpen: (id: string) => void;
  search: string;
  isSelected: boolean;
  onToggleSelect?: (id: string, range: boolean) => void;
}) {
  const title = articleRowTitle(article);
  const site = sourceSite(article.scrapedUrl);
  const isPublished = article.status === 'published';
  return (
    <chakra.div
      ref={measureRow}
      role="row"
      data-index={index}
      aria-rowindex={index + 2}
      tabIndex={isTabStop ? 0 : -1}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onFocusRow(index);
      }}
      aria-selected={onToggleSelect ? isSelected : undefined}
      onClick={() => onOpen(article.id)}
      display="grid"
      gridTemplateColumns={COLUMNS}
      alignItems="center"
      h="9"
      borderBottomWidth="1px"
      _last={{ borderBottomWidth: '0' }}
      cursor="pointer"
      _hover={{ bg: 'bg.muted' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px' }}
      colorPalette="blue"
    >
      <Box role="gridcell" px="3" title={title} fontWeight="medium" display="flex" alignItems="center" gap="3" minW="0">
        {onToggleSelect ? (
          <SelectCheckbox
            label={bulkTexts.select(title)}
            checked={isSelected}
            onToggle={(range) => onToggleSelect(article.id, range)}
            tabIndex={-1}
          />
        ) : null}
        <Box as="span" truncate flex="0 1 auto" minW="3rem">
          <HighlightedText text={title} query={search} />
        </Box>
        <ScheduleBadges schedule={article} size="sm" nowrap />
        <ExtractionBadge quality={article.extractionQuality} size="sm" />
        <AssignmentBadges article={article} size="sm" nowrap />
      </Box>
      <Box role="gridcell" px="3">
        <Badge size="sm" colorPalette={isPublished ? 'green' : 'orange'} variant="subtle">
          {isPublished ? texts.articles.published : texts.articles.draft}
        </Badge>
      </Box>
      <Box role="gridcell" px="3" truncate display={WIDE_ONLY} color="fg.muted" title={site ?? undefined}>
        {site ? <HighlightedText text={site} query={search} /> : t.noSite}
      </Box>
      <Box role="gridcell" px="3" truncate display={WIDE_ONLY} color="fg.muted">
        <time dateTime={article.updatedAt}>{formatDateTime(article.updatedAt)}</time>
      </Box>
      <Box role="gridcell" px="3">
        <Link asChild colorPalette="blue" color="colorPalette.fg" textStyle="sm">
          <AppLink
            href={`/articles/${article.id}`}
            tabIndex={-1}
            aria-label={t.openArticle(title)}
            onClick={(event) => event.stopPropagation()}
          >
            {t.open}
          </AppLink>
        </Link>
      </Box>
    </chakra.div>
  );
});

import { Box, Button, Flex, Group, IconButton } from '@chakra-ui/react';
import { LuCalendar, LuCircleAlert, LuCopy, LuLayoutGrid, LuRefreshCw, LuTable, LuUserCheck } from 'react-icons/lu';
import { formatSearchCount } from '../../contract';
import { assignmentTexts } from '../../lib/texts-assignment';
import { calendarTexts } from '../../lib/texts-calendar';
import { articlesScreenTexts } from '../../lib/texts-articles';
import { ArticleSearchBox, type ArticleSearchBoxProps } from './ArticleSearchBox';
import { ArticleSiteSelect, type ArticleSiteCount } from './ArticleSiteSelect';
import { ArticleSortSelect, type ArticleSortChoice } from './ArticleSortSelect';
import type { ArticlesView } from './useArticlesView';

export interface ArticlesToolbarProps extends ArticleSearchBoxProps {
  view: ArticlesView;
  onViewChange: (view: ArticlesView) => void;
  /** The order shown as chosen; 'relevance' only while a search is in force. */
  sort: ArticleSortChoice;
  /** A search is in force: 'Best match' is offered. */
  isSearch: boolean;
  onSortChange: (sort: ArticleSortChoice) => void;
  /** The chosen source site; '' for all. */
  site: string;
  /** The top source sites of the tab and search, with counts; undefined while they load. */
  sites: readonly ArticleSiteCount[] | undefined;
  onSiteChange: (site: string) => void;
  /** Only the articles whose last checks found something to fix. */
  attention?: boolean;
  /** How many articles need attention (the list's first page says); undefined while it loads. */
  attentionCount?: number;
  /** Without it, no attention toggle. */
  onAttentionChange?: (attention: boolean) => void;
  /** Only the articles that look like a copy of another. */
  copies?: boolean;
  /** Without it, no copies toggle. */
  onCopiesChange?: (copies: boolean) => void;
  /** Only the articles whose source changed. */
  sourceChanged?: boolean;
  /** How many articles' sources changed (the list's first page says): the toggle shows when some did, or while it is on. */
  sourceChangedCount?: number;
  onSourceChangedChange?: (sourceChanged: boolean) => void;
  /** Only the articles assigned to the signed-in account. */
  mine?: boolean;
  /** How many are theirs (the list's first page says): the toggle shows when some are, or while it is on. */
  mineCount?: number;
  onMineChange?: (mine: boolean) => void;
  /** The list below is the trash, which is neither searched, sorted nor filtered: all are disabled. */
  disabled?: boolean;
}

const VIEWS = [
  { value: 'cards', label: articlesScreenTexts.cardsView, icon: <LuLayoutGrid /> },
  { value: 'table', label: articlesScreenTexts.tableView, icon: <LuTable /> },
  { value: 'calendar', label: calendarTexts.view, icon: <LuCalendar /> },
] as const;

/**
 * The search box, the order, the source site, the attention and copies toggles and the cards/table toggle above the articles. On
 * a narrow screen the search takes a row of its own and the rest wrap below it. Disabled (kept
 * in place, so the tabs below do not move) while the Trash tab is open.
 */
export function ArticlesToolbar({
  view,
  onViewChange,
  sort,
  isSearch,
  onSortChange,
  site,
  sites,
  onSiteChange,
  attention = false,
  attentionCount,
  onAttentionChange,
  copies = false,
  onCopiesChange,
  sourceChanged = false,
  sourceChangedCount,
  onSourceChangedChange,
  mine = false,
  mineCount,
  onMineChange,
  disabled = false,
  ...search
}: ArticlesToolbarProps) {
  return (
    <Flex gap="3" align="center" wrap="wrap">
      <Box display="flex" flex="1 1 13rem" minW={{ base: 'full', sm: '13rem' }}>
        <ArticleSearchBox {...search} disabled={disabled} />
      </Box>
      <ArticleSortSelect value={sort} offerRelevance={isSearch} onChange={onSortChange} disabled={disabled} />
      <ArticleSiteSelect value={site} sites={sites} onChange={onSiteChange} disabled={disabled} />
      {onAttentionChange ? (
        <Button
          variant={attention ? 'solid' : 'outline'}
          aria-pressed={attention}
          title={articlesScreenTexts.attentionHint}
          onClick={() => onAttentionChange(!attention)}
          disabled={disabled}
        >
          <LuCircleAlert aria-hidden />
          {articlesScreenTexts.attention}
          {attentionCount === undefined ? null : ` ${articlesScreenTexts.attentionCount(formatSearchCount(attentionCount))}`}
        </Button>
      ) : null}
      {onCopiesChange ? (
        // An icon, named for screen readers and on hover: the toolbar keeps one row at 1280 px and
        // the table its 15 rows at 1440 × 900.
        <IconButton
          variant={copies ? 'solid' : 'outline'}
          aria-pressed={copies}
          aria-label={articlesScreenTexts.copies}
          title={articlesScreenTexts.copiesHint}
          onClick={() => onCopiesChange(!copies)}
          disabled={disabled}
        >
          <LuCopy />
        </IconButton>
      ) : null}
      {onSourceChangedChange && (sourceChanged || (sourceChangedCount ?? 0) > 0) ? (
        <Button
          variant={sourceChanged ? 'solid' : 'outline'}
          colorPalette="orange"
          aria-pressed={sourceChanged}
          title={articlesScreenTexts.sourceChangedHint}
          onClick={() => onSourceChangedChange(!sourceChanged)}
          disabled={disabled}
        >
          <LuRefreshCw aria-hidden />
          {articlesScreenTexts.sourceChanged}
          {sourceChangedCount === undefined ? null : ` ${articlesScreenTexts.attentionCount(formatSearchCount(sourceChangedCount))}`}
        </Button>
      ) : null}
      {onMineChange && (mine || (mineCount ?? 0) > 0) ? (
        <Button variant={mine ? 'solid' : 'outline'} aria-pressed={mine} title={assignmentTexts.mineHint} onClick={() => onMineChange(!mine)} disabled={disabled}>
          <LuUserCheck aria-hidden />
          {assignmentTexts.mine}
          {mineCount === undefined ? null : ` ${articlesScreenTexts.attentionCount(formatSearchCount(mineCount))}`}
        </Button>
      ) : null}
      <Group attached role="group" aria-label={articlesScreenTexts.viewLabel}>
        {VIEWS.map((option) => (
          <IconButton
            key={option.value}
            aria-label={option.label}
            aria-pressed={view === option.value}
            variant={view === option.value ? 'solid' : 'outline'}
            onClick={() => onViewChange(option.value)}
            disabled={disabled}
          >
            {option.icon}
          </IconButton>
        ))}
      </Group>
    </Flex>
  );
}

import { Box, Button, Flex, Group, IconButton } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuCircleAlert, LuCopy, LuLayoutGrid, LuTable } from 'react-icons/lu';
import { formatSearchCount } from '../../contract';
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
  /** The list below is the trash, which is neither searched, sorted nor filtered: all are disabled. */
  disabled?: boolean;
}

interface FilterToggleProps {
  pressed: boolean;
  onChange: (pressed: boolean) => void;
  /** What pressing it keeps, said on hover. */
  hint: string;
  icon: ReactNode;
  disabled: boolean;
  children: ReactNode;
}

/** A filter of the list that is on or off: solid and `aria-pressed` while on. */
function FilterToggle({ pressed, onChange, hint, icon, disabled, children }: FilterToggleProps) {
  return (
    <Button variant={pressed ? 'solid' : 'outline'} aria-pressed={pressed} title={hint} onClick={() => onChange(!pressed)} disabled={disabled}>
      {icon}
      {children}
    </Button>
  );
}

const VIEWS = [
  { value: 'cards', label: articlesScreenTexts.cardsView, icon: <LuLayoutGrid /> },
  { value: 'table', label: articlesScreenTexts.tableView, icon: <LuTable /> },
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
  disabled = false,
  ...search
}: ArticlesToolbarProps) {
  return (
    <Flex gap="3" align="center" wrap="wrap">
      <Box display="flex" flex="1 1 16rem" minW={{ base: 'full', sm: '16rem' }}>
        <ArticleSearchBox {...search} disabled={disabled} />
      </Box>
      <ArticleSortSelect value={sort} offerRelevance={isSearch} onChange={onSortChange} disabled={disabled} />
      <ArticleSiteSelect value={site} sites={sites} onChange={onSiteChange} disabled={disabled} />
      {onAttentionChange ? (
        <FilterToggle pressed={attention} onChange={onAttentionChange} hint={articlesScreenTexts.attentionHint} icon={<LuCircleAlert aria-hidden />} disabled={disabled}>
          {articlesScreenTexts.attention}
          {attentionCount === undefined ? null : ` ${articlesScreenTexts.attentionCount(formatSearchCount(attentionCount))}`}
        </FilterToggle>
      ) : null}
      {onCopiesChange ? (
        <FilterToggle pressed={copies} onChange={onCopiesChange} hint={articlesScreenTexts.copiesHint} icon={<LuCopy aria-hidden />} disabled={disabled}>
          {articlesScreenTexts.copies}
        </FilterToggle>
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

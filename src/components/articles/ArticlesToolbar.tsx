import { Box, Flex, Group, IconButton } from '@chakra-ui/react';
import { LuLayoutGrid, LuTable } from 'react-icons/lu';
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
  /** The list below is the trash, which is neither searched, sorted nor filtered: all are disabled. */
  disabled?: boolean;
}

const VIEWS = [
  { value: 'cards', label: articlesScreenTexts.cardsView, icon: <LuLayoutGrid /> },
  { value: 'table', label: articlesScreenTexts.tableView, icon: <LuTable /> },
] as const;

/**
 * The search box, the order, the source site and the cards/table toggle above the articles. On
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
  disabled = false,
  ...search
}: ArticlesToolbarProps) {
  return (
    <Flex gap="3" align="center" wrap="wrap">
      <Box display="flex" flex="1 1 18rem" minW={{ base: 'full', sm: '18rem' }}>
        <ArticleSearchBox {...search} disabled={disabled} />
      </Box>
      <ArticleSortSelect value={sort} offerRelevance={isSearch} onChange={onSortChange} disabled={disabled} />
      <ArticleSiteSelect value={site} sites={sites} onChange={onSiteChange} disabled={disabled} />
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

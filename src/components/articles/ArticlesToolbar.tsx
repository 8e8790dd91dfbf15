import { Flex, Group, IconButton } from '@chakra-ui/react';
import { LuLayoutGrid, LuTable } from 'react-icons/lu';
import { articlesScreenTexts } from '../../lib/texts-articles';
import { ArticleSearchBox, type ArticleSearchBoxProps } from './ArticleSearchBox';
import type { ArticlesView } from './useArticlesView';

export interface ArticlesToolbarProps extends ArticleSearchBoxProps {
  view: ArticlesView;
  onViewChange: (view: ArticlesView) => void;
}

const VIEWS = [
  { value: 'cards', label: articlesScreenTexts.cardsView, icon: <LuLayoutGrid /> },
  { value: 'table', label: articlesScreenTexts.tableView, icon: <LuTable /> },
] as const;

/** The search box and the cards/table toggle above the articles. */
export function ArticlesToolbar({ view, onViewChange, ...search }: ArticlesToolbarProps) {
  return (
    <Flex gap="3" align="center">
      <ArticleSearchBox {...search} />
      <Group attached role="group" aria-label={articlesScreenTexts.viewLabel}>
        {VIEWS.map((option) => (
          <IconButton
            key={option.value}
            aria-label={option.label}
            aria-pressed={view === option.value}
            variant={view === option.value ? 'solid' : 'outline'}
            onClick={() => onViewChange(option.value)}
          >
            {option.icon}
          </IconButton>
        ))}
      </Group>
    </Flex>
  );
}

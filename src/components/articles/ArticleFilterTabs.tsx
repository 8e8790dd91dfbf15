import type { ReactNode } from 'react';
import { Badge, Tabs } from '@chakra-ui/react';
import type { ArticleCounts, ArticleFilter } from '../../contract';
import { formatSearchCount } from '../../contract/text';
import { texts } from '../../lib/texts';

const FILTERS: readonly { value: ArticleFilter; label: string }[] = [
  { value: 'all', label: texts.articles.tabAll },
  { value: 'published', label: texts.articles.tabPublished },
  { value: 'draft', label: texts.articles.tabDraft },
];

export interface ArticleFilterTabsProps {
  value: ArticleFilter;
  /** Count badges; none are shown until the counts are known. */
  counts: ArticleCounts | undefined;
  onChange: (filter: ArticleFilter) => void;
  /** The counts are a search's: capped by the server, shown as "1,000+" above the cap. */
  isSearch?: boolean;
  /** The list for the selected filter, rendered in the selected tab's panel. */
  children?: ReactNode;
}

/** All Articles / Published / Draft tabs, each with its count (SPEC.md "Articles list"). */
export function ArticleFilterTabs({ value, counts, onChange, isSearch = false, children }: ArticleFilterTabsProps) {
  return (
    <Tabs.Root
      value={value}
      onValueChange={(details) => {
        const filter = FILTERS.find((f) => f.value === details.value);
        if (filter) onChange(filter.value);
      }}
      variant="line"
    >
      <Tabs.List aria-label={texts.articles.filterLabel}>
        {FILTERS.map((filter) => (
          <Tabs.Trigger key={filter.value} value={filter.value}>
            {filter.label}
            {counts ? (
              <>
                {' '}
                <Badge size="sm" variant="subtle" colorPalette="gray">
                  {isSearch ? formatSearchCount(counts[filter.value]) : counts[filter.value]}
                </Badge>
              </>
            ) : null}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {/* Every trigger controls a panel; only the selected one holds the list. */}
      {FILTERS.map((filter) => (
        <Tabs.Content key={filter.value} value={filter.value}>
          {filter.value === value ? children : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

import type { ReactNode } from 'react';
import { Badge, Tabs } from '@chakra-ui/react';
import type { ArticleCounts, ArticleFilter } from '../../contract';
import { formatSearchCount } from '../../contract/text';
import { texts } from '../../lib/texts';
import { trashTexts } from '../../lib/texts-articles';

/** A status tab, or the trash. */
export type ArticleTab = ArticleFilter | 'trash';

const FILTERS: readonly { value: ArticleFilter; label: string }[] = [
  { value: 'all', label: texts.articles.tabAll },
  { value: 'published', label: texts.articles.tabPublished },
  { value: 'draft', label: texts.articles.tabDraft },
];

const TABS: readonly { value: ArticleTab; label: string }[] = [...FILTERS, { value: 'trash', label: trashTexts.tab }];

export interface ArticleFilterTabsProps {
  value: ArticleTab;
  /** Count badges; none are shown until the counts are known. */
  counts: ArticleCounts | undefined;
  /** How many articles the trash holds; no badge until it is known. */
  trashCount?: number;
  onChange: (tab: ArticleTab) => void;
  /** The counts are a search's: capped by the server, shown as "1,000+" above the cap. */
  isSearch?: boolean;
  /** The list for the selected filter, rendered in the selected tab's panel. */
  children?: ReactNode;
}

function CountBadge({ children }: { children: string | number }) {
  return (
    <>
      {' '}
      <Badge size="sm" variant="subtle" colorPalette="gray">
        {children}
      </Badge>
    </>
  );
}

/**
 * All Articles / Published / Draft tabs, each with its count (SPEC.md "Articles list"), and the
 * Trash with its own (not narrowed by a search: the trash is not searched).
 */
export function ArticleFilterTabs({
  value,
  counts,
  trashCount,
  onChange,
  isSearch = false,
  children,
}: ArticleFilterTabsProps) {
  return (
    <Tabs.Root
      value={value}
      onValueChange={(details) => {
        const tab = TABS.find((f) => f.value === details.value);
        if (tab) onChange(tab.value);
      }}
      variant="line"
    >
      <Tabs.List aria-label={texts.articles.filterLabel} flexWrap="wrap">
        {FILTERS.map((filter) => (
          <Tabs.Trigger key={filter.value} value={filter.value} flexShrink="0">
            {filter.label}
            {counts ? (
              <CountBadge>{isSearch ? formatSearchCount(counts[filter.value]) : counts[filter.value]}</CountBadge>
            ) : null}
          </Tabs.Trigger>
        ))}
        <Tabs.Trigger value="trash" flexShrink="0">
          {trashTexts.tab}
          {trashCount !== undefined ? <CountBadge>{trashCount}</CountBadge> : null}
        </Tabs.Trigger>
      </Tabs.List>
      {/* Every trigger controls a panel; only the selected one holds the list. */}
      {TABS.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value}>
          {tab.value === value ? children : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

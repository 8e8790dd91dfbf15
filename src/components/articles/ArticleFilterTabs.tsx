import type { ReactNode } from 'react';
import type { ArticleCounts, ArticleFilter } from '../../contract';
import { formatSearchCount } from '../../contract/text';
import { texts } from '../../lib/texts';
import { trashTexts } from '../../lib/texts-articles';
import { CountTabs } from '../common/CountTabs';

/** A status tab, or the trash. */
export type ArticleTab = ArticleFilter | 'trash';

const FILTERS: readonly { value: ArticleFilter; label: string }[] = [
  { value: 'all', label: texts.articles.tabAll },
  { value: 'published', label: texts.articles.tabPublished },
  { value: 'draft', label: texts.articles.tabDraft },
  { value: 'scheduled', label: texts.articles.tabScheduled },
];

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

/**
 * All Articles / Published / Draft tabs, each with its count (docs/product.md, 'Articles list'), the
 * Scheduled (a publish or unpublish time set), and the Trash with its own (not narrowed by a
 * search: the trash is not searched).
 */
export function ArticleFilterTabs({
  value,
  counts,
  trashCount,
  onChange,
  isSearch = false,
  children,
}: ArticleFilterTabsProps) {
  const count = (filter: ArticleFilter) => {
    // Another server may not count the scheduled: no badge then.
    const n = counts?.[filter];
    if (n === undefined) return undefined;
    return isSearch ? formatSearchCount(n) : n;
  };
  return (
    <CountTabs<ArticleTab>
      value={value}
      tabs={[
        ...FILTERS.map((filter) => ({ ...filter, count: count(filter.value) })),
        { value: 'trash', label: trashTexts.tab, count: trashCount },
      ]}
      onChange={onChange}
      label={texts.articles.filterLabel}
      wrap
    >
      {children}
    </CountTabs>
  );
}

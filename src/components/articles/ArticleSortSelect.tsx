import { NativeSelect } from '@chakra-ui/react';
import type { ArticleSort } from '../../contract';
import { articlesScreenTexts as t } from '../../lib/texts-articles';

/** An order of the list; 'relevance' (best match) is the server's own order of a search. */
export type ArticleSortChoice = ArticleSort | 'relevance';

const SORTS: readonly { value: ArticleSortChoice; label: string }[] = [
  { value: 'relevance', label: t.sortRelevance },
  { value: 'newest', label: t.sortNewest },
  { value: 'oldest', label: t.sortOldest },
  { value: 'updated', label: t.sortUpdated },
  { value: 'title', label: t.sortTitle },
];

const ORDERS: readonly ArticleSort[] = ['newest', 'oldest', 'updated', 'title'];

/** The `?sort=` value read back: one of the orders, else none (the default order). */
export function parseSort(value: string | null): ArticleSort | undefined {
  return ORDERS.find((order) => order === value);
}

export interface ArticleSortSelectProps {
  /** The order shown as chosen. */
  value: ArticleSortChoice;
  /** A search is in force: 'Best match' is offered. */
  offerRelevance: boolean;
  onChange: (sort: ArticleSortChoice) => void;
  disabled?: boolean;
}

/** Newest, oldest, recently updated, title A–Z; and best match while searching. */
export function ArticleSortSelect({ value, offerRelevance, onChange, disabled = false }: ArticleSortSelectProps) {
  return (
    <NativeSelect.Root flex="1 1 10rem" minW="0" disabled={disabled}>
      <NativeSelect.Field
        value={value}
        aria-label={t.sortLabel}
        bg="bg.card"
        onChange={(event) => {
          const chosen = SORTS.find((sort) => sort.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {SORTS.filter((sort) => offerRelevance || sort.value !== 'relevance').map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

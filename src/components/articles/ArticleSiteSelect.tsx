import { NativeSelect } from '@chakra-ui/react';
import type { ArticleSitesResult } from '../../contract';
import { articlesScreenTexts as t } from '../../lib/texts-articles';

export type ArticleSiteCount = ArticleSitesResult['data'][number];

export interface ArticleSiteSelectProps {
  /** The chosen host; '' for every site. */
  value: string;
  /** The top hosts of what the tab and the search show, with their counts; undefined while loading. */
  sites: readonly ArticleSiteCount[] | undefined;
  onChange: (site: string) => void;
  disabled?: boolean;
}

/**
 * 'All sites' and the hosts with the most articles, each with its count. A chosen host that is
 * not among them (a shared link, or another search) stays listed, without a count, so the select
 * always says what the list shows.
 */
export function ArticleSiteSelect({ value, sites, onChange, disabled = false }: ArticleSiteSelectProps) {
  const listed = sites ?? [];
  const missing = value !== '' && !listed.some((entry) => entry.site === value);
  return (
    <NativeSelect.Root flex="1 1 10rem" minW="0" disabled={disabled}>
      <NativeSelect.Field
        value={value}
        aria-label={t.siteLabel}
        bg="bg.card"
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t.allSites}</option>
        {listed.map((entry) => (
          <option key={entry.site} value={entry.site}>
            {t.siteOption(entry.site, entry.count)}
          </option>
        ))}
        {missing ? <option value={value}>{value}</option> : null}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

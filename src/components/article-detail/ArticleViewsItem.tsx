import { DataList, Flex, Skeleton, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ArticleViews } from '../../contract';
import { articleViewTexts as t } from '../../lib/texts-article-views';

export interface ArticleViewsItemProps {
  /** The last 30 days; undefined while loading; null when they could not be read. */
  views: ArticleViews | null | undefined;
}

/** A line per day, scaled to the busiest one: decoration beside the total (which says it all). */
function Sparkline({ data }: { data: ArticleViews['data'] }) {
  const max = Math.max(1, ...data.map((d) => d.views));
  const width = 120;
  const height = 24;
  const step = data.length > 1 ? width / (data.length - 1) : width;
  const points = data.map((d, i) => `${(i * step).toFixed(1)},${(height - (d.views / max) * height).toFixed(1)}`).join(' ');
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false">
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

/** 'Views (last 30 days)': the total of the article's public reads, with a line per day. */
export function ArticleViewsItem({ views }: ArticleViewsItemProps) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{t.label}</DataList.ItemLabel>
      <DataList.ItemValue>
        {views === undefined ? (
          <Skeleton height="5" width="32" />
        ) : views === null ? (
          <Text color="fg.muted">{t.unavailable}</Text>
        ) : (
          <Flex align="center" gap="3" wrap="wrap">
            <Text as="span" fontWeight="semibold" aria-hidden="true">
              {views.total.toLocaleString('en-US')}
            </Text>
            <VisuallyHidden>{t.summary(views.total, views.data.length)}</VisuallyHidden>
            <Text as="span" color="fg.muted" lineHeight="0">
              <Sparkline data={views.data} />
            </Text>
          </Flex>
        )}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

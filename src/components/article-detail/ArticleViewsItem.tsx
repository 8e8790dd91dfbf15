import { DataList, Flex, Skeleton, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ArticleViews } from '../../contract';
import { articleViewTexts as t } from '../../lib/texts-article-views';
import { Sparkline } from '../common/Sparkline';

export interface ArticleViewsItemProps {
  /** The last 30 days; undefined while loading; null when they could not be read. */
  views: ArticleViews | null | undefined;
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
              <Sparkline values={views.data.map((d) => d.views)} />
            </Text>
          </Flex>
        )}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

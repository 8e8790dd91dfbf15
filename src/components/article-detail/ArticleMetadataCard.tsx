import type { ReactNode } from 'react';
import { DataList } from '@chakra-ui/react';
import { formatDateTimeFull } from '../../lib/format';
import { texts } from '../../lib/texts';
import { DataListCard } from './DataListCard';

export interface ArticleMetadataCardProps {
  createdAt: string;
  updatedAt: string;
  /** Defaults to the viewer's time zone; stories pin it so their text is stable. */
  timeZone?: string;
  /** More items after the dates (the article page's views). */
  children?: ReactNode;
}

/** Created At and Updated At, in full US English date and time. */
export function ArticleMetadataCard({ createdAt, updatedAt, timeZone, children }: ArticleMetadataCardProps) {
  return (
    <DataListCard title={texts.article.metadata}>
      <DataList.Item>
        <DataList.ItemLabel>{texts.article.createdAt}</DataList.ItemLabel>
        <DataList.ItemValue>{formatDateTimeFull(createdAt, timeZone)}</DataList.ItemValue>
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>{texts.article.updatedAt}</DataList.ItemLabel>
        <DataList.ItemValue>{formatDateTimeFull(updatedAt, timeZone)}</DataList.ItemValue>
      </DataList.Item>
      {children}
    </DataListCard>
  );
}

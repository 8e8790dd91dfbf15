import { HStack, Icon, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuBan, LuCircleAlert, LuCircleCheck, LuClock, LuCopy } from 'react-icons/lu';
import { texts } from '../../lib/texts';
import { articleTitle } from '../article-detail/ArticleDetailHeader';
import { AppLink } from '../common/AppLink';
import type { ScrapeItem } from './scrapeItems';
import { ScrapeWarnings } from './ScrapeWarnings';
import { DuplicatesNotice } from '../article-detail/DuplicatesNotice';

export interface ScrapeItemStatusProps {
  item: ScrapeItem;
}

const t = texts.scrape;

/** What became of one address: its status, a link to the article, image counts and warnings. */
export function ScrapeItemStatus({ item }: ScrapeItemStatusProps) {
  switch (item.status) {
    case 'waiting':
      return <Line icon={<LuClock />} color="fg.muted" status={t.waiting} />;
    case 'scraping':
      return (
        <HStack gap="2" fontSize="sm">
          <Spinner size="xs" aria-hidden />
          <Text>{t.scraping}</Text>
        </HStack>
      );
    case 'cancelled':
      return <Line icon={<LuBan />} color="fg.muted" status={t.cancelled} />;
    case 'failed':
      return <Line icon={<LuCircleAlert />} color="status.down" status={t.failed(item.message)} />;
    case 'alreadyScraped':
      return (
        <Line icon={<LuCopy />} color="status.warn" status={t.alreadyScraped}>
          <ArticleLink id={item.articleId} slug={null} />
        </Line>
      );
    case 'created':
      return (
        <Stack gap="1">
          <Line icon={<LuCircleCheck />} color="status.ok" status={t.created}>
            <ArticleLink id={item.articleId} slug={item.slug} />
            <Text as="span" color="fg.muted">
              ({t.images(item.images.imported, item.images.reused)})
            </Text>
          </Line>
          <ScrapeWarnings warnings={item.warnings} />
          <DuplicatesNotice duplicates={item.duplicates} />
        </Stack>
      );
  }
}

interface LineProps {
  icon: ReactNode;
  color: string;
  /** The status text: 'Created', 'Failed: <the server's message>', … */
  status: string;
  children?: ReactNode;
}

function Line({ icon, color, status, children }: LineProps) {
  return (
    <HStack gap="2" fontSize="sm" wrap="wrap">
      <Icon color={color} aria-hidden>
        {icon}
      </Icon>
      <Text color={color} fontWeight="medium">
        {status}
      </Text>
      {children}
    </HStack>
  );
}

function ArticleLink({ id, slug }: { id: string; slug: string | null }) {
  return (
    <Link asChild variant="underline">
      <AppLink href={`/articles/${encodeURIComponent(id)}`}>{articleTitle(id, slug)}</AppLink>
    </Link>
  );
}

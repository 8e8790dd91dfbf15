import { DataList, HStack, IconButton, Text } from '@chakra-ui/react';
import { LuExternalLink } from 'react-icons/lu';
import { texts } from '../../lib/texts';
import { CopyButton } from './CopyButton';
import { DataListCard } from './DataListCard';

export interface ArticleUrlsCardProps {
  scrapedUrl: string | null;
  newUrl: string | null;
}

function UrlItem({ label, url }: { label: string; url: string | null }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>
        {url ? (
          <HStack gap="1" align="center" w="full">
            <Text flex="1" minW="0" fontSize="sm" fontFamily="mono" wordBreak="break-all">
              {url}
            </Text>
            <CopyButton text={url} label={texts.article.copy(label)} />
            <IconButton asChild size="sm" variant="ghost" aria-label={texts.article.openLink(label)}>
              <a href={url} target="_blank" rel="noopener noreferrer">
                <LuExternalLink />
              </a>
            </IconButton>
          </HStack>
        ) : (
          <Text color="fg.muted">{texts.article.noUrl}</Text>
        )}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** Scraped URL and New URL, each with a copy button and a link that opens in a new tab. */
export function ArticleUrlsCard({ scrapedUrl, newUrl }: ArticleUrlsCardProps) {
  return (
    <DataListCard title={texts.article.urls}>
      <UrlItem label={texts.article.scrapedUrl} url={scrapedUrl} />
      <UrlItem label={texts.article.newUrl} url={newUrl} />
    </DataListCard>
  );
}

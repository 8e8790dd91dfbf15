import { Alert, Button, Stack } from '@chakra-ui/react';
import { LuArrowRight } from 'react-icons/lu';
import { texts } from '../../lib/texts';
import { AppLink } from '../common/AppLink';
import { ErrorNotice } from '../common/ErrorNotice';
import type { ScrapeItem } from './scrapeItems';
import { ScrapeWarnings } from './ScrapeWarnings';
import { DuplicatesNotice } from '../article-detail/DuplicatesNotice';

export interface ScrapeSingleResultProps {
  /** The one address scraped. Waiting, scraping and cancelled show nothing: the button says it. */
  item: ScrapeItem;
}

const t = texts.scrape;

/**
 * One address scraped: an article with nothing to report opens directly (the route does it);
 * this shows the other outcomes: created with warnings or looking like a copy, already scraped, failed.
 */
export function ScrapeSingleResult({ item }: ScrapeSingleResultProps) {
  switch (item.status) {
    case 'failed':
      return <ErrorNotice message={item.message} />;
    case 'alreadyScraped':
      return (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Content gap="3">
            <Alert.Title>{item.message}</Alert.Title>
            <OpenArticle id={item.articleId} />
          </Alert.Content>
        </Alert.Root>
      );
    case 'created':
      return (
        <Alert.Root status={item.warnings.length > 0 || item.duplicates.length > 0 ? 'warning' : 'success'} role="status">
          <Alert.Indicator />
          <Alert.Content gap="3">
            <Alert.Title>{item.warnings.length > 0 ? t.createdWithWarnings : t.created}</Alert.Title>
            <Stack gap="3">
              <Alert.Description>{t.images(item.images.imported, item.images.reused)}</Alert.Description>
              <ScrapeWarnings warnings={item.warnings} />
              <DuplicatesNotice duplicates={item.duplicates} />
              <OpenArticle id={item.articleId} />
            </Stack>
          </Alert.Content>
        </Alert.Root>
      );
    default:
      return null;
  }
}

function OpenArticle({ id }: { id: string }) {
  return (
    <Button asChild size="sm" variant="outline" alignSelf="start">
      <AppLink href={`/articles/${encodeURIComponent(id)}`}>
        {t.openArticle}
        <LuArrowRight aria-hidden focusable="false" />
      </AppLink>
    </Button>
  );
}

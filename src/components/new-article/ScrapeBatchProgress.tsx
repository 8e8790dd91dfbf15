import { Box, Button, HStack, List, Progress, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { LuCircleStop } from 'react-icons/lu';
import { texts } from '../../lib/texts';
import { ScrapeItemStatus } from './ScrapeItemStatus';
import { countScrapes, type ScrapeItem } from './scrapeItems';

export interface ScrapeBatchProgressProps {
  /** The addresses of the batch, in the order given, each with what became of it. */
  items: ScrapeItem[];
  /** Stops the addresses still waiting; the ones being scraped finish. */
  onCancel: () => void;
}

const t = texts.scrape;

/** Several addresses scraped in turn: overall progress, each address's outcome, and a summary at the end. */
export function ScrapeBatchProgress({ items, onCancel }: ScrapeBatchProgressProps) {
  const labelId = useId();
  const counts = countScrapes(items);
  const waiting = items.some((item) => item.status === 'waiting');
  const done = !items.some((item) => item.status === 'waiting' || item.status === 'scraping');
  // Cancelled addresses will never be scraped: the bar measures what is left to do.
  const total = Math.max(1, counts.total - counts.cancelled);

  return (
    <Stack gap="4" aria-labelledby={labelId} role="region">
      <Stack gap="1">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text id={labelId} fontWeight="semibold">
            {t.progressLabel}
          </Text>
          {/* Announced as the batch advances. */}
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {t.progress(counts.finished, total)}
          </Text>
        </HStack>
        <Progress.Root value={counts.finished} max={total} size="sm" colorPalette={done ? 'green' : 'blue'}>
          <Progress.Track aria-labelledby={labelId} aria-valuetext={t.progress(counts.finished, total)}>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Stack>

      {waiting && (
        <Button variant="outline" size="sm" alignSelf="start" onClick={() => onCancel()}>
          <LuCircleStop aria-hidden />
          {t.cancelRemaining}
        </Button>
      )}

      {done && (
        <Box role="status" fontWeight="medium">
          {t.summary(counts)}
        </Box>
      )}

      <List.Root role="list" aria-label={t.resultsLabel} variant="plain" gap="3">
        {items.map((item, index) => (
          <List.Item
            key={`${index}-${item.url}`}
            display="block"
            data-status={item.status}
            borderTopWidth={index === 0 ? undefined : '1px'}
            pt={index === 0 ? undefined : '3'}
          >
            <Text fontSize="sm" fontFamily="mono" wordBreak="break-all">
              {item.url}
            </Text>
            <ScrapeItemStatus item={item} />
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}

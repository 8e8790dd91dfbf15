import { Box, List, Text } from '@chakra-ui/react';
import type { ScrapeWarning } from '../../contract';
import { texts } from '../../lib/texts';

export interface ScrapeWarningsProps {
  warnings: ScrapeWarning[];
}

/** What a scrape could not bring home: each image kept at its original address, and why. */
export function ScrapeWarnings({ warnings }: ScrapeWarningsProps) {
  if (warnings.length === 0) return null;
  return (
    <Box fontSize="sm">
      <Text color="status.warn" fontWeight="medium">
        {texts.scrape.warningsTitle(warnings.length)}
      </Text>
      <List.Root ps="5" gap="1" mt="1">
        {warnings.map((warning, index) => (
          <List.Item key={`${index}-${warning.url}`}>
            <Text as="span" fontFamily="mono" wordBreak="break-all">
              {warning.url}
            </Text>
            <Text as="span" color="fg.muted">
              {' '}
              — {warning.message}
            </Text>
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

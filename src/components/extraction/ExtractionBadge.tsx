import { Badge, Box } from '@chakra-ui/react';
import { EXTRACTION_CHECK_BELOW } from '../../contract/extraction';
import { extractionTexts as t } from '../../lib/texts-extraction';

export interface ExtractionBadgeProps {
  /** The extraction's score (0 to 1); undefined when not known. */
  quality: number | undefined;
  size?: 'xs' | 'sm' | 'md';
}

/**
 * The list's flag on an article whose extraction is worth a look: 'Check the extraction' (its
 * score and why as the title). Nothing when the score is fine or not known.
 */
export function ExtractionBadge({ quality, size = 'md' }: ExtractionBadgeProps) {
  if (quality === undefined || quality >= EXTRACTION_CHECK_BELOW) return null;
  return (
    <Badge size={size} colorPalette="yellow" variant="subtle" maxW="full" minW="0" title={t.checkWhy(quality)}>
      <Box as="span" truncate>
        {t.check}
      </Box>
    </Badge>
  );
}

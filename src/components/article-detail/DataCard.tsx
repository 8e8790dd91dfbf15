import { Box, Card, HStack } from '@chakra-ui/react';
import { useId } from 'react';
import { texts } from '../../lib/texts';
import { CopyButton } from './CopyButton';

export interface DataCardProps {
  /** texts.article.scrappedData or texts.article.blogData. */
  title: string;
  text: string;
}

/**
 * The full Scrapped Data or Blog Data of an article as plain text, in a scrollable block
 * that keyboard users can focus and scroll, with a copy button.
 */
export function DataCard({ title, text }: DataCardProps) {
  const titleId = useId();
  return (
    <Card.Root bg="bg.card">
      <Card.Header>
        <HStack justify="space-between" gap="2">
          <Card.Title as="h2" id={titleId}>
            {title}
          </Card.Title>
          <CopyButton text={text} label={texts.article.copy(title)} />
        </HStack>
      </Card.Header>
      <Card.Body>
        <Box
          role="region"
          aria-labelledby={titleId}
          tabIndex={0}
          maxH="80"
          overflow="auto"
          bg="bg.muted"
          color="fg"
          borderRadius="md"
          p="3"
          _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
        >
          <Box as="pre" fontFamily="mono" fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" m="0">
            <code>{text}</code>
          </Box>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

import { Card, HStack } from '@chakra-ui/react';
import { memo, useId } from 'react';
import { texts } from '../../lib/texts';
import { CopyButton } from './CopyButton';
import { ReadOnlyText } from './ReadOnlyText';

export interface DataCardProps {
  /** texts.article.scrappedData or texts.article.blogData. */
  title: string;
  text: string;
}

/**
 * The full Scrapped Data or Blog Data of an article as plain text, in a scrollable block
 * that keyboard users can focus and scroll, with a copy button. Drawn again only when its text
 * changes (not for each key typed elsewhere on the page: the text may be 100 KB).
 */
export const DataCard = memo(function DataCard({ title, text }: DataCardProps) {
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
        <ReadOnlyText labelledBy={titleId} text={text} />
      </Card.Body>
    </Card.Root>
  );
});

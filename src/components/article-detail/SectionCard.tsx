import { useId, type ReactNode, type Ref } from 'react';
import { Card, Heading, Text } from '@chakra-ui/react';
import { FoldBody, FoldTitle } from './fold';

export interface SectionCardProps {
  title: string;
  subtitle: ReactNode;
  /** The heading, for a card that moves the focus to it (then `headingFocusable`). */
  headingRef?: Ref<HTMLHeadingElement>;
  headingFocusable?: boolean;
  /** The card's body (its Card.Body). */
  children: ReactNode;
}

/**
 * A card of the article page: a region named by its h2, with a line under it saying what it is for;
 * in the side panel, its title opens and closes it (./fold).
 */
export function SectionCard({ title, subtitle, headingRef, headingFocusable = false, children }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId} bg="bg.card">
      <Card.Header>
        <Heading as="h2" size="md" id={headingId} ref={headingRef} tabIndex={headingFocusable ? -1 : undefined} outline="none">
          <FoldTitle>{title}</FoldTitle>
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {subtitle}
        </Text>
      </Card.Header>
      <FoldBody>{children}</FoldBody>
    </Card.Root>
  );
}

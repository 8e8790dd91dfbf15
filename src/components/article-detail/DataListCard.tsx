import type { ReactNode } from 'react';
import { Card, DataList } from '@chakra-ui/react';
import { FoldBody, FoldTitle } from './fold';

/** A card of the article page that lists labelled values, one below the other (the dates, the addresses). */
export function DataListCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root bg="bg.card">
      <Card.Header>
        <Card.Title as="h2">
          <FoldTitle>{title}</FoldTitle>
        </Card.Title>
      </Card.Header>
      <FoldBody>
        <Card.Body>
          <DataList.Root orientation="vertical" gap="4">
            {children}
          </DataList.Root>
        </Card.Body>
      </FoldBody>
    </Card.Root>
  );
}

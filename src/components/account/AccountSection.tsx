import type { ReactNode } from 'react';
import { Card, Heading, Stack, Text } from '@chakra-ui/react';

/** One card of the account screen: a title, what it is for, and its content. */
export function AccountSection({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Card.Root bg="bg.card">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {intro}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}

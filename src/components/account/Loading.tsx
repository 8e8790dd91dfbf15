import { Flex, Spinner, Text } from '@chakra-ui/react';

/** A card's list while it loads: a spinner and what is loading, said to screen readers too. */
export function Loading({ label }: { label: string }) {
  return (
    <Flex gap="2" align="center" aria-busy="true" color="fg.muted">
      <Spinner size="sm" aria-hidden />
      <Text fontSize="sm">{label}</Text>
    </Flex>
  );
}

import { HStack, Spinner, Text } from '@chakra-ui/react';

/** A list inside a card or a dialog while it loads: a small spinner and what is loading, said to screen readers too. */
export function InlineLoading({ label }: { label: string }) {
  return (
    <HStack role="status" gap="2" color="fg.muted">
      <Spinner size="sm" aria-hidden />
      <Text>{label}</Text>
    </HStack>
  );
}

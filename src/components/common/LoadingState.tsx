import { Center, Spinner, Stack, Text } from '@chakra-ui/react';

/** A list while it loads: a spinner and what is loading, said to screen readers too. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Center role="status" py="16">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="fg.muted" />
        <Text color="fg.muted">{label}</Text>
      </Stack>
    </Center>
  );
}

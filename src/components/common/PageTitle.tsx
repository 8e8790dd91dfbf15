import { Heading, Stack, Text } from '@chakra-ui/react';

/** A screen's title (its h1) and the line that says what it is for. */
export function PageTitle({ title, intro }: { title: string; intro: string }) {
  return (
    <Stack gap="1">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text color="fg.muted">{intro}</Text>
    </Stack>
  );
}

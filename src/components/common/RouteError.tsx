import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { routeErrorTexts as t } from '../../lib/texts-shell';

export interface RouteErrorProps {
  /** What failed, as the admin should read it. */
  message: string;
  onReload: () => void;
}

/** A screen that failed to load or to render: what failed, and a way out (the shell stays). */
export function RouteError({ message, onReload }: RouteErrorProps) {
  return (
    <Box role="alert" py="12" px="4" textAlign="center" maxW="xl" mx="auto">
      <Heading as="h1" size="lg" mb="2">
        {t.title}
      </Heading>
      <Text color="fg.muted" mb="6">
        {message}
      </Text>
      <Button onClick={onReload}>{t.reload}</Button>
    </Box>
  );
}

import { Alert, Heading, Stack } from '@chakra-ui/react';
import { LuLock } from 'react-icons/lu';

export interface RefusedScreenProps {
  /** The screen's title, as it shows to those who may use it. */
  title: string;
  /** Who may, as the server's 403 says it: 'Only an admin may manage webhooks; you are an editor.' */
  message: string;
}

/** A screen the signed-in role may not use, reached by a link: its title, and who may use it, instead of a screen that would fail. */
export function RefusedScreen({ title, message }: RefusedScreenProps) {
  return (
    <Stack gap="6" maxW="3xl">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Alert.Root status="info" role="status">
        <Alert.Indicator>
          <LuLock />
        </Alert.Indicator>
        <Alert.Content>
          <Alert.Title>{message}</Alert.Title>
        </Alert.Content>
      </Alert.Root>
    </Stack>
  );
}

import { useState } from 'react';
import { Alert, Button, Code, Flex, Stack } from '@chakra-ui/react';
import { accountTexts } from '../../lib/texts-account';

export interface OneTimeSecretProps {
  /** Why it is shown and that it is shown once. */
  message: string;
  /** The one-time password or the invitation link. */
  secret: string;
  onDismiss: () => void;
}

/** A secret the server answers once (a one-time password, an invitation link), with Copy. */
export function OneTimeSecret({ message, secret, onDismiss }: OneTimeSecretProps) {
  const [copied, setCopied] = useState(false);
  return (
    <Alert.Root status="info" role="status">
      <Alert.Indicator />
      <Stack gap="2" flex="1" minW="0">
        <Alert.Description>{message}</Alert.Description>
        <Code fontSize="sm" p="2" wordBreak="break-all" data-testid="one-time-secret">
          {secret}
        </Code>
        <Flex gap="2">
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              void navigator.clipboard.writeText(secret).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? accountTexts.secret.copied : accountTexts.secret.copy}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            {accountTexts.secret.dismiss}
          </Button>
        </Flex>
      </Stack>
    </Alert.Root>
  );
}

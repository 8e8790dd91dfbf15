import { Alert, CloseButton } from '@chakra-ui/react';

export interface ErrorNoticeProps {
  /** What failed, in the server's words when it gave any. */
  message: string | null | undefined;
  onDismiss?: () => void;
}

/** An inline error for a failed action (a save, an upload, a delete): never only a log line. */
export function ErrorNotice({ message, onDismiss }: ErrorNoticeProps) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      {onDismiss && <CloseButton size="sm" aria-label="Dismiss error" onClick={onDismiss} />}
    </Alert.Root>
  );
}

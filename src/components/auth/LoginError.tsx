import { Alert } from '@chakra-ui/react';

/** Why sign-in failed, in the server's words. */
export function LoginError({ message }: { message: string }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

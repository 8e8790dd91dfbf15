import { Button, Card, Center } from '@chakra-ui/react';
import { accountTexts } from '../../lib/texts-account';
import { sidebarTexts } from '../../lib/texts-shell';
import { ChangePasswordForm, type ChangePasswordFormProps } from './ChangePasswordForm';

export interface PasswordChangeRequiredProps extends Omit<ChangePasswordFormProps, 'oneTime' | 'done'> {
  email: string;
  onSignOut: () => void;
}

/** First sign-in with a one-time password: nothing else until the admin chose their own. */
export function PasswordChangeRequired({ email, onSignOut, ...form }: PasswordChangeRequiredProps) {
  return (
    <Center minH="100vh" p="4" bg="bg.canvas">
      <Card.Root width="full" maxW="md" bg="bg.card">
        <Card.Header>
          <Card.Title as="h1" fontSize="2xl">
            {accountTexts.password.firstTitle}
          </Card.Title>
          <Card.Description color="fg.muted">
            {accountTexts.password.firstIntro} ({email})
          </Card.Description>
        </Card.Header>
        <Card.Body>
          <ChangePasswordForm {...form} oneTime />
        </Card.Body>
        <Card.Footer>
          <Button variant="ghost" size="sm" onClick={onSignOut}>
            {sidebarTexts.signOut}
          </Button>
        </Card.Footer>
      </Card.Root>
    </Center>
  );
}

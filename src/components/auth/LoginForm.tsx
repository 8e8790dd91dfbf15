import { Alert, Button, Card, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { FcGoogle } from 'react-icons/fc';
import type { LoginRequest } from '../../contract';
import { texts } from '../../lib/texts';
import { AppLink } from '../common/AppLink';

export interface LoginFormProps {
  onSubmit: (credentials: LoginRequest) => void;
  /** The sign-in call is pending: the button reads 'Logging in...' and is disabled. */
  isSubmitting?: boolean;
  /** The server's message when sign-in failed. */
  error?: string | null;
  /** Where 'Login with Google' goes; without it the button is disabled (no such sign-in yet). */
  googleHref?: string;
  signUpHref?: string;
  forgotPasswordHref?: string;
}

/**
 * The sign-in card. Validation is the browser's own: the email field is of email type and
 * both fields are required (SPEC.md section 5), so an invalid form never reaches onSubmit.
 */
export function LoginForm({
  onSubmit,
  isSubmitting = false,
  error,
  googleHref,
  signUpHref = '#',
  forgotPasswordHref = '#',
}: LoginFormProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSubmit({ email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') });
  };

  return (
    <Card.Root width="full" maxW="sm" bg="bg.card">
      <Card.Header>
        <Card.Title as="h1" fontSize="2xl">
          {texts.login.title}
        </Card.Title>
        <Card.Description color="fg.muted">{texts.login.subtitle}</Card.Description>
      </Card.Header>
      <Card.Body>
        <form onSubmit={handleSubmit} aria-label={texts.login.title}>
          <Stack gap="4">
            {error && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{error}</Alert.Title>
              </Alert.Root>
            )}
            <Field.Root required>
              <Field.Label>{texts.login.email}</Field.Label>
              <Input name="email" type="email" autoComplete="email" placeholder={texts.login.emailPlaceholder} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>{texts.login.password}</Field.Label>
              <Input name="password" type="password" autoComplete="current-password" />
              {/* After the field, so Tab goes email → password → Login. */}
              <Link asChild fontSize="sm" variant="underline" alignSelf="flex-end">
                <AppLink href={forgotPasswordHref}>{texts.login.forgot}</AppLink>
              </Link>
            </Field.Root>
            <Button type="submit" width="full" disabled={isSubmitting}>
              {isSubmitting ? texts.login.submitting : texts.login.submit}
            </Button>
            {googleHref ? (
              <Button asChild variant="outline" width="full">
                <a href={googleHref}>
                  <FcGoogle aria-hidden />
                  {texts.login.google}
                </a>
              </Button>
            ) : (
              <Button type="button" variant="outline" width="full" disabled>
                <FcGoogle aria-hidden />
                {texts.login.google}
              </Button>
            )}
          </Stack>
        </form>
      </Card.Body>
      <Card.Footer justifyContent="center">
        <Text fontSize="sm">
          {texts.login.noAccount}{' '}
          <Link asChild variant="underline">
            <AppLink href={signUpHref}>{texts.login.signUp}</AppLink>
          </Link>
        </Text>
      </Card.Footer>
    </Card.Root>
  );
}

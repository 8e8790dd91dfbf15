import { Button, Card, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { FcGoogle } from 'react-icons/fc';
import type { LoginRequest } from '../../contract';
import { loginTexts } from '../../lib/texts-login';
import { preloadComponent } from '../../lib/preloadComponent';
import { AppLink } from '../common/AppLink';

/**
 * The failure notice (Chakra's Alert) is not part of the empty form: its chunk loads alongside
 * the screen and is here long before a sign-in can have failed.
 */
const LoginError = preloadComponent<{ message: string }>(
  () => import('./LoginError').then((module) => module.LoginError),
  () => null,
);

export interface LoginFormProps {
  onSubmit: (credentials: LoginRequest) => void;
  /** The sign-in call is pending: the button reads 'Logging in...' and is disabled. */
  isSubmitting?: boolean;
  /** The server's message when sign-in failed. */
  error?: string | null;
  /** Where 'Login with Google' goes; without it (no OpenID Connect provider set up) there is no such button. */
  googleHref?: string | null;
  /** Where 'Sign up' goes; without it (invitations are off) the footer is not shown. */
  signUpHref?: string | null;
  forgotPasswordHref?: string;
}

/**
 * The sign-in card. Validation is the browser's own: the email field is of email type and
 * both fields are required (docs/product.md, 'Validation'), so an invalid form never reaches onSubmit.
 */
export function LoginForm({
  onSubmit,
  isSubmitting = false,
  error,
  googleHref,
  signUpHref,
  forgotPasswordHref = '/forgot-password',
}: LoginFormProps) {
  const passwordRef = useRef<HTMLInputElement>(null);
  // A refused sign-in leaves the password focused and selected: type it again at once (the
  // keyboard's place is not left to whether the button was disabled when the answer came).
  useEffect(() => {
    if (!error) return;
    passwordRef.current?.focus();
    passwordRef.current?.select();
  }, [error]);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSubmit({ email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') });
  };

  return (
    // The main landmark: a sign-in screen holds nothing but this card.
    <Card.Root as="main" width="full" maxW="sm" bg="bg.card">
      <Card.Header>
        <Card.Title as="h1" fontSize="2xl">
          {loginTexts.title}
        </Card.Title>
        <Card.Description color="fg.muted">{loginTexts.subtitle}</Card.Description>
      </Card.Header>
      <Card.Body>
        <form onSubmit={handleSubmit} aria-label={loginTexts.title}>
          <Stack gap="4">
            {error && <LoginError message={error} />}
            <Field.Root required>
              <Field.Label>{loginTexts.email}</Field.Label>
              <Input name="email" type="email" autoComplete="email" placeholder={loginTexts.emailPlaceholder} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>{loginTexts.password}</Field.Label>
              <Input ref={passwordRef} name="password" type="password" autoComplete="current-password" />
              {/* After the field, so Tab goes email → password → Login. */}
              <Link asChild fontSize="sm" variant="underline" alignSelf="flex-end">
                <AppLink href={forgotPasswordHref}>{loginTexts.forgot}</AppLink>
              </Link>
            </Field.Root>
            <Button type="submit" width="full" disabled={isSubmitting}>
              {isSubmitting ? loginTexts.submitting : loginTexts.submit}
            </Button>
            {googleHref && (
              <Button asChild variant="outline" width="full">
                <a href={googleHref}>
                  <FcGoogle aria-hidden />
                  {loginTexts.google}
                </a>
              </Button>
            )}
          </Stack>
        </form>
      </Card.Body>
      {signUpHref && (
        <Card.Footer justifyContent="center">
          <Text fontSize="sm">
            {loginTexts.noAccount}{' '}
            <Link asChild variant="underline">
              <AppLink href={signUpHref}>{loginTexts.signUp}</AppLink>
            </Link>
          </Text>
        </Card.Footer>
      )}
    </Card.Root>
  );
}

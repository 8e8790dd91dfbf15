import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { MIN_PASSWORD_LENGTH } from '../../contract';
import { accountTexts } from '../../lib/texts-account';
import { AppLink } from '../common/AppLink';
import { ErrorNotice } from '../common/ErrorNotice';

const t = accountTexts.signup;

export interface SignupFormProps {
  /** The invitation link's token; without one there is nothing to sign up with. */
  token: string | null;
  onSubmit: (request: { token: string; email: string; password: string }) => void;
  isSubmitting?: boolean;
  error?: string | null;
  loginHref?: string;
}

/** Sign-up with an invitation link: email, password twice (length and repeat checked here). */
export function SignupForm({ token, onSubmit, isSubmitting = false, error, loginHref = '/login' }: SignupFormProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token) return;
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    if (password.length < MIN_PASSWORD_LENGTH) return setProblem(accountTexts.password.tooShort);
    if (password !== String(data.get('confirmPassword') ?? '')) return setProblem(accountTexts.password.mismatch);
    setProblem(null);
    onSubmit({ token, email: String(data.get('email') ?? '').trim(), password });
  };
  return (
    <Card.Root width="full" maxW="sm" bg="bg.card">
      <Card.Header>
        <Card.Title as="h1" fontSize="2xl">
          {t.title}
        </Card.Title>
        <Card.Description color="fg.muted">{t.intro}</Card.Description>
      </Card.Header>
      <Card.Body>
        {token ? (
          <form onSubmit={handleSubmit} aria-label={t.title}>
            <Stack gap="4">
              <ErrorNotice message={problem ?? error} />
              <Field.Root required>
                <Field.Label>{t.email}</Field.Label>
                <Input name="email" type="email" autoComplete="email" />
              </Field.Root>
              <Field.Root required>
                <Field.Label>{t.password}</Field.Label>
                <Input name="password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} />
                <Field.HelperText>{accountTexts.password.hint}</Field.HelperText>
              </Field.Root>
              <Field.Root required>
                <Field.Label>{t.confirm}</Field.Label>
                <Input name="confirmPassword" type="password" autoComplete="new-password" />
              </Field.Root>
              <Button type="submit" width="full" disabled={isSubmitting}>
                {isSubmitting ? t.submitting : t.submit}
              </Button>
            </Stack>
          </form>
        ) : (
          <Text role="status">{t.noToken}</Text>
        )}
      </Card.Body>
      <Card.Footer justifyContent="center">
        <Link asChild variant="underline" fontSize="sm">
          <AppLink href={loginHref}>{t.back}</AppLink>
        </Link>
      </Card.Footer>
    </Card.Root>
  );
}

import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { accountTexts } from '../../lib/texts-account';
import { AppLink } from '../common/AppLink';
import { NewPasswordFields, newPasswordProblem } from '../account/NewPasswordFields';
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
    const found = newPasswordProblem(data, 'password');
    setProblem(found);
    if (!found) onSubmit({ token, email: String(data.get('email') ?? '').trim(), password: String(data.get('password') ?? '') });
  };
  return (
    // The main landmark: a sign-in screen holds nothing but this card.
    <Card.Root as="main" width="full" maxW="sm" bg="bg.card">
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
              <NewPasswordFields name="password" label={t.password} confirmLabel={t.confirm} />
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

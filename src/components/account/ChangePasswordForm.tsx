import { useState, type FormEvent } from 'react';
import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import type { ChangePasswordRequest } from '../../contract';
import { accountTexts } from '../../lib/texts-account';
import { ErrorNotice } from '../common/ErrorNotice';
import { NewPasswordFields, newPasswordProblem } from './NewPasswordFields';

const t = accountTexts.password;

export interface ChangePasswordFormProps {
  onSubmit: (request: ChangePasswordRequest) => void;
  isSubmitting?: boolean;
  /** The server's refusal (a wrong current password, ...). */
  error?: string | null;
  /** The change went through: say so (the fields are emptied). */
  done?: boolean;
  /** First sign-in with a one-time password: the current field is named for it. */
  oneTime?: boolean;
}

/**
 * Current password, new password twice. The length and the repeat are checked here, before
 * anything is sent; the server checks the current password and the length again.
 */
export function ChangePasswordForm({ onSubmit, isSubmitting = false, error, done = false, oneTime = false }: ChangePasswordFormProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The button stays focusable while the change is sent (aria-disabled): a second press does nothing.
    if (isSubmitting) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const found = newPasswordProblem(data, 'newPassword');
    setProblem(found);
    if (!found) {
      onSubmit({ currentPassword: String(data.get('currentPassword') ?? ''), newPassword: String(data.get('newPassword') ?? '') });
    }
  };
  return (
    <form onSubmit={handleSubmit} aria-label={oneTime ? t.firstTitle : t.title} key={done ? 'done' : 'editing'}>
      <Stack gap="4" maxW="sm">
        {done && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Description>{t.done}</Alert.Description>
          </Alert.Root>
        )}
        <ErrorNotice message={problem ?? error} />
        <Field.Root required>
          <Field.Label>{oneTime ? t.currentOneTime : t.current}</Field.Label>
          <Input name="currentPassword" type="password" autoComplete="current-password" />
        </Field.Root>
        <NewPasswordFields name="newPassword" label={t.next} confirmLabel={t.confirm} />
        <Button type="submit" alignSelf="flex-start" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? t.submitting : t.submit}
        </Button>
      </Stack>
    </form>
  );
}

import { Field, Input } from '@chakra-ui/react';
import { MIN_PASSWORD_LENGTH } from '../../contract';
import { accountTexts } from '../../lib/texts-account';

const CONFIRM = 'confirmPassword';

/** A new password and its repeat, for sign-up and for a password change. */
export function NewPasswordFields({ name, label, confirmLabel }: { name: string; label: string; confirmLabel: string }) {
  return (
    <>
      <Field.Root required>
        <Field.Label>{label}</Field.Label>
        <Input name={name} type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} />
        <Field.HelperText>{accountTexts.password.hint}</Field.HelperText>
      </Field.Root>
      <Field.Root required>
        <Field.Label>{confirmLabel}</Field.Label>
        <Input name={CONFIRM} type="password" autoComplete="new-password" />
      </Field.Root>
    </>
  );
}

/** What is wrong with the new password in `data` (too short, repeated differently), or null. */
export function newPasswordProblem(data: FormData, name: string): string | null {
  const password = String(data.get(name) ?? '');
  if (password.length < MIN_PASSWORD_LENGTH) return accountTexts.password.tooShort;
  if (password !== String(data.get(CONFIRM) ?? '')) return accountTexts.password.mismatch;
  return null;
}

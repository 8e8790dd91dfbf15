import { useChangePassword } from '../api/account';
import { PasswordChangeRequired } from '../components/account/PasswordChangeRequired';

/**
 * After a sign-in with a one-time password: the new password first, then the console. In a
 * chunk of its own, loaded only then.
 */
export default function PasswordChangeGate({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  const changePassword = useChangePassword();
  return (
    <PasswordChangeRequired
      email={email}
      onSignOut={onSignOut}
      onSubmit={(request) => changePassword.mutate(request)}
      isSubmitting={changePassword.isPending}
      error={changePassword.error?.message}
    />
  );
}

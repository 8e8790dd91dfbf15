import { useState } from 'react';
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import {
  useAccounts,
  useAddAccount,
  useChangePassword,
  useCreateInvitation,
  useInvitations,
  useRemoveAccount,
  useRevokeInvitation,
  useRevokeSession,
  useSessions,
  useSetInvitations,
} from '../api/account';
import { AccountsCard } from '../components/account/AccountsCard';
import { ChangePasswordForm } from '../components/account/ChangePasswordForm';
import { InvitationsCard } from '../components/account/InvitationsCard';
import { SessionsCard } from '../components/account/SessionsCard';
import { accountTexts } from '../lib/texts-account';
import { FullThemeProvider } from '../theme/FullThemeProvider';

/** The signed-in admin's password and sessions, the other admins, invitations. */
export default function AccountRoute() {
  const navigate = useNavigate();
  const changePassword = useChangePassword();
  const sessions = useSessions();
  const revokeSession = useRevokeSession();
  const accounts = useAccounts();
  const addAccount = useAddAccount();
  const removeAccount = useRemoveAccount();
  const invitations = useInvitations();
  const setInvitations = useSetInvitations();
  const createInvitation = useCreateInvitation();
  const revokeInvitation = useRevokeInvitation();
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const [createdUrl, setCreatedUrl] = useState<string | null>(null);

  return (
    <FullThemeProvider>
      <Stack gap="6" maxW="3xl">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {accountTexts.title}
          </Heading>
          <Text color="fg.muted">{accountTexts.intro}</Text>
        </Stack>
        <Stack gap="3" as="section" aria-label={accountTexts.password.title}>
          <Heading as="h2" size="md">
            {accountTexts.password.title}
          </Heading>
          <ChangePasswordForm
            onSubmit={(request) => changePassword.mutate(request)}
            isSubmitting={changePassword.isPending}
            error={changePassword.error?.message}
            done={changePassword.isSuccess}
          />
        </Stack>
        <SessionsCard
          sessions={sessions.data}
          loading={sessions.isPending}
          error={sessions.error?.message ?? revokeSession.error?.message}
          revokingId={revokeSession.isPending ? revokeSession.variables : null}
          onRevoke={(id) =>
            revokeSession.mutate(id, {
              // Signing out this browser's own session ends here.
              onSuccess: () => {
                if (sessions.data?.find((s) => s.id === id)?.current) navigate('/login', { replace: true });
              },
            })
          }
        />
        <AccountsCard
          accounts={accounts.data}
          loading={accounts.isPending}
          error={accounts.error?.message ?? addAccount.error?.message ?? removeAccount.error?.message}
          adding={addAccount.isPending}
          onAdd={(email) =>
            addAccount.mutate(email, {
              onSuccess: (result) => setCreated({ email: result.data.email, password: result.password }),
            })
          }
          created={created}
          onDismissCreated={() => setCreated(null)}
          removingId={removeAccount.isPending ? removeAccount.variables : null}
          onRemove={(id) => removeAccount.mutate(id)}
        />
        <InvitationsCard
          enabled={invitations.data?.enabled}
          invitations={invitations.data?.data}
          loading={invitations.isPending}
          error={
            invitations.error?.message ??
            setInvitations.error?.message ??
            createInvitation.error?.message ??
            revokeInvitation.error?.message
          }
          toggling={setInvitations.isPending}
          onToggle={(enabled) => setInvitations.mutate(enabled, { onSuccess: () => setCreatedUrl(null) })}
          creating={createInvitation.isPending}
          onCreate={() => createInvitation.mutate(undefined, { onSuccess: (result) => setCreatedUrl(result.url) })}
          createdUrl={createdUrl}
          onDismissCreated={() => setCreatedUrl(null)}
          revokingId={revokeInvitation.isPending ? revokeInvitation.variables : null}
          onRevoke={(id) => revokeInvitation.mutate(id)}
        />
      </Stack>
    </FullThemeProvider>
  );
}

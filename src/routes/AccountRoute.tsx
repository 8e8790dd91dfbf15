import { useState } from 'react';
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import {
  useAccounts,
  useAddAccount,
  useChangePassword,
  useChangeRole,
  useCreateInvitation,
  useInvitations,
  useRemoveAccount,
  useRevokeInvitation,
  useRevokeSession,
  useSessions,
  useSetInvitations,
} from '../api/account';
import { useAccess } from '../api/system';
import { AccountsCard } from '../components/account/AccountsCard';
import { ChangePasswordForm } from '../components/account/ChangePasswordForm';
import { InvitationsCard } from '../components/account/InvitationsCard';
import { SessionsCard } from '../components/account/SessionsCard';
import type { Access } from '../lib/access';
import { accountTexts } from '../lib/texts-account';
import { FullThemeProvider } from '../theme/FullThemeProvider';

/** The accounts and their roles: an admin's. */
function Accounts() {
  const accounts = useAccounts();
  const addAccount = useAddAccount();
  const removeAccount = useRemoveAccount();
  const changeRole = useChangeRole();
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  return (
    <AccountsCard
      accounts={accounts.data}
      loading={accounts.isPending}
      error={accounts.error?.message ?? addAccount.error?.message ?? removeAccount.error?.message ?? changeRole.error?.message}
      adding={addAccount.isPending}
      onAdd={(request) =>
        addAccount.mutate(request, {
          onSuccess: (result) => setCreated({ email: result.data.email, password: result.password }),
        })
      }
      created={created}
      onDismissCreated={() => setCreated(null)}
      removingId={removeAccount.isPending ? removeAccount.variables : null}
      onRemove={(id) => removeAccount.mutate(id)}
      onChangeRole={(id, role) => changeRole.mutate({ id, role })}
      changingRole={changeRole.isPending ? changeRole.variables : null}
    />
  );
}

/** Sign-up by invitation and its links: an admin's. */
function Invitations() {
  const invitations = useInvitations();
  const setInvitations = useSetInvitations();
  const createInvitation = useCreateInvitation();
  const revokeInvitation = useRevokeInvitation();
  const [createdUrl, setCreatedUrl] = useState<string | null>(null);
  return (
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
      onCreate={(role) => createInvitation.mutate(role, { onSuccess: (result) => setCreatedUrl(result.url) })}
      createdUrl={createdUrl}
      onDismissCreated={() => setCreatedUrl(null)}
      revokingId={revokeInvitation.isPending ? revokeInvitation.variables : null}
      onRevoke={(id) => revokeInvitation.mutate(id)}
    />
  );
}

/**
 * The signed-in user's role, password and sessions; for an admin, the accounts with their roles,
 * and invitations (other roles do not see them: the server would refuse them).
 */
function Account({ access }: { access: Access }) {
  const navigate = useNavigate();
  const changePassword = useChangePassword();
  const sessions = useSessions();
  const revokeSession = useRevokeSession();

  return (
    <Stack gap="6" maxW="3xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {accountTexts.title}
        </Heading>
        <Text color="fg.muted">{access.may('listAccounts') ? accountTexts.introAdmin : accountTexts.intro}</Text>
      </Stack>
      <Stack gap="1" as="section" aria-label={accountTexts.yourRole(access.label)}>
        <Heading as="h2" size="md">
          {accountTexts.yourRole(access.label)}
        </Heading>
        <Text color="fg.muted">{access.description}</Text>
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
      {access.may('listAccounts') && <Accounts />}
      {access.may('listInvitations') && <Invitations />}
    </Stack>
  );
}

export default function AccountRoute() {
  const access = useAccess();
  // Known with the session, which the layout waits for.
  if (!access) return null;
  return (
    <FullThemeProvider>
      <Account access={access} />
    </FullThemeProvider>
  );
}

import { Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useChangePassword, useRevokeSession, useSessions } from '../api/account';
import { ChangePasswordForm } from '../components/account/ChangePasswordForm';
import { SessionsCard } from '../components/account/SessionsCard';
import { PageTitle } from '../components/common/PageTitle';
import type { Access } from '../lib/access';
import { accountTexts } from '../lib/texts-account';
import { AccessScreen } from './AccessScreen';
import { AccountsSection } from './AccountsSection';
import { InvitationsSection } from './InvitationsSection';
import { NotificationPreferencesSection } from './NotificationPreferencesSection';

/**
 * The signed-in user's role, password, notification settings and sessions; for an admin, the accounts with their roles,
 * and invitations (other roles do not see them: the server would refuse them).
 */
function Account({ access }: { access: Access }) {
  const navigate = useNavigate();
  const changePassword = useChangePassword();
  const sessions = useSessions();
  const revokeSession = useRevokeSession();

  return (
    <Stack gap="6" maxW="3xl">
      <PageTitle title={accountTexts.title} intro={access.may('listAccounts') ? accountTexts.introAdmin : accountTexts.intro} />
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
      <NotificationPreferencesSection />
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
      {access.may('listAccounts') && <AccountsSection />}
      {access.may('listInvitations') && <InvitationsSection />}
    </Stack>
  );
}

export default function AccountRoute() {
  return <AccessScreen>{(access) => <Account access={access} />}</AccessScreen>;
}

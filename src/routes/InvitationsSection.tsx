import { useState } from 'react';
import { useCreateInvitation, useInvitations, useRevokeInvitation, useSetInvitations } from '../api/account';
import { InvitationsCard } from '../components/account/InvitationsCard';

/** Sign-up by invitation and its links: an admin's. */
export function InvitationsSection() {
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

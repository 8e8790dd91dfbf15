import { useId, useState } from 'react';
import { Badge, Button, Field, Flex, Stack, Switch, Text } from '@chakra-ui/react';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type Invitation, type Role } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { accountTexts } from '../../lib/texts-account';
import { ErrorNotice } from '../common/ErrorNotice';
import { AccountSection } from './AccountSection';
import { Loading } from './Loading';
import { NEW_ACCOUNT_ROLE } from './AccountsCard';
import { OneTimeSecret } from './OneTimeSecret';
import { RoleSelect } from './RoleSelect';

const t = accountTexts.invitations;

export interface InvitationsCardProps {
  enabled?: boolean;
  invitations?: Invitation[];
  loading?: boolean;
  error?: string | null;
  onToggle: (enabled: boolean) => void;
  toggling?: boolean;
  /** Creates a link for an account of `role`. */
  onCreate: (role: Role) => void;
  creating?: boolean;
  /** The link just created, shown once until dismissed. */
  createdUrl?: string | null;
  onDismissCreated: () => void;
  onRevoke: (id: string) => void;
  revokingId?: string | null;
}

/** Sign-up by invitation: on or off, single-use links valid 48 hours for an account of a role, each revocable. */
export function InvitationsCard({
  enabled = false,
  invitations,
  loading = false,
  error,
  onToggle,
  toggling = false,
  onCreate,
  creating = false,
  createdUrl,
  onDismissCreated,
  onRevoke,
  revokingId,
}: InvitationsCardProps) {
  const open = invitations ?? [];
  const [role, setRole] = useState<Role>(NEW_ACCOUNT_ROLE);
  const roleHintId = useId();
  return (
    <AccountSection title={t.title} intro={t.intro}>
          <ErrorNotice message={error} />
          {loading ? (
            <Loading label={t.loading} />
          ) : (
            <>
              <Switch.Root
                checked={enabled}
                disabled={toggling}
                onCheckedChange={(details) => onToggle(details.checked)}
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{t.toggle}</Switch.Label>
              </Switch.Root>
              {createdUrl && <OneTimeSecret message={t.created} secret={createdUrl} onDismiss={onDismissCreated} />}
              {enabled ? (
                <>
                  {open.length === 0 ? (
                    <Text color="fg.muted">{t.none}</Text>
                  ) : (
                    <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
                      {open.map((invitation) => {
                        const expires = formatDateTime(invitation.expiresAt);
                        return (
                          <Flex as="li" key={invitation.id} gap="3" align="center" wrap="wrap">
                            <Badge>{ROLE_LABELS[invitation.role]}</Badge>
                            <Text flex="1" minW="12rem" fontSize="sm">
                              {t.expires(expires)}
                              {invitation.createdBy && `, ${t.by(invitation.createdBy)}`}
                            </Text>
                            <Button
                              size="sm"
                              variant="outline"
                              aria-label={t.revokeLabel(expires)}
                              disabled={revokingId === invitation.id}
                              onClick={() => onRevoke(invitation.id)}
                            >
                              {t.revoke}
                            </Button>
                          </Flex>
                        );
                      })}
                    </Stack>
                  )}
                  <Stack gap="2">
                    <Flex gap="2" align="flex-end" wrap="wrap">
                      <Field.Root w="auto">
                        <Field.Label>{t.role}</Field.Label>
                        <RoleSelect size="md" value={role} onChange={setRole} describedBy={roleHintId} />
                      </Field.Root>
                      <Button variant="outline" disabled={creating} onClick={() => onCreate(role)}>
                        {creating ? t.creating : t.create}
                      </Button>
                    </Flex>
                    <Text id={roleHintId} fontSize="sm" color="fg.muted">
                      {ROLE_DESCRIPTIONS[role]}
                    </Text>
                  </Stack>
                </>
              ) : (
                <Text color="fg.muted">{t.off}</Text>
              )}
            </>
          )}
    </AccountSection>
  );
}

import { Button, Flex, Stack, Switch, Text } from '@chakra-ui/react';
import type { Invitation } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { accountTexts } from '../../lib/texts-account';
import { ErrorNotice } from '../common/ErrorNotice';
import { AccountSection } from './AccountSection';
import { Loading } from './Loading';
import { OneTimeSecret } from './OneTimeSecret';

const t = accountTexts.invitations;

export interface InvitationsCardProps {
  enabled?: boolean;
  invitations?: Invitation[];
  loading?: boolean;
  error?: string | null;
  onToggle: (enabled: boolean) => void;
  toggling?: boolean;
  onCreate: () => void;
  creating?: boolean;
  /** The link just created, shown once until dismissed. */
  createdUrl?: string | null;
  onDismissCreated: () => void;
  onRevoke: (id: string) => void;
  revokingId?: string | null;
}

/** Sign-up by invitation: on or off, single-use links valid 48 hours, each revocable. */
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
                  <Button alignSelf="flex-start" variant="outline" disabled={creating} onClick={onCreate}>
                    {creating ? t.creating : t.create}
                  </Button>
                </>
              ) : (
                <Text color="fg.muted">{t.off}</Text>
              )}
            </>
          )}
    </AccountSection>
  );
}

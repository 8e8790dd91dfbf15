import { useId, useState, type FormEvent } from 'react';
import { Badge, Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { ROLE_DESCRIPTIONS, type Account, type CreateAccountRequest, type Role } from '../../contract';
import { accountTexts } from '../../lib/texts-account';
import { ErrorNotice } from '../common/ErrorNotice';
import { AccountSection } from './AccountSection';
import { Loading } from './Loading';
import { OneTimeSecret } from './OneTimeSecret';
import { RoleSelect } from './RoleSelect';

const t = accountTexts.accounts;

/** What a new account is unless the admin picks another role: it may do the console's work, not manage accounts. */
export const NEW_ACCOUNT_ROLE: Role = 'editor';

export interface AccountsCardProps {
  accounts?: Account[];
  loading?: boolean;
  /** Loading, adding, removing or changing a role failed: the server's words (409 `last_admin`: make another admin first). */
  error?: string | null;
  onAdd: (request: Required<CreateAccountRequest>) => void;
  adding?: boolean;
  /** The admin just added and their one-time password, shown once until dismissed. */
  created?: { email: string; password: string } | null;
  onDismissCreated: () => void;
  onRemove: (id: string) => void;
  removingId?: string | null;
  /** Gives an account another role; the list shows the server's roles, so a refused change changes nothing. */
  onChangeRole: (id: string, role: Role) => void;
  /** The role change under way: its select shows the role asked for, and waits. */
  changingRole?: { id: string; role: Role } | null;
}

/**
 * The accounts and their roles: add one with a role (a one-time password shown once), change an
 * account's role, remove another account (after a confirmation).
 */
export function AccountsCard({
  accounts,
  loading = false,
  error,
  onAdd,
  adding = false,
  created,
  onDismissCreated,
  onRemove,
  removingId,
  onChangeRole,
  changingRole,
}: AccountsCardProps) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [role, setRole] = useState<Role>(NEW_ACCOUNT_ROLE);
  const roleHintId = useId();
  const handleAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // While one is being added the button stays focusable (a disabled one would drop the
    // keyboard's place), and a second press does nothing.
    if (adding) return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (email) onAdd({ email, role });
  };
  return (
    <AccountSection title={t.title} intro={t.intro}>
          <ErrorNotice message={error} />
          {created && (
            <OneTimeSecret message={t.created(created.email)} secret={created.password} onDismiss={onDismissCreated} />
          )}
          {loading ? (
            <Loading label={t.loading} />
          ) : (
            <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
              {(accounts ?? []).map((account) => (
                <Flex as="li" key={account.id} gap="3" align="center" wrap="wrap">
                  <Flex gap="2" align="center" flex="1" minW="12rem" wrap="wrap">
                    <Text fontWeight="medium" wordBreak="break-all">
                      {account.email}
                    </Text>
                    {account.current && <Badge colorPalette="green">{t.you}</Badge>}
                    {account.mustChangePassword && <Badge colorPalette="orange">{t.pending}</Badge>}
                  </Flex>
                  <RoleSelect
                    label={t.roleOf(account.email)}
                    value={changingRole?.id === account.id ? changingRole.role : account.role}
                    disabled={changingRole?.id === account.id}
                    onChange={(next) => onChangeRole(account.id, next)}
                  />
                  {!account.current &&
                    (confirming === account.id ? (
                      <Flex gap="2" align="center" role="group" aria-label={t.confirmRemove(account.email)}>
                        <Text fontSize="sm">{t.confirmRemove(account.email)}</Text>
                        <Button
                          size="sm"
                          colorPalette="red"
                          disabled={removingId === account.id}
                          onClick={() => {
                            setConfirming(null);
                            onRemove(account.id);
                          }}
                        >
                          {t.confirm}
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                          {t.cancel}
                        </Button>
                      </Flex>
                    ) : (
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={t.removeLabel(account.email)}
                        disabled={removingId === account.id}
                        onClick={() => setConfirming(account.id)}
                      >
                        {t.remove}
                      </Button>
                    ))}
                </Flex>
              ))}
            </Stack>
          )}
          <form onSubmit={handleAdd} aria-label={t.add}>
            <Flex gap="2" align="flex-end" wrap="wrap">
              <Field.Root required flex="1" minW="14rem">
                <Field.Label>{t.email}</Field.Label>
                <Input name="email" type="email" autoComplete="off" key={created?.email ?? 'new'} />
              </Field.Root>
              <Field.Root w="auto">
                <Field.Label>{t.role}</Field.Label>
                <RoleSelect size="md" value={role} onChange={setRole} describedBy={roleHintId} />
              </Field.Root>
              <Button type="submit" aria-disabled={adding || undefined} opacity={adding ? 0.6 : undefined}>
                {adding ? t.adding : t.add}
              </Button>
            </Flex>
            <Text id={roleHintId} fontSize="sm" color="fg.muted" mt="2">
              {ROLE_DESCRIPTIONS[role]}
            </Text>
          </form>
    </AccountSection>
  );
}

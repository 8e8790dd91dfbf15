import { useState, type FormEvent } from 'react';
import { Badge, Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import type { Account } from '../../contract';
import { accountTexts } from '../../lib/texts-account';
import { ErrorNotice } from '../common/ErrorNotice';
import { AccountSection } from './AccountSection';
import { Loading } from './Loading';
import { OneTimeSecret } from './OneTimeSecret';

const t = accountTexts.accounts;

export interface AccountsCardProps {
  accounts?: Account[];
  loading?: boolean;
  /** Loading, adding or removing failed: the server's words. */
  error?: string | null;
  onAdd: (email: string) => void;
  adding?: boolean;
  /** The admin just added and their one-time password, shown once until dismissed. */
  created?: { email: string; password: string } | null;
  onDismissCreated: () => void;
  onRemove: (id: string) => void;
  removingId?: string | null;
}

/** The admins: add one (a one-time password shown once), remove another (after a confirmation). */
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
}: AccountsCardProps) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const handleAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (email) onAdd(email);
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
              <Button type="submit" disabled={adding}>
                {adding ? t.adding : t.add}
              </Button>
            </Flex>
          </form>
    </AccountSection>
  );
}

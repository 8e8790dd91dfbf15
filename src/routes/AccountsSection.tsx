import { useState } from 'react';
import { useAccounts, useAddAccount, useChangeRole, useRemoveAccount } from '../api/account';
import { AccountsCard } from '../components/account/AccountsCard';

/** The accounts and their roles: an admin's. */
export function AccountsSection() {
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

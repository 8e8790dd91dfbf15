import { useState, type FormEvent } from 'react';
import { chakra, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { NOTIFICATION_KINDS, notificationKindLabels, type NotificationKind } from '../../contract';
import { notificationSettingsTexts as t } from '../../lib/texts-notification-settings';
import { ErrorNotice } from '../common/ErrorNotice';
import { Button } from '../common/Button';
import type { WriteOutcome } from '../article-detail/useCheckedWrite';
import { AccountSection } from './AccountSection';
import { Loading } from './Loading';


export interface NotificationPreferencesCardProps {
  /** The kinds the account mutes; undefined while they load (or when they could not be read). */
  muted: readonly NotificationKind[] | undefined;
  /** Why they could not be read, in the server's words, or null. */
  loadError: string | null;
  saving: boolean;
  /** What the last save said (a refusal in the server's words). */
  outcome: WriteOutcome | null;
  onSave: (muted: NotificationKind[]) => void;
}

/**
 * The account's notification settings: a switch per kind (on: the bell tells of it), saved
 * together. Each kind stays a webhook event whatever is chosen here.
 */
export function NotificationPreferencesCard({ muted, loadError, saving, outcome, onSave }: NotificationPreferencesCardProps) {
  return (
    <AccountSection title={t.title} intro={t.intro}>
      <ErrorNotice message={loadError ?? (outcome && !outcome.ok ? outcome.message : null)} />
      {muted ? <PreferencesForm key={muted.join()} muted={muted} saving={saving} outcome={outcome} onSave={onSave} /> : loadError ? null : <Loading label={t.loading} />}
    </AccountSection>
  );
}

function PreferencesForm({ muted, saving, outcome, onSave }: Pick<NotificationPreferencesCardProps, 'saving' | 'outcome' | 'onSave'> & { muted: readonly NotificationKind[] }) {
  const [off, setOff] = useState<ReadonlySet<NotificationKind>>(() => new Set(muted));
  const changed = off.size !== muted.length || muted.some((kind) => !off.has(kind));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) onSave(NOTIFICATION_KINDS.filter((kind) => off.has(kind)));
  };
  return (
    <Stack as="form" gap="4" onSubmit={submit}>
      <chakra.fieldset border="0" m="0" p="0" minW="0">
        <chakra.legend fontWeight="medium" p="0">
          {t.legend}
        </chakra.legend>
        <Stack gap="2" mt="2">
          {NOTIFICATION_KINDS.map((kind) => (
            <Switch.Root
              key={kind}
              checked={!off.has(kind)}
              onCheckedChange={({ checked }) =>
                setOff((now) => {
                  const next = new Set(now);
                  if (checked === true) next.delete(kind);
                  else next.add(kind);
                  return next;
                })
              }
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{notificationKindLabels[kind]}</Switch.Label>
            </Switch.Root>
          ))}
        </Stack>
      </chakra.fieldset>
      {/* As the article cards' SaveRow (not shared: the account screen would load the article page's chunk for it). */}
      <HStack gap="3" wrap="wrap">
        <Button type="submit" colorPalette="blue" disabled={!changed || saving} loading={saving} loadingText={t.saving}>
          {t.save}
        </Button>
        <Text role="status" textStyle="sm" color="status.ok" fontWeight="medium">
          {outcome?.ok ? outcome.message : null}
        </Text>
      </HStack>
    </Stack>
  );
}

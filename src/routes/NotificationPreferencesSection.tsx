import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { NotificationPreferencesCard } from '../components/account/NotificationPreferencesCard';
import { messageOf } from '../components/common/messageOf';
import type { NotificationKind } from '../contract';
import { notificationSettingsTexts } from '../lib/texts-notification-settings';

const key = ['notifications', 'preferences'];

/**
 * The account's notification settings (`GET /notifications/preferences`), saved with
 * `PUT /notifications/preferences`; the server's answer is what the card then shows.
 */
export function NotificationPreferencesSection() {
  const client = useQueryClient();
  const preferences = useQuery({ queryKey: key, queryFn: () => api('/notifications/preferences', { schema: (s) => s.notificationPreferencesSchema }) });
  const save = useMutation({
    mutationFn: (muted: NotificationKind[]) =>
      api('/notifications/preferences', { method: 'PUT', body: { muted }, schema: (s) => s.notificationPreferencesSchema }),
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
  return (
    <NotificationPreferencesCard
      muted={preferences.data?.muted}
      loadError={preferences.isError ? messageOf(preferences.error) : null}
      saving={save.isPending}
      outcome={save.isSuccess ? { ok: true, message: notificationSettingsTexts.saved } : save.isError ? { ok: false, message: messageOf(save.error) } : null}
      onSave={(muted) => save.mutate(muted)}
    />
  );
}

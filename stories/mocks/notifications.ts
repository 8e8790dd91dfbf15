/**
 * The bell's API in memory (src/contract/notifications.ts): the signed-in account's
 * notifications (none unless a story gives some), marked read one by one or all, and the kinds
 * it mutes; the live count's stream says the count once and stays open. Part of every signed-in
 * screen's handlers (./system).
 */
import { delay, http, HttpResponse } from 'msw';
import { notificationPreferencesSchema, notificationsReadSchema, type Notification, type NotificationKind } from '../../src/contract';
import { errorResponse, invalidInput } from './errors';
import { eventStream } from './presence';

export function notificationsApi(initial: readonly Notification[] = []) {
  const list = initial.map((n) => ({ ...n }));
  let muted: NotificationKind[] = [];
  const unread = () => list.filter((n) => !n.read).length;
  return [
    http.get('*/api/notifications', () => HttpResponse.json({ data: list, unread: unread() })),
    http.get('*/api/notifications/stream', () => eventStream([{ event: 'notifications', data: { unread: unread() } }])),
    http.post('*/api/notifications/read', async ({ request }) => {
      const parsed = notificationsReadSchema.safeParse(await request.json().catch(() => ({})));
      if (!parsed.success) return invalidInput('body', parsed.error);
      for (const n of list) if (!parsed.data.ids || parsed.data.ids.includes(n.id)) n.read = true;
      return HttpResponse.json({ unread: unread() });
    }),
    http.get('*/api/notifications/preferences', () => HttpResponse.json({ muted })),
    http.put('*/api/notifications/preferences', async ({ request }) => {
      const parsed = notificationPreferencesSchema.safeParse(await request.json().catch(() => ({})));
      if (!parsed.success) return invalidInput('body', parsed.error);
      muted = [...new Set(parsed.data.muted)];
      return HttpResponse.json({ muted });
    }),
  ];
}

export const notificationHandlers = {
  api: notificationsApi,
  loading: () => [http.get('*/api/notifications', () => delay('infinite'))],
  failing: () => [http.get('*/api/notifications', () => errorResponse('database_unavailable'))],
};

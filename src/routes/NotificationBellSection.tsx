import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { API_BASE, api } from '../api/client';
import { NotificationBell } from '../components/shell/NotificationBell';
import { messageOf } from '../components/common/messageOf';
import type { NotificationKind } from '../contract';

/** How often the bell asks for news while its live stream is down (and at once when the tab comes back). */
export const NOTIFICATIONS_POLL_MS = 20_000;
const key = ['notifications'];

/** The section of the article page each kind of notification opens at (its anchor, as `#comments`). */
const SECTION_OF: Record<NotificationKind, string> = {
  mention: 'comments',
  review_requested: 'review',
  review_decided: 'review',
  assigned: 'assignment',
  schedule_failed: 'schedule',
};

/**
 * Whether the account's live count (`GET /notifications/stream`) is open: each change it tells
 * of reads the list again. The browser opens a lost stream again by itself.
 */
function useLiveNotifications(onChange: () => void) {
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`${API_BASE}/notifications/stream`, { withCredentials: true });
    // The first event says the count as the stream opens: news missed while it was down comes with it.
    source.addEventListener('notifications', () => {
      setLive(true);
      onChange();
    });
    source.addEventListener('error', () => setLive(false));
    return () => source.close();
  }, [onChange]);
  return live;
}

/**
 * The bell with its reads and writes: the notifications (`GET /notifications`, read again when
 * the live stream says they changed, every NOTIFICATIONS_POLL_MS while it is down, and when the
 * window regains focus), a chosen one marked read (`POST /notifications/read`) and its article
 * opened at the section it tells of (a mention at the comments), or all marked read.
 */
export default function NotificationBellSection() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [onChange] = useState(() => () => void client.invalidateQueries({ queryKey: key }));
  const live = useLiveNotifications(onChange);
  const list = useQuery({
    queryKey: key,
    queryFn: () => api('/notifications', { schema: (s) => s.notificationListSchema }),
    refetchInterval: live ? false : NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
  });
  const read = useMutation({
    mutationFn: (ids: string[] | undefined) => api('/notifications/read', { method: 'POST', body: ids ? { ids } : {}, schema: (s) => s.notificationsReadResultSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  return (
    <NotificationBell
      notifications={list.data?.data}
      unread={list.data?.unread ?? 0}
      loadError={list.isError ? messageOf(list.error) : null}
      onOpen={(notification) => {
        if (!notification.read) read.mutate([notification.id]);
        if (notification.articleId) navigate(`/articles/${notification.articleId}#${SECTION_OF[notification.kind]}`);
      }}
      onMarkAllRead={() => read.mutate(undefined)}
    />
  );
}

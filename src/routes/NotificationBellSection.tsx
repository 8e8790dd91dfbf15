import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../api/client';
import { NotificationBell } from '../components/shell/NotificationBell';
import { messageOf } from '../components/common/messageOf';

/** How often the bell asks for news while the console is open (and at once when the tab comes back). */
export const NOTIFICATIONS_POLL_MS = 20_000;
const key = ['notifications'];

/**
 * The bell with its reads and writes: the notifications (`GET /notifications`, read again every
 * NOTIFICATIONS_POLL_MS and when the window regains focus), a chosen one marked read
 * (`POST /notifications/read`) and its article opened, or all marked read.
 */
export default function NotificationBellSection() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: key,
    queryFn: () => api('/notifications', { schema: (s) => s.notificationListSchema }),
    refetchInterval: NOTIFICATIONS_POLL_MS,
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
        if (notification.articleId) navigate(`/articles/${notification.articleId}`);
      }}
      onMarkAllRead={() => read.mutate(undefined)}
    />
  );
}

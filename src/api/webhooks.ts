/**
 * Webhook endpoints (src/contract/webhooks.ts): the list, adding one (its secret answered once),
 * changing, enabling, disabling and deleting one, its delivery log by keyset pages, redelivery
 * and test events. Loaded with the Webhooks screen only.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { WebhookCreate, WebhookDelivery, WebhookDeliveryList, WebhookPatch } from '../contract';
import { api } from './client';

export const DELIVERY_PAGE_SIZE = 20;

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: string) => [...webhookKeys.all, 'deliveries', id] as const,
};

const endpointPath = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

export const webhookListQuery = () =>
  queryOptions({
    queryKey: webhookKeys.list(),
    queryFn: async () => (await api('/webhooks', { schema: (s) => s.webhookListSchema })).data,
  });

export function useWebhooks() {
  return useQuery(webhookListQuery());
}

/** How often the open log asks again while a delivery is due within this long (or overdue). */
export const LOG_REFRESH_MS = 5_000;
const DUE_SOON_MS = 60_000;

/**
 * While a pending delivery's next attempt is due within a minute (a test event, a redelivery,
 * a retry about to run), the log asks again every LOG_REFRESH_MS so its outcome shows; otherwise
 * it does not (retries hours away would keep it asking for nothing).
 */
export function logRefreshInterval(pages: readonly WebhookDeliveryList[] | undefined, now: number): number | false {
  const dueSoon = (delivery: WebhookDelivery) =>
    delivery.state === 'pending' && (delivery.nextAttemptAt === null || Date.parse(delivery.nextAttemptAt) - now <= DUE_SOON_MS);
  return pages?.some((page) => page.data.some(dueSoon)) ? LOG_REFRESH_MS : false;
}

export const webhookDeliveriesQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ pageParam, signal }) =>
      api(
        `${endpointPath(id)}/deliveries?limit=${DELIVERY_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { schema: (s) => s.webhookDeliveryListSchema, signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) => logRefreshInterval(query.state.data?.pages, Date.now()),
  });

const selectDeliveries = (data: InfiniteData<WebhookDeliveryList, string | null>) => data.pages.flatMap((page) => page.data);

/** An endpoint's delivery log, newest first, its pages flattened; nothing is asked while `id` is null. */
export function useWebhookDeliveries(id: string | null) {
  return useInfiniteQuery({ ...webhookDeliveriesQuery(id ?? ''), enabled: id !== null, select: selectDeliveries });
}

/** Adds an endpoint; the answer carries its secret, which the server never sends again. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookCreate) => api('/webhooks', { method: 'POST', body, schema: (s) => s.webhookCreatedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

/** Changes an endpoint's address or events, or enables (clearing its failures) or disables it. */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: WebhookPatch }) =>
      (await api(endpointPath(id), { method: 'PATCH', body: patch, schema: (s) => s.webhookResultSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(endpointPath(id), { method: 'DELETE' }),
    onSuccess: (_, id) => queryClient.removeQueries({ queryKey: webhookKeys.deliveries(id) }),
    // Gone already (another admin deleted it) or deleted: the list is asked again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

/** Puts a delivery back in the queue, due now: it shows pending at once, then the log and counts refresh. */
export function useRedeliverWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      (
        await api(`${endpointPath(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {
          method: 'POST',
          schema: (s) => s.webhookDeliveryResultSchema,
        })
      ).data,
    onSuccess: (delivery, { endpointId }) => {
      queryClient.setQueryData<InfiniteData<WebhookDeliveryList, string | null>>(webhookKeys.deliveries(endpointId), (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({ ...page, data: page.data.map((d) => (d.id === delivery.id ? delivery : d)) })),
        },
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
        queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
      ]);
    },
  });
}

/** Sends a `webhook.test` event to one endpoint: a new delivery at the top of its log. */
export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api(`${endpointPath(id)}/test`, { method: 'POST', schema: (s) => s.webhookDeliveryResultSchema })).data,
    onSuccess: (_, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
        queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
      ]),
  });
}

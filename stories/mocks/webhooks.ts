/**
 * MSW handlers for the Webhooks screen: an in-memory fake of /api/webhooks (server/routes/webhooks.ts)
 * with the contract's schemas and messages: endpoints (add with a secret answered once, edit,
 * enable, disable, delete), their delivery logs by keyset pages newest first, redelivery and test
 * events, and the server's refusals (addresses not allowed, a disabled endpoint, unknown ids).
 */
import { delay, http, HttpResponse } from 'msw';
import {
  serverMessages,
  WEBHOOK_TEST_EVENT,
  webhookCreateSchema,
  webhookDeliveryQuerySchema,
  webhookMessages,
  webhookPatchSchema,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookList,
} from '../../src/contract';
import { payloadOf, SAMPLE_WEBHOOK_SECRET, sampleWebhookDeliveries, sampleWebhookEndpoints, STORY_ADMIN } from '../fixtures';
import { errorResponse, invalidInput as invalid, PRIVATE_HOST } from './errors';


/** server/webhooks/urls.ts checkWebhookUrl: the URL's form, then where its host points (`.invalid` names resolve nowhere). */
function checkUrl(raw: string): { url: string } | { refusal: Response } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { refusal: errorResponse('invalid_url', webhookMessages.invalidUrl) };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refusal: errorResponse('invalid_url', webhookMessages.onlyHttp) };
  if (url.username || url.password) return { refusal: errorResponse('invalid_url', webhookMessages.withCredentials) };
  if (PRIVATE_HOST.test(url.hostname)) return { refusal: errorResponse('url_not_allowed', webhookMessages.privateAddress) };
  if (url.hostname.endsWith('.invalid')) return { refusal: errorResponse('url_not_allowed', webhookMessages.unresolvable(url.hostname)) };
  return { url: url.href };
}

const notFound = () => errorResponse('not_found', webhookMessages.notFound);

export const webhookHandlers = {
  /** The screen's calls, over an in-memory state that the story's actions change. */
  api: ({
    endpoints = sampleWebhookEndpoints,
    deliveries = sampleWebhookDeliveries(),
  }: { endpoints?: readonly WebhookEndpoint[]; deliveries?: Record<string, WebhookDelivery[]> } = {}) => {
    let list = endpoints.map((endpoint) => ({ ...endpoint }));
    const logs = new Map(list.map((endpoint) => [endpoint.id, [...(deliveries[endpoint.id] ?? [])]]));
    let next = 1;
    const find = (id: unknown) => list.find((endpoint) => endpoint.id === id);
    const logOf = (id: string) => logs.get(id) ?? [];
    // What waits is counted from the log, as the server counts it.
    const withPending = (endpoint: WebhookEndpoint): WebhookEndpoint => ({
      ...endpoint,
      pending: logOf(endpoint.id).filter((d) => d.state === 'pending').length,
    });
    return [
      http.get('*/api/webhooks', () => HttpResponse.json<WebhookList>({ data: list.map(withPending) })),
      http.post('*/api/webhooks', async ({ request }) => {
        const parsed = webhookCreateSchema.safeParse(await request.json());
        if (!parsed.success) return invalid('body', parsed.error);
        const checked = checkUrl(parsed.data.url);
        if ('refusal' in checked) return checked.refusal;
        const endpoint: WebhookEndpoint = {
          id: `wh_new${next++}`,
          url: checked.url,
          events: parsed.data.events,
          enabled: true,
          disabledReason: null,
          disabledAt: null,
          failingSince: null,
          createdAt: new Date().toISOString(),
          createdBy: STORY_ADMIN,
          pending: 0,
          lastAttempt: null,
        };
        list = [endpoint, ...list];
        logs.set(endpoint.id, []);
        return HttpResponse.json<WebhookCreated>({ data: endpoint, secret: SAMPLE_WEBHOOK_SECRET }, { status: 201 });
      }),
      http.patch('*/api/webhooks/:id', async ({ params, request }) => {
        const parsed = webhookPatchSchema.safeParse(await request.json());
        if (!parsed.success) return invalid('body', parsed.error);
        const checked = parsed.data.url === undefined ? undefined : checkUrl(parsed.data.url);
        if (checked && 'refusal' in checked) return checked.refusal;
        const current = find(params.id);
        if (!current) return notFound();
        const { events, enabled } = parsed.data;
        const now = new Date().toISOString();
        const updated: WebhookEndpoint = {
          ...current,
          ...(checked ? { url: checked.url } : {}),
          ...(events ? { events } : {}),
          // Enabling clears the failures; disabling here is an admin's.
          ...(enabled === true ? { enabled, disabledReason: null, disabledAt: null, failingSince: null } : {}),
          ...(enabled === false && current.enabled ? { enabled, disabledReason: webhookMessages.disabledByAdmin, disabledAt: now } : {}),
        };
        list = list.map((endpoint) => (endpoint.id === current.id ? updated : endpoint));
        return HttpResponse.json({ data: withPending(updated) });
      }),
      http.delete('*/api/webhooks/:id', ({ params }) => {
        if (!find(params.id)) return notFound();
        list = list.filter((endpoint) => endpoint.id !== params.id);
        logs.delete(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('*/api/webhooks/:id/deliveries', ({ params, request }) => {
        const query = webhookDeliveryQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!query.success) return invalid('querystring', query.error);
        const endpoint = find(params.id);
        if (!endpoint) return notFound();
        const { limit, cursor } = query.data;
        const log = logOf(endpoint.id);
        // The cursor: the last delivery of the page before (the server's is opaque too).
        const start = cursor === undefined ? 0 : log.findIndex((d) => d.id === cursor) + 1;
        if (start === 0 && cursor !== undefined) return errorResponse('invalid_cursor', serverMessages.invalidCursor);
        const page = log.slice(start, start + limit);
        const more = start + limit < log.length;
        return HttpResponse.json<WebhookDeliveryList>({ data: page, nextCursor: more ? page.at(-1)!.id : null });
      }),
      http.post('*/api/webhooks/:id/deliveries/:deliveryId/redeliver', ({ params }) => {
        const endpoint = find(params.id);
        if (!endpoint) return notFound();
        if (!endpoint.enabled) return errorResponse('endpoint_disabled');
        const log = logOf(endpoint.id);
        const found = log.find((d) => d.id === params.deliveryId);
        if (!found) return errorResponse('not_found', webhookMessages.deliveryNotFound);
        const requeued: WebhookDelivery = { ...found, state: 'pending', nextAttemptAt: new Date().toISOString() };
        logs.set(endpoint.id, log.map((d) => (d.id === found.id ? requeued : d)));
        return HttpResponse.json({ data: requeued });
      }),
      http.post('*/api/webhooks/:id/test', ({ params }) => {
        const endpoint = find(params.id);
        if (!endpoint) return notFound();
        if (!endpoint.enabled) return errorResponse('endpoint_disabled');
        const now = new Date().toISOString();
        const eventId = `msg_2KXT${String(next++).padStart(4, '0')}`;
        const delivery: WebhookDelivery = {
          id: `${eventId}.${endpoint.id}`,
          eventId,
          type: WEBHOOK_TEST_EVENT,
          createdAt: now,
          state: 'pending',
          nextAttemptAt: now,
          attempts: [],
          payload: payloadOf(WEBHOOK_TEST_EVENT, now, {
            endpointId: endpoint.id,
            sentBy: STORY_ADMIN,
            message: 'A test event sent from the console',
          }),
        };
        logs.set(endpoint.id, [delivery, ...logOf(endpoint.id)]);
        return HttpResponse.json({ data: delivery }, { status: 201 });
      }),
    ];
  },
  /** No endpoint yet. */
  empty: () => webhookHandlers.api({ endpoints: [], deliveries: {} }),
  /** The list never answers. */
  loading: () => [http.get('*/api/webhooks', () => delay('infinite'))],
  /** The database is down: the list fails. */
  failing: () => [http.get('*/api/webhooks', () => errorResponse('database_unavailable'))],
  /** A delivery log never answers (use after `api`). */
  deliveriesLoading: () => [http.get('*/api/webhooks/:id/deliveries', () => delay('infinite'))],
  /** A delivery log fails (use after `api`). */
  deliveriesFailing: () => [http.get('*/api/webhooks/:id/deliveries', () => errorResponse('database_unavailable'))],
};

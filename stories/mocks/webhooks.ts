/**
 * MSW handlers for the Webhooks screen: an in-memory fake of /api/webhooks (server/routes/webhooks.ts)
 * with the contract's schemas and messages: endpoints (add with a secret answered once, edit,
 * enable, disable, delete), their delivery logs by keyset pages newest first, redelivery and test
 * events, and the server's refusals (addresses not allowed, a disabled endpoint, unknown ids).
 */
import { delay, http, HttpResponse } from 'msw';
import type { ZodError } from 'zod';
import {
  serverMessages,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  webhookCreateSchema,
  webhookDeliveryQuerySchema,
  webhookMessages,
  webhookPatchSchema,
  type WebhookAttempt,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookList,
} from '../../src/contract';
import { errorResponse } from './errors';
import { STORY_ADMIN } from './history';

const at = (iso: string) => new Date(iso).toISOString();
const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** The secret the fake answers for every new endpoint (the specification's `whsec_<base64>` form). */
export const SAMPLE_WEBHOOK_SECRET = 'whsec_MfKQ9r4ydRpWbdR8iJ7fA2xWm1pP5oTqk3fQ9aZcH0s=';

export const healthyEndpoint: WebhookEndpoint = {
  id: 'wh_ok',
  url: 'https://hooks.example.com/cms/articles',
  events: ['article.published', 'article.unpublished', 'article.updated', 'article.deleted'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  failingSince: null,
  createdAt: at('2026-10-02T08:00:00Z'),
  createdBy: STORY_ADMIN,
  pending: 0,
  lastAttempt: { at: at('2026-11-24T09:30:01Z'), status: 200, ok: true, error: null },
};

export const failingEndpoint: WebhookEndpoint = {
  id: 'wh_failing',
  url: 'https://search.example.net/webhooks/reindex',
  events: ['article.published', 'article.updated', 'file.uploaded', 'file.replaced'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  failingSince: at('2026-11-23T14:05:00Z'),
  createdAt: at('2026-09-15T12:00:00Z'),
  createdBy: 'editor@example.com',
  pending: 2,
  lastAttempt: { at: at('2026-11-24T09:14:35Z'), status: 500, ok: false, error: 'The endpoint answered 500' },
};

export const disabledEndpoint: WebhookEndpoint = {
  id: 'wh_disabled',
  url: 'https://legacy.example.org/hooks/cms',
  events: ['article.published', 'article.deleted'],
  enabled: false,
  disabledReason: webhookMessages.disabledAfterFailures,
  disabledAt: at('2026-11-22T06:00:00Z'),
  failingSince: at('2026-11-19T06:00:00Z'),
  createdAt: at('2026-03-01T10:00:00Z'),
  createdBy: STORY_ADMIN,
  pending: 0,
  lastAttempt: { at: at('2026-11-22T06:00:00Z'), status: null, ok: false, error: 'No answer within 5 s' },
};

export const sampleWebhookEndpoints: readonly WebhookEndpoint[] = [healthyEndpoint, failingEndpoint, disabledEndpoint];

const payloadOf = (type: WebhookDelivery['type'], createdAt: string, data: object) => JSON.stringify({ type, timestamp: createdAt, data });

/** A delivery of `type` made at `createdAt` (its attempts newest first, as the contract says). */
export function makeDelivery(
  endpointId: string,
  n: number,
  type: WebhookDelivery['type'],
  createdAt: string,
  rest: Partial<Pick<WebhookDelivery, 'state' | 'nextAttemptAt' | 'attempts'>> = {},
): WebhookDelivery {
  const eventId = `msg_2KXQ${String(n).padStart(4, '0')}${endpointId.slice(3).toUpperCase()}`;
  return {
    id: `${eventId}.${endpointId}`,
    eventId,
    type,
    createdAt,
    state: 'delivered',
    nextAttemptAt: null,
    attempts: [],
    payload: payloadOf(type, createdAt, { id: `art_01JD8W4G7Q2Z9K3M5N6P${String(n).padStart(6, '0')}` }),
    ...rest,
  };
}

const okAttempt = (attemptAt: string, durationMs = 84): WebhookAttempt => ({
  number: 1,
  at: attemptAt,
  status: 200,
  durationMs,
  error: null,
  response: '{"received":true}',
});

const serverError = (number: number, attemptAt: string, status = 500): WebhookAttempt => ({
  number,
  at: attemptAt,
  status,
  durationMs: 412,
  error: `The endpoint answered ${status}`,
  response: `<html><head><title>${status} Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>`,
});

const timeout = (number: number, attemptAt: string): WebhookAttempt => ({
  number,
  at: attemptAt,
  status: null,
  durationMs: 5000,
  error: 'No answer within 5 s',
  response: null,
});

const ARTICLE_EVENTS = WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith('article.'));

/** The healthy endpoint's log: 23 deliveries, each delivered at its first attempt (two pages of 20). */
const healthyLog = (): WebhookDelivery[] =>
  Array.from({ length: 23 }, (_, i) => {
    const createdAt = plus('2026-11-24T09:30:00Z', -i * 47 * 60_000);
    return makeDelivery(healthyEndpoint.id, 23 - i, ARTICLE_EVENTS[i % 4]!, createdAt, {
      attempts: [okAttempt(plus(createdAt, 1000), 60 + ((i * 37) % 140))],
    });
  });

/** The failing endpoint's log: two pending with retries, one given up after 24 hours, one delivered before. */
const failingLog = (): WebhookDelivery[] => [
  makeDelivery(failingEndpoint.id, 104, 'article.updated', at('2026-11-24T09:12:00Z'), {
    state: 'pending',
    nextAttemptAt: at('2026-11-24T09:29:35Z'),
    attempts: [
      serverError(4, at('2026-11-24T09:14:35Z')),
      timeout(3, at('2026-11-24T09:12:35Z')),
      serverError(2, at('2026-11-24T09:12:05Z')),
      serverError(1, at('2026-11-24T09:12:00Z')),
    ],
  }),
  makeDelivery(failingEndpoint.id, 103, 'file.uploaded', at('2026-11-24T08:40:00Z'), {
    state: 'pending',
    nextAttemptAt: at('2026-11-24T09:57:40Z'),
    attempts: [
      serverError(5, at('2026-11-24T08:57:40Z'), 503),
      serverError(4, at('2026-11-24T08:42:40Z')),
      serverError(3, at('2026-11-24T08:40:40Z')),
      serverError(2, at('2026-11-24T08:40:05Z')),
      serverError(1, at('2026-11-24T08:40:00Z')),
    ],
  }),
  makeDelivery(failingEndpoint.id, 102, 'article.published', at('2026-11-23T08:00:00Z'), {
    state: 'failed',
    attempts: [serverError(3, at('2026-11-24T08:00:00Z'), 503), timeout(2, at('2026-11-23T20:00:00Z')), serverError(1, at('2026-11-23T08:00:00Z'))],
  }),
  makeDelivery(failingEndpoint.id, 101, 'article.published', at('2026-11-23T07:00:00Z'), {
    attempts: [okAttempt(at('2026-11-23T07:00:01Z'), 131)],
  }),
];

const disabledLog = (): WebhookDelivery[] => [
  makeDelivery(disabledEndpoint.id, 201, 'article.deleted', at('2026-11-21T06:00:00Z'), {
    state: 'failed',
    attempts: [timeout(2, at('2026-11-22T06:00:00Z')), timeout(1, at('2026-11-21T06:00:00Z'))],
  }),
];

/** Each sample endpoint's delivery log, newest first. */
export const sampleWebhookDeliveries = (): Record<string, WebhookDelivery[]> => ({
  [healthyEndpoint.id]: healthyLog(),
  [failingEndpoint.id]: failingLog(),
  [disabledEndpoint.id]: disabledLog(),
});

/** The server's words for a body or query its schema refuses (server/errors.ts describeValidation). */
function invalid(where: 'body' | 'querystring', error: ZodError) {
  const issue = error.issues[0]!;
  const field = issue.path.join('.');
  return errorResponse('validation_failed', `Invalid ${where}${field ? ` field "${field}"` : ''}: ${issue.message}`);
}

const PRIVATE_HOST = /^(localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/;

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

/**
 * Webhooks: endpoints the server tells of changes, signed as the Standard Webhooks specification
 * says (`webhook-id`, `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 with the endpoint's
 * `whsec_` secret). Each event is written to an outbox in the transaction of the change, then
 * delivered with a 5 s timeout, and retried after about 5 s, 30 s, 2 min, 15 min and 1 h, then
 * every 3 h, for 24 h, on timeouts, 5xx, 408 and 429 (a Retry-After is honoured), never on
 * other 4xx. An endpoint failing for 3 days is disabled. A receiver may get an event twice: its
 * `webhook-id` is the same.
 *
 * - `GET /webhooks` → `{ data: WebhookEndpoint[] }`
 * - `POST /webhooks` `{ url, events }` → 201 `{ data: WebhookEndpoint, secret }` (shown this once)
 * - `PATCH /webhooks/:id` `{ url?, events?, enabled? }` → `{ data }`; enabling clears the failures
 * - `DELETE /webhooks/:id` → 204
 * - `GET /webhooks/:id/deliveries?limit=&cursor=` → `{ data: WebhookDelivery[], nextCursor }`, newest first
 * - `POST /webhooks/:id/deliveries/:deliveryId/redeliver` → `{ data: WebhookDelivery }`
 * - `POST /webhooks/:id/test` → 201 `{ data: WebhookDelivery }` (a `webhook.test` event)
 * A URL must be http(s), without credentials, and not resolve to a private, loopback or
 * link-local address (unless WEBHOOK_ALLOW_CIDRS allows it): 400 `url_not_allowed` / `invalid_url`.
 * Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';

export const WEBHOOK_EVENT_TYPES = [
  'article.published',
  'article.unpublished',
  'article.updated',
  'article.deleted',
  'article.restored',
  /** Its source's page changed since it was imported (./sourceChange.ts). */
  'article.source_changed',
  /** The workflow's notifications (./notifications), as events about the article. */
  'article.mentioned',
  'article.review_requested',
  'article.review_decided',
  'article.assigned',
  'article.schedule_failed',
  'file.uploaded',
  'file.replaced',
  'file.deleted',
  /** A source's poll failed where the one before had not (./sources.ts). */
  'source.failed',
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
  error: (issue) =>
    `Unknown event ${JSON.stringify(issue.input)}: use ${WEBHOOK_EVENT_TYPES.join(', ')}`,
});
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;
/** 'Send a test event' sends this type (to that endpoint only). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** How the console names each event. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  'article.published': 'Article published',
  'article.unpublished': 'Article unpublished',
  'article.updated': 'Article updated',
  'article.deleted': 'Article deleted',
  'article.restored': 'Article restored',
  'article.source_changed': 'Article’s source changed',
  'article.mentioned': 'Someone mentioned in a comment',
  'article.review_requested': 'Review requested',
  'article.review_decided': 'Review decided',
  'article.assigned': 'Article assigned',
  'article.schedule_failed': 'Scheduled change failed',
  'file.uploaded': 'File uploaded',
  'file.replaced': 'File replaced',
  'file.deleted': 'File deleted',
  'source.failed': 'Source failing',
};

/** A delivery's timeout. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** Waits before each retry: then RETRY_EVERY_MS, until RETRY_FOR_MS after the event. */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 30_000, 2 * 60_000, 15 * 60_000, 60 * 60_000] as const;
export const WEBHOOK_RETRY_EVERY_MS = 3 * 60 * 60_000;
export const WEBHOOK_RETRY_FOR_MS = 24 * 60 * 60_000;
/** An endpoint whose deliveries have failed this long, with no success between, is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 60 * 60_000;
/** Deliveries that are done (delivered, or given up) stay in the log this long. */
export const WEBHOOK_LOG_DAYS = 30;
/** How much of a receiver's answer the log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_CHARS = 500;
export const MAX_WEBHOOK_URL_LENGTH = 2048;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why it was disabled (by the server after 3 days of failures, or by an admin); null when enabled. */
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  /** Since when its deliveries fail, with no success between; null when the last one succeeded. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** Deliveries waiting for their first attempt or a retry. */
  pending: z.number().int().nonnegative(),
  /** The latest attempt's outcome, if any. */
  lastAttempt: z
    .object({ at: z.string(), status: z.number().int().nullable(), ok: z.boolean(), error: z.string().nullable() })
    .nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookListSchema = z.object({ data: z.array(webhookEndpointSchema) });
export type WebhookList = z.infer<typeof webhookListSchema>;

const eventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, 'Each event once');

export const webhookCreateSchema = z.strictObject({
  url: z.string().trim().min(1, 'Enter the endpoint URL').max(MAX_WEBHOOK_URL_LENGTH),
  events: eventsSchema,
});
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

/** The new endpoint and its secret, in the specification's `whsec_<base64>` form: shown this once. */
export const webhookCreatedSchema = z.object({ data: webhookEndpointSchema, secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookPatchSchema = z
  .strictObject({
    url: z.string().trim().min(1, 'Enter the endpoint URL').max(MAX_WEBHOOK_URL_LENGTH).optional(),
    events: eventsSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'Send url, events or enabled');
export type WebhookPatch = z.infer<typeof webhookPatchSchema>;

export const webhookResultSchema = z.object({ data: webhookEndpointSchema });

export const webhookAttemptSchema = z.object({
  number: z.number().int().positive(),
  at: z.string(),
  /** The receiver's HTTP status; null when there was none (timeout, refused connection). */
  status: z.number().int().nullable(),
  durationMs: z.number().int().nonnegative(),
  /** Why it failed without a status, or why a status counts as failed. */
  error: z.string().nullable(),
  /** The first WEBHOOK_RESPONSE_EXCERPT_CHARS characters of the receiver's answer. */
  response: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliveryStateSchema = z.enum(['pending', 'delivered', 'failed']);
export type WebhookDeliveryState = z.infer<typeof webhookDeliveryStateSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The event's `webhook-id` (the same at every attempt and redelivery). */
  eventId: z.string(),
  type: z.union([webhookEventTypeSchema, z.literal(WEBHOOK_TEST_EVENT)]),
  createdAt: z.string(),
  /** pending: waiting for an attempt or a retry; delivered: a 2xx came back; failed: given up. */
  state: webhookDeliveryStateSchema,
  /** When the next attempt is due (pending only). */
  nextAttemptAt: z.string().nullable(),
  /** Every attempt, newest first. */
  attempts: z.array(webhookAttemptSchema),
  /** The JSON body sent. */
  payload: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export type WebhookDeliveryQuery = z.input<typeof webhookDeliveryQuerySchema>;

export const webhookDeliveryListSchema = z.object({ data: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const webhookDeliveryResultSchema = z.object({ data: webhookDeliverySchema });

export const webhookMessages = {
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  onlyHttp: 'Webhook URLs must be http or https',
  withCredentials: 'Webhook URLs cannot contain credentials (user:password@)',
  invalidUrl: 'Enter a valid http or https URL',
  privateAddress:
    'This address is not allowed: private, loopback and link-local addresses cannot receive webhooks (WEBHOOK_ALLOW_CIDRS can allow a range)',
  unresolvable: (host: string) => `Could not resolve ${host}`,
  disabledAfterFailures: 'Disabled after 3 days of failed deliveries. Fix the endpoint, then enable it again.',
  disabledByAdmin: 'Disabled by an admin',
  endpointDisabled: 'This endpoint is disabled: enable it to send to it.',
} as const;

/**
 * Webhooks: registering endpoints (and what is refused, storing nothing), the outbox written
 * with each change (and not with a change rolled back), signed deliveries a receiver verifies,
 * retries on the schedule (and Retry-After), no retry on other 4xx, timeouts, giving up after
 * 24 h, disabling after 3 days, the delivery log, redelivery, test events, and several workers
 * delivering each event once between them.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_RETRY_DELAYS_MS,
  webhookCreatedSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookMessages,
  type WebhookDelivery,
} from '../../src/contract/index.ts';
import { webhookAllowList } from '../webhooks/urls.ts';
import { pruneWebhookLog, startDeliveryWorker, type DeliveryWorker } from '../webhooks/worker.ts';
import { backends, useHarness } from './helpers.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';

const LOOPBACK = ['127.0.0.1/32'];
const SECOND = 1_000;
const HOUR = 3_600 * SECOND;

describe.each(backends)('webhooks ($name)', (backend) => {
  // The tests drive the deliveries with their own clock: no worker of the app's own.
  const ctx = useHarness(backend, { webhookAllowCidrs: LOOPBACK, background: { webhooks: false } });
  let receiver: Receiver;
  let clock: Date;
  let worker: DeliveryWorker;
  const workers: DeliveryWorker[] = [];
  const newWorker = () => {
    const w = startDeliveryWorker({ db: ctx.h.db, log: ctx.h.app.log, allow: webhookAllowList(LOOPBACK), now: () => clock, manual: true });
    workers.push(w);
    return w;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver?.close());
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answers.length = 0;
    receiver.fallback = { status: 200, body: 'ok' };
    clock = new Date();
    worker = newWorker();
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop();
  });

  const register = async (events: readonly string[] = WEBHOOK_EVENT_TYPES, url = receiver.url) => {
    const res = await ctx.api('POST', '/api/webhooks', { url, events });
    expect(res.statusCode, res.body).toBe(201);
    const created = webhookCreatedSchema.parse(res.json());
    receiver.secret = created.secret;
    return created;
  };
  const createArticle = async (slug: string) => {
    const res = await ctx.api('POST', '/api/articles', { slug, title: `About ${slug}`, blogData: '<p>Hi</p>' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string };
  };
  const deliveries = async (endpointId: string, query = ''): Promise<WebhookDelivery[]> => {
    const res = await ctx.api('GET', `/api/webhooks/${endpointId}/deliveries${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return webhookDeliveryListSchema.parse(res.json()).data;
  };
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  /** What is due by the test's clock (never behind the real one: changes are stamped with it), sent. */
  const drain = (w = worker) => {
    clock = new Date(Math.max(clock.getTime(), Date.now()));
    return w.drain();
  };

  it('registers an endpoint, answering its secret once in the specification\'s form; lists, changes and removes it', async () => {
    const created = await register(['article.published']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.data).toMatchObject({ url: receiver.url, events: ['article.published'], enabled: true, pending: 0, lastAttempt: null });
    const list = webhookListSchema.parse((await ctx.api('GET', '/api/webhooks')).json());
    expect(list.data).toHaveLength(1);
    // The secret is never answered again.
    expect(JSON.stringify((await ctx.api('GET', '/api/webhooks')).json())).not.toContain(created.secret);
    const patched = await ctx.api('PATCH', `/api/webhooks/${created.data.id}`, { events: ['article.published', 'file.uploaded'], enabled: false });
    expect(patched.json().data).toMatchObject({ events: ['article.published', 'file.uploaded'], enabled: false, disabledReason: webhookMessages.disabledByAdmin });
    const enabled = await ctx.api('PATCH', `/api/webhooks/${created.data.id}`, { enabled: true });
    expect(enabled.json().data).toMatchObject({ enabled: true, disabledReason: null });
    expect((await ctx.api('DELETE', `/api/webhooks/${created.data.id}`)).statusCode).toBe(204);
    expect((await ctx.api('DELETE', `/api/webhooks/${created.data.id}`)).json()).toEqual({ code: 'not_found', message: webhookMessages.notFound });
    const { rows } = await ctx.h.db.query<{ kind: string; message: string }>(`SELECT kind, message FROM activity WHERE kind LIKE 'webhook.%' ORDER BY at, id`);
    expect(rows.map((r) => r.kind)).toEqual(['webhook.created', 'webhook.updated', 'webhook.updated', 'webhook.deleted']);
  });

  it('refuses a URL that is not http(s), has credentials or points at a private address, and an unknown event; nothing is stored', async () => {
    const cases: [object, number, string, string][] = [
      [{ url: 'ftp://example.com/hook', events: ['article.published'] }, 400, 'invalid_url', webhookMessages.onlyHttp],
      [{ url: 'not a url', events: ['article.published'] }, 400, 'invalid_url', webhookMessages.invalidUrl],
      [{ url: 'https://user:secret@example.com/hook', events: ['article.published'] }, 400, 'invalid_url', webhookMessages.withCredentials],
      [{ url: 'http://10.0.0.7/hook', events: ['article.published'] }, 400, 'url_not_allowed', webhookMessages.privateAddress],
      [{ url: 'http://[::1]:8080/hook', events: ['article.published'] }, 400, 'url_not_allowed', webhookMessages.privateAddress],
      [{ url: 'http://169.254.169.254/latest', events: ['article.published'] }, 400, 'url_not_allowed', webhookMessages.privateAddress],
      [
        { url: receiver.url, events: ['article.created'] },
        400,
        'validation_failed',
        `Invalid body field "events.0": Unknown event "article.created": use ${WEBHOOK_EVENT_TYPES.join(', ')}`,
      ],
      [{ url: receiver.url, events: [] }, 400, 'validation_failed', 'Invalid body field "events": Choose at least one event'],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await ctx.api('POST', '/api/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json(), JSON.stringify(body)).toEqual({ code, message });
    }
    // The loopback is refused too, unless WEBHOOK_ALLOW_CIDRS allows it.
    const strict = await ctx.h.buildApp({ webhookAllowCidrs: [], background: { scheduler: false, webhooks: false } });
    const refused = await strict.inject({ method: 'POST', url: '/api/webhooks', headers: { authorization: `Bearer ${ctx.token}` }, payload: { url: receiver.url, events: ['article.published'] } });
    expect(refused.json()).toEqual({ code: 'url_not_allowed', message: webhookMessages.privateAddress });
    expect(webhookListSchema.parse((await ctx.api('GET', '/api/webhooks')).json()).data).toEqual([]);
    // A change to a private address is refused the same way, leaving the endpoint as it was.
    const created = await register(['article.published']);
    const patched = await ctx.api('PATCH', `/api/webhooks/${created.data.id}`, { url: 'http://192.168.1.1/' });
    expect(patched.json()).toEqual({ code: 'url_not_allowed', message: webhookMessages.privateAddress });
    expect(webhookListSchema.parse((await ctx.api('GET', '/api/webhooks')).json()).data[0]!.url).toBe(receiver.url);
  });

  it('delivers each change to the endpoints that take it, signed; a receiver verifies it; a rolled-back change sends nothing', async () => {
    const all = await register();
    const a = await createArticle('tomatoes');
    // Nothing for a creation (not an event), nor for a refused change.
    expect((await ctx.api('PATCH', `/api/articles/${a.id}`, { slug: 'Not A Slug' })).statusCode).toBe(400);
    await ctx.api('PATCH', `/api/articles/${a.id}`, { title: 'Tomatoes, red' });
    await ctx.api('PATCH', `/api/articles/${a.id}/publish`);
    await ctx.api('PATCH', `/api/articles/${a.id}/draft`);
    await ctx.api('DELETE', `/api/articles/${a.id}`);
    await ctx.api('POST', `/api/articles/${a.id}/restore`);
    expect(await drain()).toBe(5);
    expect(receiver.received.map((r) => r.type)).toEqual(
      expect.arrayContaining(['article.updated', 'article.published', 'article.unpublished', 'article.deleted', 'article.restored']),
    );
    expect(receiver.received).toHaveLength(5);
    for (const r of receiver.received) {
      expect(r.verified, r.type).toBe(true);
      expect(r.id).toMatch(/^msg_[0-9a-z]{26}$/);
      expect(r.data).toMatchObject({ id: a.id, slug: 'tomatoes', title: 'Tomatoes, red' });
    }
    const published = receiver.received.find((r) => r.type === 'article.published')!;
    expect(published.data.status).toBe('published');
    expect(JSON.parse(published.body)).toMatchObject({ type: 'article.published', timestamp: expect.any(String), data: { id: a.id } });
    // The log: delivered, one attempt each, with the status, duration and answer.
    const log = await deliveries(all.data.id);
    expect(log).toHaveLength(5);
    for (const d of log) {
      expect(d.state).toBe('delivered');
      expect(d.attempts).toEqual([{ number: 1, at: expect.any(String), status: 200, durationMs: expect.any(Number), error: null, response: 'ok' }]);
    }
    // An endpoint taking other events only gets those.
    const files = await register(['file.uploaded']);
    await ctx.api('PATCH', `/api/articles/${a.id}`, { title: 'Again' });
    const { rows } = await ctx.h.db.query<{ n: number | string }>('SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = $1', [files.data.id]);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('retries a 500 after about 5 s and 30 s, delivering on the third attempt with the same webhook-id; the log shows three', async () => {
    const endpoint = await register(['article.published']);
    receiver.answers.push({ status: 500, body: 'down' }, { status: 500, body: 'still down' });
    const a = await createArticle('retried');
    await ctx.api('PATCH', `/api/articles/${a.id}/publish`);
    expect(await drain()).toBe(1);
    let [delivery] = await deliveries(endpoint.data.id);
    expect(delivery).toMatchObject({ state: 'pending', nextAttemptAt: new Date(clock.getTime() + WEBHOOK_RETRY_DELAYS_MS[0]).toISOString() });
    // Not due before its time.
    advance(4 * SECOND);
    expect(await drain()).toBe(0);
    advance(SECOND);
    expect(await drain()).toBe(1);
    [delivery] = await deliveries(endpoint.data.id);
    expect(delivery!.nextAttemptAt).toBe(new Date(clock.getTime() + WEBHOOK_RETRY_DELAYS_MS[1]).toISOString());
    advance(WEBHOOK_RETRY_DELAYS_MS[1]);
    expect(await drain()).toBe(1);
    [delivery] = await deliveries(endpoint.data.id);
    expect(delivery!.state).toBe('delivered');
    expect(delivery!.attempts.map((t) => [t.number, t.status, t.response])).toEqual([
      [3, 200, 'ok'],
      [2, 500, 'still down'],
      [1, 500, 'down'],
    ]);
    expect(delivery!.attempts[1]!.error).toBe('The endpoint answered 500');
    expect(receiver.received.map((r) => r.id)).toEqual([delivery!.eventId, delivery!.eventId, delivery!.eventId]);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    // The endpoint is well again.
    const listed = webhookListSchema.parse((await ctx.api('GET', '/api/webhooks')).json()).data[0]!;
    expect(listed).toMatchObject({ failingSince: null, pending: 0, lastAttempt: { status: 200, ok: true } });
  });

  it('honours Retry-After on a 429, never retries another 4xx, and gives up after 24 h', async () => {
    const endpoint = await register(['article.published', 'article.unpublished']);
    receiver.answers.push({ status: 429, headers: { 'retry-after': '120' } });
    const a = await createArticle('limited');
    await ctx.api('PATCH', `/api/articles/${a.id}/publish`);
    await drain();
    let [delivery] = await deliveries(endpoint.data.id);
    expect(delivery!.nextAttemptAt).toBe(new Date(clock.getTime() + 120 * SECOND).toISOString());

    receiver.fallback = { status: 410, body: 'gone' };
    advance(120 * SECOND);
    await drain();
    [delivery] = await deliveries(endpoint.data.id);
    expect(delivery).toMatchObject({ state: 'failed', nextAttemptAt: null });
    expect(delivery!.attempts[0]).toMatchObject({ status: 410, error: 'The endpoint answered 410: not retried' });

    // A receiver down for good: retried on the schedule, then every 3 h, and given up 24 h after the event.
    receiver.fallback = { status: 503 };
    await ctx.api('PATCH', `/api/articles/${a.id}/draft`);
    const start = clock.getTime();
    let attempts = 0;
    while (clock.getTime() - start <= 25 * HOUR) {
      attempts += await drain();
      advance(5 * 60 * SECOND);
    }
    [delivery] = await deliveries(endpoint.data.id);
    expect(delivery!.type).toBe('article.unpublished');
    expect(delivery!.state).toBe('failed');
    // 1 + 5 scheduled retries (5 s … 1 h) + every 3 h until 24 h: 1 + 5 + 7 = 13.
    expect(attempts).toBe(13);
    expect(delivery!.attempts).toHaveLength(13);
  }, 60_000);

  it('disables an endpoint failing for 3 days, says so, and sends it nothing more until enabled', async () => {
    const endpoint = await register(['article.published']);
    receiver.fallback = { status: 500 };
    const a = await createArticle('failing');
    await ctx.api('PATCH', `/api/articles/${a.id}/publish`);
    await drain();
    expect(webhookListSchema.parse((await ctx.api('GET', '/api/webhooks')).json()).data[0]!.failingSince).toBe(clock.toISOString());
    // Three days of failures later, the next failed attempt disables it.
    advance(3 * 24 * HOUR);
    await ctx.api('PATCH', `/api/articles/${a.id}/draft`);
    await ctx.api('PATCH', `/api/articles/${a.id}/publish`);
    await drain();
    const listed = webhookListSchema.parse((await ctx.api('GET', '/api/webhooks')).json()).data[0]!;
    expect(listed).toMatchObject({ enabled: false, disabledReason: webhookMessages.disabledAfterFailures });
    const { rows } = await ctx.h.db.query<{ message: string }>(`SELECT message FROM activity WHERE kind = 'webhook.disabled'`);
    expect(rows.map((r) => r.message)).toEqual([`Webhook ${receiver.url} disabled after 3 days of failed deliveries`]);
    const sent = receiver.received.length;
    await ctx.api('PATCH', `/api/articles/${a.id}/draft`);
    await ctx.api('PATCH', `/api/articles/${a.id}/publish`);
    advance(HOUR);
    expect(await drain()).toBe(0);
    expect(receiver.received).toHaveLength(sent);
    expect((await ctx.api('POST', `/api/webhooks/${endpoint.data.id}/test`)).json().code).toBe('endpoint_disabled');
    // Events while it is disabled are not kept for it; enabled again, it is told of the next ones.
    const { rows: kept } = await ctx.h.db.query<{ n: number | string }>(`SELECT count(*) AS n FROM webhook_deliveries WHERE state = 'pending'`);
    expect(Number(kept[0]!.n)).toBe(0);
    receiver.fallback = { status: 200 };
    await ctx.api('PATCH', `/api/webhooks/${endpoint.data.id}`, { enabled: true });
    await ctx.api('PATCH', `/api/articles/${a.id}/draft`);
    await ctx.api('PATCH', `/api/articles/${a.id}/publish`);
    expect(await drain()).toBe(1);
    // (Signed 3 days ahead by the test's clock: a receiver's timestamp check would refuse it.)
    expect(receiver.received.at(-1)).toMatchObject({ type: 'article.published' });
    expect(webhookListSchema.parse((await ctx.api('GET', '/api/webhooks')).json()).data[0]).toMatchObject({ enabled: true, failingSince: null });
  });

  it('times out after 5 s with no answer', async () => {
    const endpoint = await register(['article.published']);
    receiver.answers.push({ status: 200, hang: true });
    const a = await createArticle('slow');
    await ctx.api('PATCH', `/api/articles/${a.id}/publish`);
    await drain();
    const [delivery] = await deliveries(endpoint.data.id);
    expect(delivery).toMatchObject({ state: 'pending' });
    expect(delivery!.attempts[0]).toMatchObject({ status: null, error: 'No answer within 5 s' });
    expect(delivery!.attempts[0]!.durationMs).toBeGreaterThanOrEqual(4_900);
  }, 20_000);

  it('redelivers with the same webhook-id, sends a test event, and pages the log newest first', async () => {
    const endpoint = await register(['article.updated']);
    const a = await createArticle('paged');
    for (let i = 0; i < 5; i++) await ctx.api('PATCH', `/api/articles/${a.id}`, { title: `Title ${i}` });
    await drain();
    const first = await deliveries(endpoint.data.id, '?limit=2');
    expect(first).toHaveLength(2);
    const page = webhookDeliveryListSchema.parse((await ctx.api('GET', `/api/webhooks/${endpoint.data.id}/deliveries?limit=2`)).json());
    const rest = webhookDeliveryListSchema.parse(
      (await ctx.api('GET', `/api/webhooks/${endpoint.data.id}/deliveries?limit=10&cursor=${page.nextCursor}`)).json(),
    );
    expect([...page.data, ...rest.data].map((d) => d.id)).toEqual((await deliveries(endpoint.data.id, '?limit=10')).map((d) => d.id));
    expect(rest.nextCursor).toBeNull();
    expect((await ctx.api('GET', `/api/webhooks/${endpoint.data.id}/deliveries?cursor=nonsense`)).statusCode).toBe(400);

    const target = page.data[0]!;
    const redelivered = await ctx.api('POST', `/api/webhooks/${endpoint.data.id}/deliveries/${target.id}/redeliver`);
    expect(redelivered.statusCode, redelivered.body).toBe(200);
    expect(redelivered.json().data).toMatchObject({ id: target.id, state: 'pending' });
    await drain();
    expect(receiver.received.filter((r) => r.id === target.eventId)).toHaveLength(2);
    expect((await deliveries(endpoint.data.id, '?limit=1'))[0]!.attempts).toHaveLength(2);
    expect((await ctx.api('POST', `/api/webhooks/${endpoint.data.id}/deliveries/nope/redeliver`)).json()).toEqual({
      code: 'not_found',
      message: webhookMessages.deliveryNotFound,
    });

    const test = await ctx.api('POST', `/api/webhooks/${endpoint.data.id}/test`);
    expect(test.statusCode, test.body).toBe(201);
    expect(test.json().data).toMatchObject({ type: 'webhook.test', state: 'pending' });
    await drain();
    expect(receiver.received.at(-1)).toMatchObject({ type: 'webhook.test', verified: true });
  });

  it('keeps done deliveries in the log for 30 days, and pending ones until they are done', async () => {
    const endpoint = await register(['article.updated']);
    const a = await createArticle('kept-30-days');
    await ctx.api('PATCH', `/api/articles/${a.id}`, { title: 'Delivered' });
    await drain();
    receiver.fallback = { status: 500 };
    await ctx.api('PATCH', `/api/articles/${a.id}`, { title: 'Still failing' });
    await drain();
    const log = await deliveries(endpoint.data.id);
    expect(log.map((d) => d.state).sort()).toEqual(['delivered', 'pending']);
    // Both made 31 days ago: the delivered one goes (its attempts with it), the pending one stays.
    await ctx.h.db.query(`UPDATE webhook_deliveries SET created_at = created_at - interval '31 days' WHERE endpoint_id = $1`, [endpoint.data.id]);
    // Two days ago they were 29 days old: kept.
    expect(await pruneWebhookLog(ctx.h.db, new Date(Date.now() - 2 * 86_400_000))).toBe(0);
    expect(await pruneWebhookLog(ctx.h.db, new Date())).toBe(1);
    expect((await deliveries(endpoint.data.id)).map((d) => d.state)).toEqual(['pending']);
    const orphans = await ctx.h.db.query(`SELECT 1 FROM webhook_attempts t WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.id = t.delivery_id)`);
    expect(orphans.rows).toHaveLength(0);
  });

  it('tells of files uploaded, replaced and deleted', async () => {
    await register(['file.uploaded', 'file.replaced', 'file.deleted']);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
    const { uploadRequest } = await import('./helpers.ts');
    const up = await ctx.h.app.inject(uploadRequest(ctx.token, 'dot.png', png, 'image/png'));
    expect(up.statusCode, up.body).toBe(201);
    const file = up.json().file as { id: string };
    await ctx.api('DELETE', `/api/files/${file.id}`);
    await drain();
    expect(receiver.received.map((r) => r.type).sort()).toEqual(['file.deleted', 'file.uploaded']);
    expect(receiver.received[0]!.data).toMatchObject({ id: file.id, name: 'dot.png', type: 'image', url: `/api/files/${file.id}/content` });
  });

  it('delivers each event once when several workers share the outbox', async () => {
    await register(['article.updated']);
    const a = await createArticle('shared');
    for (let i = 0; i < 40; i++) await ctx.api('PATCH', `/api/articles/${a.id}`, { title: `Title ${i}` });
    receiver.fallback = { status: 200, delayMs: 20 };
    const others = [newWorker(), newWorker()];
    clock = new Date();
    await Promise.all([worker.drain(), ...others.map((w) => w.drain())]);
    const ids = receiver.received.map((r) => r.id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });
});

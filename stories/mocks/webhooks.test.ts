// The webhook handlers answer in the contract's shapes and keep their state as the server does:
// a new endpoint's secret once, keyset pages newest first, a redelivery pending at once, a test
// event at the top of the log, enabling clearing the failures, and the server's refusals.
import { describe, expect, it } from 'vitest';
import {
  webhookCreatedSchema,
  webhookDeliveryListSchema,
  webhookDeliveryResultSchema,
  webhookListSchema,
  webhookMessages,
  webhookResultSchema,
} from '../../src/contract';
import { disabledEndpoint, failingEndpoint, healthyEndpoint, SAMPLE_WEBHOOK_SECRET } from '../fixtures';
import { webhookHandlers } from './webhooks';
import { sender, testServer } from './testServer';

const server = testServer();

const base = 'http://localhost/api/webhooks';
const send = sender(base);

describe('webhook handlers', () => {
  it('list the endpoints with what waits counted from their logs', async () => {
    server.use(...webhookHandlers.api());
    const list = webhookListSchema.parse(await (await send('')).json());
    expect(list.data.map((e) => [e.id, e.enabled, e.pending])).toEqual([
      [healthyEndpoint.id, true, 0],
      [failingEndpoint.id, true, 2],
      [disabledEndpoint.id, false, 0],
    ]);
    expect(list.data[2]!.disabledReason).toBe(webhookMessages.disabledAfterFailures);
  });

  it('add an endpoint with its secret, and refuse private and malformed addresses as the server does', async () => {
    server.use(...webhookHandlers.api());
    const created = webhookCreatedSchema.parse(
      await (await send('', 'POST', { url: ' https://hooks.example.com/new ', events: ['article.published'] })).json(),
    );
    expect(created.secret).toBe(SAMPLE_WEBHOOK_SECRET);
    expect(created.data).toMatchObject({ url: 'https://hooks.example.com/new', enabled: true, lastAttempt: null });
    const refused = await send('', 'POST', { url: 'http://192.168.1.20/hook', events: ['article.published'] });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: webhookMessages.privateAddress, code: 'url_not_allowed' });
    const noEvents = await send('', 'POST', { url: 'https://hooks.example.com/b', events: [] });
    expect(await noEvents.json()).toEqual({ message: 'Invalid body field "events": Choose at least one event', code: 'validation_failed' });
    expect(webhookListSchema.parse(await (await send('')).json()).data).toHaveLength(4);
  });

  it('page the log newest first, redeliver and test as the server does', async () => {
    server.use(...webhookHandlers.api());
    const first = webhookDeliveryListSchema.parse(await (await send(`/${healthyEndpoint.id}/deliveries?limit=20`)).json());
    expect(first.data).toHaveLength(20);
    const second = webhookDeliveryListSchema.parse(
      await (await send(`/${healthyEndpoint.id}/deliveries?limit=20&cursor=${encodeURIComponent(first.nextCursor!)}`)).json(),
    );
    expect(second.data).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const all = [...first.data, ...second.data].map((d) => Date.parse(d.createdAt));
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect((await send(`/${healthyEndpoint.id}/deliveries?cursor=nope`)).status).toBe(400);

    const redelivered = webhookDeliveryResultSchema.parse(
      await (await send(`/${healthyEndpoint.id}/deliveries/${encodeURIComponent(first.data[0]!.id)}/redeliver`, 'POST')).json(),
    );
    expect(redelivered.data.state).toBe('pending');
    const test = await send(`/${healthyEndpoint.id}/test`, 'POST');
    expect(test.status).toBe(201);
    expect(webhookDeliveryResultSchema.parse(await test.json()).data.type).toBe('webhook.test');
    const log = webhookDeliveryListSchema.parse(await (await send(`/${healthyEndpoint.id}/deliveries`)).json());
    expect(log.data[0]!.type).toBe('webhook.test');
    const list = webhookListSchema.parse(await (await send('')).json());
    expect(list.data.find((e) => e.id === healthyEndpoint.id)!.pending).toBe(2);

    const disabled = await send(`/${disabledEndpoint.id}/test`, 'POST');
    expect(disabled.status).toBe(409);
    expect(await disabled.json()).toEqual({ message: webhookMessages.endpointDisabled, code: 'endpoint_disabled' });
  });

  it('enable an endpoint clearing its failures, disable one as an admin, delete one', async () => {
    server.use(...webhookHandlers.api());
    const enabled = webhookResultSchema.parse(await (await send(`/${disabledEndpoint.id}`, 'PATCH', { enabled: true })).json());
    expect(enabled.data).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
    const disabled = webhookResultSchema.parse(await (await send(`/${healthyEndpoint.id}`, 'PATCH', { enabled: false })).json());
    expect(disabled.data).toMatchObject({ enabled: false, disabledReason: webhookMessages.disabledByAdmin });
    expect((await send(`/${failingEndpoint.id}`, 'DELETE')).status).toBe(204);
    const gone = await send(`/${failingEndpoint.id}`, 'DELETE');
    expect(await gone.json()).toEqual({ message: webhookMessages.notFound, code: 'not_found' });
  });
});

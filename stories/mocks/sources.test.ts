// The source handlers answer in the contract's shapes and keep their state as the server does:
// a page's feeds found, a feed followed once, pause and resume, a poll counted, keyset pages of
// entries newest first, and the server's refusals in its words.
import { describe, expect, it } from 'vitest';
import {
  serverMessages,
  sourceCreatedSchema,
  sourceEntryListSchema,
  sourceListSchema,
  sourceMessages,
  sourcePollResultSchema,
  sourceResultSchema,
} from '../../src/contract';
import { failingSource, healthySource, pausedSource } from '../fixtures';
import { sourceHandlers } from './sources';
import { sender, testServer } from './testServer';

const server = testServer();
const send = sender('http://localhost/api/sources');

describe('source handlers', () => {
  it('list the sources, follow the first feed a page names, and refuse what the server refuses', async () => {
    server.use(...sourceHandlers.api());
    expect(sourceListSchema.parse(await (await send('')).json()).data.map((s) => s.id)).toEqual([healthySource.id, failingSource.id, pausedSource.id]);
    const created = sourceCreatedSchema.parse(await (await send('', 'POST', { url: 'https://www.example.com/', intervalMinutes: 30 })).json());
    expect(created.found).toEqual(['https://www.example.com/feed.xml', 'https://www.example.com/atom.xml']);
    expect(created.data).toMatchObject({ feedUrl: 'https://www.example.com/feed.xml', kind: 'feed', intervalMinutes: 30, paused: false });
    const again = await send('', 'POST', { url: 'https://www.example.com/feed.xml' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: sourceMessages.alreadyFollowed, code: 'source_exists' });
    expect(await (await send('', 'POST', { url: 'ftp://www.example.com/feed' })).json()).toEqual({ message: serverMessages.onlyHttpUrls, code: 'invalid_url' });
    expect(await (await send('', 'POST', { url: 'https://www.example.com/nofeed' })).json()).toEqual({ message: sourceMessages.noFeedFound, code: 'no_feed_found' });
    expect(await (await send('', 'POST', { url: 'https://www.example.com/feed.json', intervalMinutes: 2 })).json()).toEqual({
      message: 'Invalid body field "intervalMinutes": Poll at most every 5 minutes',
      code: 'validation_failed',
    });
    expect(sourceListSchema.parse(await (await send('')).json()).data).toHaveLength(4);
  });

  it('pause and resume, poll, page the entries and delete as the server does', async () => {
    server.use(...sourceHandlers.api());
    const paused = sourceResultSchema.parse(await (await send(`/${healthySource.id}`, 'PATCH', { paused: true })).json()).data;
    expect(paused).toMatchObject({ paused: true, nextPollAt: null });
    const resumed = sourceResultSchema.parse(await (await send(`/${healthySource.id}`, 'PATCH', { paused: false })).json()).data;
    expect(resumed.paused).toBe(false);
    expect(resumed.nextPollAt).not.toBeNull();
    const poll = sourcePollResultSchema.parse(await (await send(`/${healthySource.id}/poll`, 'POST')).json()).data;
    expect(poll).toMatchObject({ found: 1, created: 1, error: null });
    const first = sourceEntryListSchema.parse(await (await send(`/${healthySource.id}/entries?limit=3`)).json());
    expect(first.data).toHaveLength(3);
    expect(first.data[0]!.title).toBe('A new story (1)');
    const second = sourceEntryListSchema.parse(await (await send(`/${healthySource.id}/entries?limit=3&cursor=${first.nextCursor}`)).json());
    expect(second.data).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect((await send(`/${healthySource.id}/entries?cursor=nope`)).status).toBe(400);
    expect((await send(`/${pausedSource.id}`, 'DELETE')).status).toBe(204);
    expect(await (await send(`/${pausedSource.id}`)).json()).toEqual({ message: sourceMessages.notFound, code: 'not_found' });
  });
});

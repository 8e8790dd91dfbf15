/**
 * Notifications (src/contract/notifications.ts) through the API: a mention, a review asked and
 * decided, an assignment each tell the accounts concerned (never the one who acted, never a kind
 * they muted), each with the article's webhook event; read and marked read per account.
 */
import { describe, expect, it } from 'vitest';
import {
  articleSchema,
  notificationListSchema,
  notificationMessages,
  notificationsReadResultSchema,
  type Role,
} from '../../src/contract/index.ts';
import { EventStreamReader, listenLocally } from './eventStream.ts';
import { auth, backends, signedInAccount, useHarness } from './helpers.ts';

describe.each(backends)('notifications ($name)', (backend) => {
  // Webhooks to a loopback address are let through, and nothing delivers them: the events wait in the outbox.
  const ctx = useHarness(backend, { webhookAllowCidrs: ['127.0.0.1/32'], background: { webhooks: false } });

  const account = (email: string, role: Role) => signedInAccount(ctx.h.db, email, role);
  const draft = async (slug: string) => articleSchema.parse((await ctx.api('POST', '/api/articles', { slug, title: 'Harbour', blogData: '<p>The boats left at dawn.</p>' })).json().data);
  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    ctx.h.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
  const bell = async (token: string) => notificationListSchema.parse((await call(token, 'GET', '/api/notifications')).json());
  const events = async (type: string) =>
    Number((await ctx.h.db.query<{ n: string }>('SELECT count(*) AS n FROM webhook_deliveries WHERE event_type = $1', [type])).rows[0]!.n);

  it('tells of mentions, review requests and decisions, and assignments, each a webhook event too', async () => {
    const author = await account('author@example.com', 'author');
    const editor = await account('editor@example.com', 'editor');
    const hooked = await ctx.api('POST', '/api/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['article.mentioned', 'article.review_requested', 'article.review_decided', 'article.assigned'],
    });
    expect(hooked.statusCode, hooked.body).toBe(201);
    const article = await draft('told');

    // A mention: the mentioned author is told; the editor who wrote it is not.
    expect((await call(editor.token, 'POST', `/api/articles/${article.id}/comments`, { body: 'Look, @author@example.com and @editor@example.com.' })).statusCode).toBe(201);
    expect((await bell(author.token)).data).toMatchObject([{ kind: 'mention', message: notificationMessages.mention(editor.email, '"told"'), articleId: article.id, actor: { id: editor.id }, read: false }]);
    expect((await bell(editor.token)).unread).toBe(0);

    // A review asked of any: the editors and admins are told, not the author who asked.
    expect((await call(author.token, 'POST', `/api/articles/${article.id}/review`, { action: 'request' })).statusCode).toBe(200);
    expect((await bell(editor.token)).data[0]).toMatchObject({ kind: 'review_requested', message: notificationMessages.review_requested(author.email, '"told"') });
    expect((await bell(ctx.token)).data[0]).toMatchObject({ kind: 'review_requested' });
    // Decided: the author who asked is told.
    expect((await call(editor.token, 'POST', `/api/articles/${article.id}/review`, { action: 'request_changes', note: 'Say when.' })).statusCode).toBe(200);
    expect((await bell(author.token)).data[0]).toMatchObject({ kind: 'review_decided', message: notificationMessages.changes_requested(editor.email, '"told"') });

    // Assigned by the admin: the author is told; assigning oneself tells nobody.
    expect((await call(ctx.token, 'PATCH', `/api/articles/${article.id}`, { assigneeId: author.id })).statusCode).toBe(200);
    const told = await bell(author.token);
    expect(told.data[0]).toMatchObject({ kind: 'assigned', message: notificationMessages.assigned('admin@example.com', '"told"') });
    expect(told.unread).toBe(3);
    expect((await call(editor.token, 'PATCH', `/api/articles/${article.id}`, { assigneeId: editor.id })).statusCode).toBe(200);
    expect((await bell(editor.token)).data.filter((n) => n.kind === 'assigned')).toEqual([]);

    expect([await events('article.mentioned'), await events('article.review_requested'), await events('article.review_decided'), await events('article.assigned')]).toEqual([1, 1, 1, 2]);

    // Marked read: one, then all; another account's ids change nothing of theirs.
    const first = told.data[0]!.id;
    expect(notificationsReadResultSchema.parse((await call(author.token, 'POST', '/api/notifications/read', { ids: [first] })).json())).toEqual({ unread: 2 });
    expect((await call(editor.token, 'POST', '/api/notifications/read', { ids: told.data.map((n) => n.id) })).json()).toEqual({ unread: 1 });
    expect((await bell(author.token)).unread).toBe(2);
    expect((await call(author.token, 'POST', '/api/notifications/read', {})).json()).toEqual({ unread: 0 });
  });

  it('tells each open console of the account its unread count at once and on each change, from either process', async () => {
    const author = await account('author@example.com', 'author');
    const article = await draft('live');
    const base = await listenLocally(ctx.h.app);
    // Another process on the same database: what it writes reaches this one's streams through LISTEN/NOTIFY.
    const other = await ctx.h.buildApp();
    const otherBase = await listenLocally(other);
    const streams: EventStreamReader[] = [];
    try {
      const tab = (name: string, at: string) => {
        const stream = new EventStreamReader(name, author.token);
        streams.push(stream);
        return stream.connect(`${at}/api/notifications/stream`).then(() => stream);
      };
      const count = (stream: EventStreamReader, unread: number, from = 0) =>
        stream.next((e) => e.event === 'notifications' && (e.data as { unread: number }).unread === unread, from);
      const one = await tab('first tab', base);
      const two = await tab('second tab', otherBase);
      expect([one.status, two.status]).toEqual([200, 200]);
      await Promise.all([count(one, 0), count(two, 0)]);

      // A mention written through the other process: both tabs hear it.
      const mentioned = await other.inject({ method: 'POST', url: `/api/articles/${article.id}/comments`, headers: auth(ctx.token), payload: { body: 'Over to you, @author@example.com.' } });
      expect(mentioned.statusCode, mentioned.body).toBe(201);
      await Promise.all([count(one, 1), count(two, 1)]);

      // Read in one tab: both hear the count fall.
      const heard = [one.events.length, two.events.length] as const;
      expect((await call(author.token, 'POST', '/api/notifications/read', {})).json()).toEqual({ unread: 0 });
      await Promise.all([count(one, 0, heard[0]), count(two, 0, heard[1])]);

      // Another account's news says nothing to these tabs (the news of theirs that follows it, told
      // in the order written, is the first they hear); a stream needs a session.
      const before = one.events.length;
      await call(author.token, 'POST', `/api/articles/${article.id}/comments`, { body: 'Noted, @admin@example.com.' });
      await ctx.api('POST', `/api/articles/${article.id}/comments`, { body: 'And again, @author@example.com.' });
      await count(one, 1, before);
      expect(one.events.slice(before).filter((e) => e.event === 'notifications')).toEqual([{ event: 'notifications', data: { unread: 1 } }]);
      expect((await fetch(`${base}/api/notifications/stream`)).status).toBe(401);
    } finally {
      for (const stream of streams) stream.close();
      await other.close();
    }
  });

  it('leaves out the kinds an account muted, and refuses a kind that does not exist', async () => {
    const author = await account('author@example.com', 'author');
    const article = await draft('muted');
    const set = await call(author.token, 'PUT', '/api/notifications/preferences', { muted: ['mention'] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ muted: ['mention'] });
    expect((await call(author.token, 'GET', '/api/notifications/preferences')).json()).toEqual({ muted: ['mention'] });
    await call(ctx.token, 'POST', `/api/articles/${article.id}/comments`, { body: 'Hi @author@example.com' });
    await call(ctx.token, 'PATCH', `/api/articles/${article.id}`, { assigneeId: author.id });
    expect((await bell(author.token)).data.map((n) => n.kind)).toEqual(['assigned']);

    const bad = await call(author.token, 'PUT', '/api/notifications/preferences', { muted: ['everything'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed' });
    expect((await call(author.token, 'GET', '/api/notifications/preferences')).json()).toEqual({ muted: ['mention'] });
    expect((await call(author.token, 'POST', '/api/notifications/read', { ids: 'all' })).statusCode).toBe(400);
  });
});

/**
 * Who else has an article open: each open page's stream (server-sent events over real HTTP)
 * hears who is there, live, also from another process on the same database; the editing lease
 * refuses a second editor, passes on take-over (the first page is told at once) and lapses; bad
 * input is refused with nothing changed.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { presenceMessages, roleMessages, type Presence } from '../../src/contract/index.ts';
import { createSession } from '../accounts/auth.ts';
import { createAccount } from '../accounts/operations.ts';
import { closeTab, openTab, renewTabs } from '../repositories/presence.ts';
import { EventStreamReader, listenLocally } from './eventStream.ts';
import { ADMIN, TEST_HASHING, auth, backends, openHarness, type Harness } from './helpers.ts';

/** An open page's stream: the events heard so far, and the lists it was sent. */
class Page extends EventStreamReader {
  constructor(
    readonly tab: string,
    token: string,
  ) {
    super(tab, token);
  }

  open(base: string, article: string) {
    return this.connect(`${base}/api/articles/${article}/presence/stream?tab=${this.tab}`);
  }

  /** The first list (from the `from`th event on) in which `test` holds. */
  list(test: (list: Presence[]) => boolean, from = 0) {
    return this.next((e) => e.event === 'presence' && test((e.data as { data: Presence[] }).data), from).then(
      (e) => (e.data as { data: Presence[] }).data,
    );
  }
}

const tabs = (list: Presence[]) => list.map((p) => p.tab).sort();

describe.each(backends)('presence ($name)', (backend) => {
  let h: Harness;
  let app: FastifyInstance;
  let other: FastifyInstance;
  let base: string;
  let otherBase: string;
  let admin: string;
  let dana: { id: string; token: string };
  let article: string;
  const pages: Page[] = [];

  const listen = listenLocally;
  const page = (tab: string, token: string) => {
    const p = new Page(tab, token);
    pages.push(p);
    return p;
  };
  const call = (token: string, method: 'PUT' | 'POST', url: string, payload: object) =>
    app.inject({ method, url, headers: auth(token), payload });
  /**
   * The admin's page edits, then goes: answers once the server saw it go (a list without it,
   * heard after the one where it edits), so no notice meant for it reaches its dead stream.
   */
  const editThenLeave = async (mine: Page, hers: Page) => {
    await hers.list((l) => l.length === 2);
    expect((await call(admin, 'PUT', `/api/articles/${article}/presence`, { tab: 'tab-admin-1', editing: true })).statusCode).toBe(200);
    await hers.list((l) => l.some((p) => p.tab === 'tab-admin-1' && p.editingSince !== null));
    const heard = hers.events.length;
    mine.close();
    await hers.list((l) => tabs(l).join() === 'tab-dana-01', heard);
  };
  const rows = async () => (await h.db.query('SELECT tab, editing_since, taken_by FROM article_presence ORDER BY tab')).rows;

  beforeAll(async () => {
    h = await openHarness(backend, { presenceRenewMs: 200 });
    app = h.app;
    base = await listen(app);
    // Another process on the same database, which renews too seldom for a test to see it:
    // what its pages hear within the test comes through LISTEN/NOTIFY.
    other = await h.buildApp({ presenceRenewMs: 60_000 });
    otherBase = await listen(other);
  }, 60_000);
  afterAll(() => h?.close());
  beforeEach(async () => {
    admin = await h.reset();
    const { account } = await createAccount(h.db, 'dana@example.com', TEST_HASHING, null, 'editor');
    await h.db.query('UPDATE users SET must_change_password = false WHERE id = $1', [account.id]);
    dana = { id: account.id, token: (await createSession(h.db, account.id)).token };
    const created = await app.inject({ method: 'POST', url: '/api/articles', headers: auth(admin), payload: { blogData: '<p>x</p>', slug: 'shared' } });
    article = created.json<{ data: { id: string } }>().data.id;
  });
  afterEach(() => {
    for (const p of pages.splice(0)) p.close();
  });

  it('each open page hears who is there, from either process, and who left', async () => {
    const mine = page('tab-admin-1', admin);
    await mine.open(base, article);
    await mine.list((l) => tabs(l).join() === 'tab-admin-1');
    const hers = page('tab-dana-01', dana.token);
    await hers.open(otherBase, article);
    const both = await mine.list((l) => l.length === 2);
    expect(both.map(({ email, role, editingSince }) => ({ email, role, editingSince }))).toEqual([
      { email: ADMIN.email, role: 'admin', editingSince: null },
      { email: 'dana@example.com', role: 'editor', editingSince: null },
    ]);
    await hers.list((l) => l.length === 2);
    mine.close();
    await hers.list((l) => tabs(l).join() === 'tab-dana-01');
  });

  it('one page edits at a time: the second is refused, takes over, and the first is told at once', async () => {
    const mine = page('tab-admin-1', admin);
    const hers = page('tab-dana-01', dana.token);
    await mine.open(base, article);
    await hers.open(otherBase, article);
    await mine.list((l) => l.length === 2);

    const editing = await call(admin, 'PUT', `/api/articles/${article}/presence`, { tab: 'tab-admin-1', editing: true });
    expect(editing.statusCode).toBe(200);
    const since = editing.json<{ data: Presence[] }>().data.find((p) => p.tab === 'tab-admin-1')!.editingSince!;
    await hers.list((l) => l.some((p) => p.tab === 'tab-admin-1' && p.editingSince === since));

    const before = await rows();
    const refused = await call(dana.token, 'PUT', `/api/articles/${article}/presence`, { tab: 'tab-dana-01', editing: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'lease_held', message: presenceMessages.leaseHeld(ADMIN.email, since) });
    expect(await rows()).toEqual(before);

    const took = await call(dana.token, 'POST', `/api/articles/${article}/presence/takeover`, { tab: 'tab-dana-01' });
    expect(took.statusCode).toBe(200);
    const taken = await mine.next((e) => e.event === 'taken');
    expect(taken.data).toMatchObject({ by: 'dana@example.com' });
    await mine.list((l) => l.some((p) => p.tab === 'tab-dana-01' && p.editingSince !== null) && l.every((p) => p.tab !== 'tab-admin-1' || !p.editingSince));
    // The first page is refused now, as she was.
    expect((await call(admin, 'PUT', `/api/articles/${article}/presence`, { tab: 'tab-admin-1', editing: true })).json().code).toBe('lease_held');

    // Told once: the page opened again (a reload) sees who holds the lease instead.
    mine.close();
    const again = page('tab-admin-1', admin);
    await again.open(base, article);
    await again.list((l) => l.some((p) => p.tab === 'tab-dana-01' && p.editingSince !== null));
    expect(again.events.some((e) => e.event === 'taken')).toBe(false);
  });

  it('a take-over while the page\'s stream was away is told when it comes back', async () => {
    const mine = page('tab-admin-1', admin);
    const hers = page('tab-dana-01', dana.token);
    await mine.open(base, article);
    await hers.open(base, article);
    await editThenLeave(mine, hers);
    // Within the lease's two minutes: she takes over a page that is away.
    expect((await call(dana.token, 'POST', `/api/articles/${article}/presence/takeover`, { tab: 'tab-dana-01' })).statusCode).toBe(200);
    const back = page('tab-admin-1', admin);
    await back.open(otherBase, article);
    expect((await back.next((e) => e.event === 'taken')).data).toMatchObject({ by: 'dana@example.com' });
  });

  it('a take-over of a lease that lapsed, or of nobody, is refused; a lapsed lease frees the article', async () => {
    const mine = page('tab-admin-1', admin);
    const hers = page('tab-dana-01', dana.token);
    await mine.open(base, article);
    await hers.open(base, article);
    await mine.list((l) => l.length === 2);
    const nobody = await call(dana.token, 'POST', `/api/articles/${article}/presence/takeover`, { tab: 'tab-dana-01' });
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json()).toEqual({ code: 'lease_lapsed', message: presenceMessages.leaseLapsed });

    await editThenLeave(mine, hers);
    // The lease outlives its page two minutes (a reload keeps it)...
    expect((await call(dana.token, 'PUT', `/api/articles/${article}/presence`, { tab: 'tab-dana-01', editing: true })).statusCode).toBe(409);
    // ...and no longer.
    await h.db.query("UPDATE article_presence SET seen_at = now() - interval '121 seconds' WHERE tab = 'tab-admin-1'");
    const before = await rows();
    expect((await call(dana.token, 'POST', `/api/articles/${article}/presence/takeover`, { tab: 'tab-dana-01' })).json().code).toBe('lease_lapsed');
    expect(await rows()).toEqual(before);
    expect((await call(dana.token, 'PUT', `/api/articles/${article}/presence`, { tab: 'tab-dana-01', editing: true })).statusCode).toBe(200);
  });

  it('a page whose stream reconnects as the old one closes stays in the list, every time', async () => {
    const watcher = page('tab-dana-01', dana.token);
    await watcher.open(base, article);
    let mine = page('tab-admin-1', admin);
    await mine.open(base, article);
    await watcher.list((l) => l.length === 2);
    for (let round = 0; round < 10; round++) {
      // The old stream closes and the new one opens at once: the close may be heard while the
      // new open is being written.
      const next = page('tab-admin-1', admin);
      mine.close();
      await next.open(base, article);
      mine = next;
      await mine.list((l) => tabs(l).join() === 'tab-admin-1,tab-dana-01');
      // The list may come before the new stream's open is written (the row of the old one was
      // still open): its open is written once the server says how soon to reconnect.
      await mine.next((e) => e.event === 'retry');
    }
    // What the database says once the last open has been written (a close of an earlier stream
    // is written before it, or not at all): the tab is open.
    expect((await h.db.query("SELECT open FROM article_presence WHERE tab = 'tab-admin-1'")).rows).toEqual([{ open: true }]);
  });

  it('a renewal or a close of a stream written late changes nothing: a lapsed lease stays lapsed, a newer stream stays open', async () => {
    // As a process writes them when its statements land out of order: the renewal of a stream
    // that closed meanwhile, and the close of a stream the tab has since opened anew.
    const { id: userId } = (await h.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', ['dana@example.com'])).rows[0]!;
    const row = async () =>
      (await h.db.query("SELECT open, seen_at < now() - interval '120 seconds' AS lapsed FROM article_presence WHERE tab = $1", ['tab-dana-01'])).rows;
    expect(await openTab(h.db, 'tab-dana-01', article, userId, 'first')).toBe(true);
    await closeTab(h.db, 'tab-dana-01', 'first');
    await h.db.query("UPDATE article_presence SET seen_at = now() - interval '121 seconds'");
    await renewTabs(h.db, ['tab-dana-01']);
    expect(await row()).toEqual([{ open: false, lapsed: true }]);
    expect(await openTab(h.db, 'tab-dana-01', article, userId, 'second')).toBe(true);
    await closeTab(h.db, 'tab-dana-01', 'first');
    expect(await row()).toEqual([{ open: true, lapsed: false }]);
  });

  it('a page of a process that stopped renewing leaves the list', async () => {
    const mine = page('tab-admin-1', admin);
    await mine.open(base, article);
    await mine.list((l) => l.length === 1);
    // A tab another process held, and stopped renewing 10 s ago (it died).
    await h.db.query(
      `INSERT INTO article_presence (tab, article_id, user_id, opened_at, seen_at, open)
       VALUES ('tab-gone-001', $1, $2, now(), now() - interval '10 seconds', true)`,
      [article, dana.id],
    );
    await h.db.query("UPDATE article_presence SET seen_at = now() WHERE tab = 'tab-gone-001'");
    await mine.list((l) => l.length === 2);
    await h.db.query("UPDATE article_presence SET seen_at = now() - interval '10 seconds' WHERE tab = 'tab-gone-001'");
    await mine.list((l) => tabs(l).join() === 'tab-admin-1');
  });

  it('refuses bad input, another account\'s tab, and roles that may not edit; nothing changes', async () => {
    const bad = await app.inject({ url: `/api/articles/${article}/presence/stream?tab=x`, headers: auth(admin) });
    expect(bad.statusCode).toBe(400);
    const missing = page('tab-admin-1', admin);
    expect((await missing.open(base, 'nothing-here')).status).toBe(404);
    expect((await call(admin, 'PUT', `/api/articles/${article}/presence`, { tab: 'tab-admin-1', editing: 'yes' })).statusCode).toBe(400);

    const mine = page('tab-admin-1', admin);
    await mine.open(base, article);
    await mine.list((l) => l.length === 1);
    const before = await rows();
    // Another account cannot speak for this tab, nor open it.
    const theirs = await call(dana.token, 'PUT', `/api/articles/${article}/presence`, { tab: 'tab-admin-1', editing: true });
    expect(theirs.json()).toEqual({ code: 'not_found', message: presenceMessages.tabNotOpen });
    expect(await rows()).toEqual(before);

    const { account } = await createAccount(h.db, 'reader@example.com', TEST_HASHING, null, 'viewer');
    await h.db.query('UPDATE users SET must_change_password = false WHERE id = $1', [account.id]);
    const reader = (await createSession(h.db, account.id)).token;
    const watching = page('tab-reader-1', reader);
    await watching.open(base, article);
    await mine.list((l) => l.length === 2);
    const edit = await call(reader, 'PUT', `/api/articles/${article}/presence`, { tab: 'tab-reader-1', editing: true });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(
      roleMessages.forbidden('Say whether this page is editing the article (the editing lease)', 'an admin, an editor or an author', 'viewer'),
    );
  });
});

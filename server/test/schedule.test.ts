/**
 * Scheduled publishing: setting and clearing the times (one article and in bulk), what is
 * refused and that nothing is stored then, the scheduler's changes (once, with their revision,
 * activity entry and webhook events; late ones say why), failures kept for a Retry, the
 * Scheduled tab and the dashboard, and the public API's caching up to the time of a change.
 */
import { describe, expect, it } from 'vitest';
import {
  articleListResultSchema,
  articleSchema,
  articleStatsSchema,
  MAX_SCHEDULE_YEARS,
  scheduleMessages,
  type Article,
} from '../../src/contract/index.ts';
import { cacheControlUntil } from '../routes/public.ts';
import { retrySchedule, runDueSchedules, type SchedulerContext } from '../articles/operations/index.ts';
import { backends, useHarness } from './helpers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const inFuture = (ms: number) => new Date(Date.now() + ms);

describe.each(backends)('scheduled publishing ($name)', (backend) => {
  // Every test drives the scheduler's rounds with its own clock: the process's own round (every
  // second) would take a due change between a test's steps (it once took the change a Retry's
  // test had its own round take).
  const ctx = useHarness(backend, { background: { scheduler: false } });
  const scheduler = (startedAt = new Date(0)): SchedulerContext => ({ db: ctx.h.db, log: ctx.h.app.log, startedAt });

  const create = async (fields: Partial<Article> = {}) => {
    const res = await ctx.api('POST', '/api/articles', { slug: 'tomatoes', blogData: '<p>Red</p>', ...fields });
    expect(res.statusCode, res.body).toBe(201);
    return articleSchema.parse(res.json().data);
  };
  const get = async (id: string) => articleSchema.parse((await ctx.api('GET', `/api/articles/${id}`)).json().data);
  const schedule = async (id: string, body: object) => {
    const res = await ctx.api('PATCH', `/api/articles/${id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    return articleSchema.parse(res.json().data);
  };
  const activity = async () =>
    (await ctx.h.db.query<{ kind: string; message: string; actor: string | null }>('SELECT kind, message, actor FROM activity ORDER BY at DESC, id DESC')).rows;
  const revisions = async (id: string) =>
    (await ctx.api('GET', `/api/articles/${id}/revisions`)).json().data as { action: string; actor: string | null; reason: string }[];

  it('sets both times with the admin\'s time zone, lists the article under Scheduled, and null clears them', async () => {
    const a = await create();
    await create({ slug: 'other' });
    const publishAt = inFuture(HOUR);
    const unpublishAt = inFuture(2 * HOUR);
    const scheduled = await schedule(a.id, {
      publishAt: publishAt.toISOString().replace('Z', '+00:00'),
      unpublishAt: unpublishAt.toISOString(),
      timeZone: 'Europe/Paris',
    });
    expect(scheduled).toMatchObject({
      publishAt: publishAt.toISOString(),
      unpublishAt: unpublishAt.toISOString(),
      scheduleTimeZone: 'Europe/Paris',
      scheduleFailure: null,
      status: 'draft',
    });
    // Scheduling writes no revision: the publish it leads to will.
    expect((await revisions(a.id)).map((r) => r.action)).toEqual(['create']);
    expect((await activity())[0]).toMatchObject({ kind: 'article.scheduled', actor: 'admin@example.com' });
    expect((await activity())[0]!.message).toBe(
      `Article "tomatoes" scheduled to publish at ${publishAt.toISOString()} (Europe/Paris) and unpublish at ${unpublishAt.toISOString()} (Europe/Paris)`,
    );

    const tab = articleListResultSchema.parse((await ctx.api('GET', '/api/articles/admin/articles?status=scheduled')).json());
    expect(tab.data.map((c) => c.id)).toEqual([a.id]);
    expect(tab.data[0]).toMatchObject({ publishAt: publishAt.toISOString(), scheduleTimeZone: 'Europe/Paris' });
    expect(tab.counts).toEqual({ all: 2, published: 0, draft: 2, scheduled: 1 });
    // Searched, the count is of the matches.
    const searched = articleListResultSchema.parse((await ctx.api('GET', '/api/articles/admin/articles?q=other')).json());
    expect(searched.counts.scheduled).toBe(0);

    const cleared = await schedule(a.id, { publishAt: null, unpublishAt: null });
    expect(cleared).toMatchObject({ publishAt: null, unpublishAt: null, scheduleTimeZone: null });
    expect((await activity())[0]!.message).toBe('Schedule of article "tomatoes" cleared');
    const empty = articleListResultSchema.parse((await ctx.api('GET', '/api/articles/admin/articles?status=scheduled')).json());
    expect(empty.data).toEqual([]);
    expect(empty.counts.scheduled).toBe(0);
  });

  it('refuses bad times with a clear message and stores nothing', async () => {
    const a = await create();
    const later = inFuture(HOUR).toISOString();
    const cases: [object, string][] = [
      [{ publishAt: new Date(Date.now() - MINUTE).toISOString() }, scheduleMessages.inThePast('publishAt')],
      [{ publishAt: inFuture((MAX_SCHEDULE_YEARS * 366 + 1) * 24 * HOUR).toISOString() }, scheduleMessages.tooFar('publishAt')],
      [{ publishAt: 'tomorrow at nine' }, scheduleMessages.notIso('publishAt')],
      [{ publishAt: '2030-12-01 09:00' }, scheduleMessages.notIso('publishAt')],
      // Without an offset the instant is ambiguous.
      [{ publishAt: '2030-12-01T09:00:00' }, scheduleMessages.notIso('publishAt')],
      [{ publishAt: '2030-13-01T09:00:00Z' }, scheduleMessages.notIso('publishAt')],
      [{ publishAt: later, unpublishAt: inFuture(30 * MINUTE).toISOString() }, scheduleMessages.unpublishBeforePublish],
      [{ publishAt: later, unpublishAt: later }, scheduleMessages.unpublishBeforePublish],
      [{ publishAt: later, timeZone: 'Mars/Olympus_Mons' }, scheduleMessages.unknownTimeZone('Mars/Olympus_Mons')],
    ];
    for (const [body, message] of cases) {
      const res = await ctx.api('PATCH', `/api/articles/${a.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ code: 'validation_failed', message });
    }
    // An unpublish before a publish already scheduled.
    await schedule(a.id, { publishAt: later });
    const before = await ctx.api('PATCH', `/api/articles/${a.id}`, { unpublishAt: inFuture(MINUTE).toISOString() });
    expect(before.json()).toEqual({ code: 'validation_failed', message: scheduleMessages.unpublishBeforePublish });
    expect(await get(a.id)).toMatchObject({ publishAt: new Date(later).toISOString(), unpublishAt: null, scheduleTimeZone: null });
    expect((await activity()).filter((e) => e.kind === 'article.scheduled')).toHaveLength(1);
  });

  it('fits the times to the status: no publish time on a published article, no unpublish without a publish', async () => {
    const a = await create();
    const alone = await ctx.api('PATCH', `/api/articles/${a.id}`, { unpublishAt: inFuture(HOUR).toISOString() });
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toEqual({ code: 'schedule_needs_publish', message: scheduleMessages.needsPublish });
    await ctx.api('PATCH', `/api/articles/${a.id}/publish`);
    const again = await ctx.api('PATCH', `/api/articles/${a.id}`, { publishAt: inFuture(HOUR).toISOString() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'schedule_published', message: scheduleMessages.alreadyPublished });
    // A published article takes an unpublish time, although content edits are refused.
    const unpublishAt = inFuture(HOUR).toISOString();
    expect(await schedule(a.id, { unpublishAt })).toMatchObject({ status: 'published', unpublishAt });
    expect((await ctx.api('PATCH', `/api/articles/${a.id}`, { slug: 'x' })).statusCode).toBe(409);
  });

  it('publishes on time once, as the admin who scheduled it, with its revision, activity and event; the switch clears a schedule', async () => {
    const a = await create();
    const b = await create({ slug: 'switched' });
    const publishAt = inFuture(HOUR);
    await schedule(a.id, { publishAt: publishAt.toISOString(), unpublishAt: inFuture(3 * HOUR).toISOString() });
    await schedule(b.id, { publishAt: publishAt.toISOString(), unpublishAt: inFuture(3 * HOUR).toISOString() });
    // The switch: publishing by hand clears the publish time and keeps the unpublish one.
    const switched = articleSchema.parse((await ctx.api('PATCH', `/api/articles/${b.id}/publish`)).json().data);
    expect(switched).toMatchObject({ status: 'published', publishAt: null, unpublishAt: expect.any(String) });

    expect(await runDueSchedules(scheduler(), new Date(publishAt.getTime() - 1))).toEqual({ published: [], unpublished: [], failed: [] });
    const run = await runDueSchedules(scheduler(), new Date(publishAt.getTime() + 1_000));
    expect(run).toEqual({ published: [a.id], unpublished: [], failed: [] });
    // Nothing is done twice.
    expect(await runDueSchedules(scheduler(), new Date(publishAt.getTime() + 2_000))).toEqual({ published: [], unpublished: [], failed: [] });

    const after = await get(a.id);
    expect(after).toMatchObject({ status: 'published', publishAt: null, unpublishAt: expect.any(String), scheduleNote: null });
    expect((await revisions(a.id))[0]).toMatchObject({ action: 'scheduled_publish', actor: 'admin@example.com', reason: 'Published on schedule' });
    expect((await activity())[0]).toEqual({ kind: 'article.published', message: 'Article "tomatoes" published as scheduled', actor: 'admin@example.com' });
    expect((await ctx.api('GET', '/api/public/articles/tomatoes')).statusCode).toBe(200);

    // Then unpublished at its time; and a draft by hand clears both times.
    const unpublished = await runDueSchedules(scheduler(), inFuture(4 * HOUR));
    expect(unpublished.unpublished.sort()).toEqual([a.id, b.id].sort());
    expect(await get(a.id)).toMatchObject({ status: 'draft', unpublishAt: null, scheduleTimeZone: null });
    expect((await revisions(a.id))[0]).toMatchObject({ action: 'scheduled_draft', reason: 'Unpublished on schedule' });
    expect((await ctx.api('GET', '/api/public/articles/tomatoes')).statusCode).toBe(404);
    await schedule(a.id, { publishAt: inFuture(HOUR).toISOString(), unpublishAt: inFuture(2 * HOUR).toISOString() });
    await ctx.api('PATCH', `/api/articles/${a.id}/publish`);
    const drafted = articleSchema.parse((await ctx.api('PATCH', `/api/articles/${a.id}/draft`)).json().data);
    expect(drafted).toMatchObject({ status: 'draft', publishAt: null, unpublishAt: null });
  });

  it('says how late a change was made, and why, after the server was not running', async () => {
    const a = await create();
    const publishAt = inFuture(HOUR);
    await schedule(a.id, { publishAt: publishAt.toISOString() });
    // The process started 12 minutes after the time, and caught up at once.
    const now = new Date(publishAt.getTime() + 12 * MINUTE + 5_000);
    await runDueSchedules(scheduler(new Date(now.getTime() - 1_000)), now);
    expect((await get(a.id)).scheduleNote).toBe('Published 12 min late: the server was not running');
    expect((await activity())[0]!.message).toBe('Article "tomatoes" published 12 min late: the server was not running');
  });

  it("answers a Retry with the failure of the scheduler's round that took the change first", async () => {
    const slugless = await create({ slug: undefined });
    const publishAt = inFuture(HOUR);
    await schedule(slugless.id, { publishAt: publishAt.toISOString() });
    expect((await runDueSchedules(scheduler(), new Date(publishAt.getTime() + 1_000))).failed).toHaveLength(1);
    await ctx.h.db.query(`UPDATE articles SET publish_at = now() - interval '1 minute' WHERE id = $1`, [slugless.id]);
    // The server's own round runs right after Retry forgot the failure, before Retry's own run.
    const db = ctx.h.db;
    let transactions = 0;
    const racing = Object.create(db, {
      transaction: {
        value: async (work: Parameters<typeof db.transaction>[0]) => {
          const result = await db.transaction(work);
          if (transactions++ === 0) expect((await runDueSchedules(scheduler(), new Date())).failed).toHaveLength(1);
          return result;
        },
      },
    }) as typeof db;
    await expect(retrySchedule({ ...scheduler(), db: racing }, slugless.id)).rejects.toMatchObject({
      statusCode: 409,
      code: 'schedule_failed',
      message: 'Scheduled publish failed: the article has no slug',
    });
    expect((await get(slugless.id)).scheduleFailure).toMatchObject({ action: 'publish', reason: scheduleMessages.noSlug });
  });

  it('keeps a change that cannot be made as failed, with why; the dashboard counts it; Retry makes it or says why not', async () => {
    const trashed = await create();
    const slugless = await create({ slug: undefined });
    const publishAt = inFuture(HOUR);
    await schedule(trashed.id, { publishAt: publishAt.toISOString() });
    await schedule(slugless.id, { publishAt: publishAt.toISOString() });
    expect((await ctx.api('DELETE', `/api/articles/${trashed.id}`)).statusCode).toBe(204);

    const run = await runDueSchedules(scheduler(), new Date(publishAt.getTime() + 1_000));
    expect(run.published).toEqual([]);
    expect(run.failed.sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      [
        { id: trashed.id, action: 'publish', reason: scheduleMessages.inTrash },
        { id: slugless.id, action: 'publish', reason: scheduleMessages.noSlug },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    // Never silently: on the article, in the activity log, on the dashboard; and not tried again by itself.
    const failed = await get(slugless.id);
    expect(failed.status).toBe('draft');
    expect(failed.scheduleFailure).toMatchObject({ action: 'publish', reason: scheduleMessages.noSlug, dueAt: publishAt.toISOString() });
    expect((await activity()).map((e) => e.message)).toContain(`Scheduled publish failed for #${slugless.id.slice(-8)}: the article has no slug`);
    let stats = articleStatsSchema.parse((await ctx.api('GET', '/api/articles/admin/stats')).json());
    expect(stats.scheduled).toMatchObject({ failed: 1, count: 1 });
    expect((await runDueSchedules(scheduler(), new Date(publishAt.getTime() + 60_000))).failed).toEqual([]);

    // Time passes (the tests' scheduler ran ahead of the clock): Retry runs the change now.
    await ctx.h.db.query(`UPDATE articles SET publish_at = now() - interval '1 minute' WHERE publish_at IS NOT NULL`);
    const retried = await ctx.api('POST', `/api/articles/${slugless.id}/schedule/retry`);
    expect(retried.statusCode).toBe(409);
    expect(retried.json()).toEqual({ code: 'schedule_failed', message: 'Scheduled publish failed: the article has no slug' });
    await ctx.api('PATCH', `/api/articles/${slugless.id}`, { slug: 'now-named' });
    const published = await ctx.api('POST', `/api/articles/${slugless.id}/schedule/retry`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ status: 'published', publishAt: null, scheduleFailure: null });
    const none = await ctx.api('POST', `/api/articles/${slugless.id}/schedule/retry`);
    expect(none.json()).toEqual({ code: 'schedule_not_failed', message: scheduleMessages.notFailed });

    // The trashed one shows its failure once restored, and Retry publishes it.
    await ctx.api('POST', `/api/articles/${trashed.id}/restore`);
    expect((await get(trashed.id)).scheduleFailure).toMatchObject({ reason: scheduleMessages.inTrash });
    stats = articleStatsSchema.parse((await ctx.api('GET', '/api/articles/admin/stats')).json());
    expect(stats.scheduled?.failed).toBe(1);
    expect((await ctx.api('POST', `/api/articles/${trashed.id}/schedule/retry`)).json().data.status).toBe('published');
  });

  it('schedules in bulk: each article that fits, the others refused with why; bad times refuse the whole request', async () => {
    const drafts = [await create({ slug: 'one' }), await create({ slug: 'two' })];
    const published = await create({ slug: 'three' });
    await ctx.api('PATCH', `/api/articles/${published.id}/publish`);
    const publishAt = inFuture(HOUR).toISOString();
    const ids = [...drafts.map((d) => d.id), published.id, 'missing'];
    const bad = await ctx.api('POST', '/api/articles/bulk', { action: 'schedule', ids, publishAt: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(scheduleMessages.notIso('publishAt'));
    const res = await ctx.api('POST', '/api/articles/bulk', { action: 'schedule', ids, publishAt, timeZone: 'America/New_York' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      changed: drafts.map((d) => d.id),
      unchanged: [],
      refused: [
        { id: 'missing', code: 'not_found', message: 'Article not found' },
        { id: published.id, code: 'schedule_published', message: scheduleMessages.alreadyPublished },
      ],
    });
    for (const d of drafts) expect(await get(d.id)).toMatchObject({ publishAt: new Date(publishAt).toISOString(), scheduleTimeZone: 'America/New_York' });
    expect((await get(published.id)).publishAt).toBeNull();
    const stats = articleStatsSchema.parse((await ctx.api('GET', '/api/articles/admin/stats')).json());
    expect(stats.scheduled?.next.map((n) => n.id).sort()).toEqual(drafts.map((d) => d.id).sort());
    expect(stats.scheduled?.next[0]).toMatchObject({ action: 'publish', at: new Date(publishAt).toISOString(), timeZone: 'America/New_York' });
  });

  it('makes each change once when several schedulers run at the same time', async () => {
    const publishAt = inFuture(HOUR);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await create({ slug: `same-second-${i}` })).id);
    const res = await ctx.api('POST', '/api/articles/bulk', { action: 'schedule', ids, publishAt: publishAt.toISOString() });
    expect(res.json().changed).toHaveLength(30);
    const at = new Date(publishAt.getTime() + 500);
    const runs = await Promise.all([runDueSchedules(scheduler(), at), runDueSchedules(scheduler(), at), runDueSchedules(scheduler(), at)]);
    const published = runs.flatMap((r) => r.published);
    expect(published.sort()).toEqual([...ids].sort());
    const { rows } = await ctx.h.db.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM article_revisions WHERE action = 'scheduled_publish'`,
    );
    expect(Number(rows[0]!.n)).toBe(30);
    expect((await activity()).filter((e) => e.message.endsWith('published as scheduled'))).toHaveLength(30);
  });

  it('keeps public answers in caches no later than the next scheduled change', async () => {
    const a = await create({ slug: 'soon' });
    await create({ slug: 'live' }).then((live) => ctx.api('PATCH', `/api/articles/${live.id}/publish`));
    const plain = await ctx.api('GET', '/api/public/articles');
    expect(plain.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    await schedule(a.id, { publishAt: inFuture(30_000).toISOString() });
    const list = await ctx.api('GET', '/api/public/articles');
    expect(list.headers['cache-control']).toMatch(/^public, max-age=(29|30)$/);
    // The article itself until its unpublish time.
    const live = await ctx.h.db.query<{ id: string }>(`SELECT id FROM articles WHERE slug = 'live'`);
    await schedule(live.rows[0]!.id, { unpublishAt: inFuture(200_000).toISOString() });
    const one = await ctx.api('GET', '/api/public/articles/live');
    expect(one.headers['cache-control']).toMatch(/^public, max-age=60, stale-while-revalidate=1(39|40)$/);
  });
});

describe('cache lifetimes up to a scheduled change', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  const at = (s: number) => new Date(now.getTime() + s * 1000);
  it.each([
    [null, 'public, max-age=60, stale-while-revalidate=300'],
    [at(3600), 'public, max-age=60, stale-while-revalidate=300'],
    [at(360), 'public, max-age=60, stale-while-revalidate=300'],
    [at(200), 'public, max-age=60, stale-while-revalidate=140'],
    [at(60), 'public, max-age=60'],
    [at(10), 'public, max-age=10'],
    [at(0), 'public, max-age=1'],
    [at(-5), 'public, max-age=1'],
  ])('a change at %s', (changeAt, expected) => {
    expect(cacheControlUntil(changeAt, now)).toBe(expected);
  });
});

/**
 * The calendar (src/contract/calendar.ts) through the API: planned days and scheduled changes in
 * a range, by day then time, narrowed by status and 'assigned to me'; out of the trash only; a
 * range that is not one refused.
 */
import { describe, expect, it } from 'vitest';
import { articleSchema, calendarMessages, calendarResultSchema } from '../../src/contract/index.ts';
import { calendarEntries } from '../repositories/calendar.ts';
import { auth, backends, signedInAccount, useHarness } from './helpers.ts';

describe.each(backends)('the calendar ($name)', (backend) => {
  const ctx = useHarness(backend);

  const draft = async (slug: string) => articleSchema.parse((await ctx.api('POST', '/api/articles', { slug, title: slug, blogData: '<p>x</p>' })).json().data);
  const calendar = async (query: string, token = ctx.token) => {
    const res = await ctx.h.app.inject({ method: 'GET', url: `/api/calendar?${query}`, headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    return calendarResultSchema.parse(res.json());
  };

  it('lists planned days and scheduled changes in the range, by day, narrowed as asked', async () => {
    const author = await signedInAccount(ctx.h.db, 'author@example.com', 'author');
    const soon = new Date(Date.now() + 3 * 86_400_000);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const planned = await draft('planned-one');
    const scheduled = await draft('scheduled-one');
    const outside = await draft('outside');
    const trashed = await draft('trashed');
    await ctx.api('PATCH', `/api/articles/${planned.id}`, { plannedAt: day(soon), assigneeId: author.id });
    await ctx.api('PATCH', `/api/articles/${scheduled.id}`, { publishAt: soon.toISOString(), timeZone: 'UTC' });
    await ctx.api('PATCH', `/api/articles/${outside.id}`, { plannedAt: '2099-01-01' });
    await ctx.api('PATCH', `/api/articles/${trashed.id}`, { plannedAt: day(soon) });
    await ctx.api('DELETE', `/api/articles/${trashed.id}`);

    const from = day(new Date());
    const to = day(new Date(Date.now() + 10 * 86_400_000));
    const all = await calendar(`from=${from}&to=${to}`);
    expect(all.truncated).toBe(false);
    expect(all.data.map((e) => [e.slug, e.kind])).toEqual(
      expect.arrayContaining([
        ['planned-one', 'planned'],
        ['scheduled-one', 'publish'],
      ]),
    );
    expect(all.data).toHaveLength(2);
    expect(all.data.find((e) => e.kind === 'planned')).toMatchObject({ day: day(soon), at: null, assigneeEmail: author.email, status: 'draft' });
    expect(all.data.find((e) => e.kind === 'publish')).toMatchObject({ day: null, at: soon.toISOString() });

    expect((await calendar(`from=${from}&to=${to}&assignee=me`, author.token)).data.map((e) => e.slug)).toEqual(['planned-one']);
    expect((await calendar(`from=${from}&to=${to}&status=published`)).data).toEqual([]);
  });

  it("writes the contract's fields as JSON, any title's characters kept, and says when it left entries out", async () => {
    const day = '2031-03-10';
    const title = 'Quotes " and \\ back\nslash, tab\t, \u2028 and ✓ 🙂';
    const odd = articleSchema.parse((await ctx.api('POST', '/api/articles', { slug: 'odd-title', title, blogData: '<p>x</p>' })).json().data);
    expect(odd.title).toBe(title);
    await ctx.api('PATCH', `/api/articles/${odd.id}`, { plannedAt: day });
    const res = await ctx.h.app.inject({ method: 'GET', url: `/api/calendar?from=${day}&to=${day}`, headers: auth(ctx.token) });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const entries = (res.json() as { data: Record<string, unknown>[] }).data;
    expect(entries.map((entry) => Object.keys(entry))).toEqual([['articleId', 'title', 'slug', 'status', 'kind', 'day', 'at', 'assigneeEmail']]);
    expect(entries[0]).toEqual({ articleId: odd.id, title, slug: 'odd-title', status: 'draft', kind: 'planned', day, at: null, assigneeEmail: null });

    // Three entries on the next day: at most two kept, the first two by time.
    const next = '2031-03-11';
    const three = await Promise.all(['trunc-a', 'trunc-b', 'trunc-c'].map(draft));
    for (const [i, article] of three.entries()) {
      await ctx.api('PATCH', `/api/articles/${article.id}`, { publishAt: `${next}T0${i + 1}:00:00.000Z`, timeZone: 'UTC' });
    }
    const range = { from: next, to: next };
    expect(await calendarEntries(ctx.h.db, range, 'nobody', 3)).toMatchObject({ truncated: false, data: three.map((a) => ({ articleId: a.id })) });
    expect(await calendarEntries(ctx.h.db, range, 'nobody', 2)).toMatchObject({ truncated: true, data: three.slice(0, 2).map((a) => ({ articleId: a.id })) });
    expect(await calendarEntries(ctx.h.db, { from: '2031-04-01', to: '2031-04-02' }, 'nobody')).toEqual({ data: [], truncated: false });
  });

  it("is kept until it changes: a write answered here is seen by the next read; one made elsewhere once its notice comes", async () => {
    const day = '2031-05-20';
    const article = await draft('kept-calendar');
    await ctx.api('PATCH', `/api/articles/${article.id}`, { plannedAt: day });
    const read = async () => (await calendar(`from=${day}&to=${day}`)).data.map((e) => e.title);
    expect(await read()).toEqual(['kept-calendar']);
    expect(await read()).toEqual(['kept-calendar']);
    // Through the API: at once.
    await ctx.api('PATCH', `/api/articles/${article.id}`, { title: 'Renamed here' });
    expect(await read()).toEqual(['Renamed here']);
    // By another process (here, a statement of the test's own): once the database's notice comes.
    await ctx.h.db.query("UPDATE articles SET planned_on = planned_on + 1, updated_at = updated_at + interval '1 second' WHERE id = $1", [article.id]);
    await expect.poll(read).toEqual([]);
    await ctx.api('PATCH', `/api/articles/${article.id}`, { plannedAt: day });
    expect(await read()).toEqual(['Renamed here']);
    // Its assignee's email too.
    const author = await signedInAccount(ctx.h.db, 'kept-author@example.com', 'author');
    await ctx.api('PATCH', `/api/articles/${article.id}`, { assigneeId: author.id });
    expect((await calendar(`from=${day}&to=${day}`)).data[0]?.assigneeEmail).toBe('kept-author@example.com');
    await ctx.h.db.query('UPDATE users SET email = $2 WHERE id = $1', [author.id, 'renamed-author@example.com']);
    await expect.poll(async () => (await calendar(`from=${day}&to=${day}`)).data[0]?.assigneeEmail).toBe('renamed-author@example.com');
  });

  it('refuses a range that is not one', async () => {
    const refused = async (query: string, message: string) => {
      const res = await ctx.h.app.inject({ method: 'GET', url: `/api/calendar?${query}`, headers: auth(ctx.token) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message });
    };
    await refused('from=2026-13-01&to=2026-12-31', calendarMessages.notADay('from'));
    await refused('from=2026-12-01&to=tomorrow', calendarMessages.notADay('to'));
    await refused('from=2026-12-10&to=2026-12-01', calendarMessages.backwards);
    await refused('from=2026-01-01&to=2026-12-31', calendarMessages.tooLong);
    expect((await ctx.h.app.inject({ method: 'GET', url: '/api/calendar?from=2026-12-01', headers: auth(ctx.token) })).statusCode).toBe(400);
  });
});

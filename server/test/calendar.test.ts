/**
 * The calendar (src/contract/calendar.ts) through the API: planned days and scheduled changes in
 * a range, by day then time, narrowed by status and 'assigned to me'; out of the trash only; a
 * range that is not one refused.
 */
import { describe, expect, it } from 'vitest';
import { articleSchema, calendarMessages, calendarResultSchema } from '../../src/contract/index.ts';
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

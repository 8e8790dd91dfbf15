// The stories' MSW handlers answer in the shapes of the shared contract, so a story never
// shows something the real server could not send.
import { describe, expect, it } from 'vitest';
import {
  articleListResultSchema,
  articleResultSchema,
  articleSitesResultSchema,
  articleStatsSchema,
  bulkResultSchema,
  deleteResultSchema,
  fileListResultSchema,
  fileResultSchema,
  fileTrashResultSchema,
  healthSchema,
  loginResultSchema,
  revisionListSchema,
  revisionResultSchema,
  revisionSummaryResultSchema,
  serverMessages,
  slugCheckResultSchema,
  trashListResultSchema,
  uploadResultSchema,
} from '../../src/contract';
import { articles, files, makeArticle, trashedFileSamples, trashedSamples } from '../fixtures';
import { articleHandlers, authHandlers, fileHandlers, systemHandlers } from './index';
import { testServer } from './testServer';

const server = testServer();
const base = 'http://localhost';

describe('history handlers', () => {
  it('record a revision per write, fold one admin\'s edits, page, restore and label as the server does', async () => {
    server.use(...articleHandlers.api());
    const article = articles[1]!;
    const url = `${base}/api/articles/${article.id}`;
    const send = (path: string, method: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(`${url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    await send('', 'PATCH', { blogData: '<p>one</p>' });
    await send('', 'PATCH', { slug: 'folded-in' });
    await send('/publish', 'PATCH');
    await send('/draft', 'PATCH');
    const list = revisionListSchema.parse(await (await send('/revisions?limit=2', 'GET')).json());
    expect(list.total).toBe(4);
    expect(list.data.map((r) => [r.number, r.action, r.current])).toEqual([
      [4, 'draft', true],
      [3, 'publish', false],
    ]);
    const older = revisionListSchema.parse(await (await send(`/revisions?limit=2&cursor=${list.nextCursor}`, 'GET')).json());
    expect(older.data.map((r) => [r.number, r.action, r.changed])).toEqual([
      [2, 'edit', ['slug', 'blogData']],
      [1, 'scrape', ['title', 'slug', 'blogData', 'scrappedData', 'scrapedUrl', 'newUrl']],
    ]);
    expect(older.nextCursor).toBeNull();
    const first = revisionResultSchema.parse(await (await send('/revisions/1', 'GET')).json());
    expect(first.data.snapshot.blogData).toBe(article.blogData);

    const current = articleResultSchema.parse(await (await send('', 'GET')).json()).data;
    const stale = await send('/revisions/1/restore', 'POST', undefined, { 'if-match': '2020-01-01T00:00:00.000Z' });
    expect(stale.status).toBe(409);
    expect((await stale.json()).code).toBe('stale_article');
    const restored = await send('/revisions/1/restore', 'POST', undefined, { 'if-match': current.updatedAt });
    expect(articleResultSchema.parse(await restored.json()).data).toMatchObject({ blogData: article.blogData, slug: article.slug });
    const after = revisionListSchema.parse(await (await send('/revisions', 'GET')).json());
    expect(after.data[0]).toMatchObject({ number: 5, action: 'restore', reason: 'Restored revision 1', restoredFrom: 1 });

    const named = revisionSummaryResultSchema.parse(await (await send('/revisions/2', 'PATCH', { name: ' Launch ', pinned: true })).json());
    expect(named.data).toMatchObject({ name: 'Launch', pinned: true });
    const long = await send('/revisions/2', 'PATCH', { name: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ code: 'validation_failed', message: `Invalid body field "name": ${serverMessages.revisionNameTooLong}` });
    const unknown = await send('/revisions/99', 'GET');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: 'not_found', message: serverMessages.revisionNotFound });
  });
});

describe('article handlers', () => {
  it('list, filter, publish and slug check follow the contract', async () => {
    server.use(...articleHandlers.api());
    const all = articleListResultSchema.parse(await (await fetch(`${base}/api/articles/admin/articles`)).json());
    expect(all.data).toHaveLength(articles.length);
    const drafts = articleListResultSchema.parse(
      await (await fetch(`${base}/api/articles/admin/articles?status=draft`)).json(),
    );
    expect(drafts.data.every((a) => a.status === 'draft')).toBe(true);
    const draft = drafts.data[0]!;
    const published = articleResultSchema.parse(
      await (await fetch(`${base}/api/articles/${draft.id}/publish`, { method: 'PATCH' })).json(),
    );
    expect(published.data.status).toBe('published');
    const refused = await fetch(`${base}/api/articles/${draft.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ slug: 'x' }),
    });
    expect(refused.status).toBe(409);
    const taken = slugCheckResultSchema.parse(
      await (await fetch(`${base}/api/articles/slug/check/${articles[0]!.slug}?excludeId=${draft.id}`)).json(),
    );
    expect(taken).toEqual({ available: false, message: 'Slug is already taken', slug: `${articles[0]!.slug}-2` });
  });

  it('search, sort, site and the site list follow the contract', async () => {
    server.use(...articleHandlers.api());
    const get = async (query: string) =>
      articleListResultSchema.parse(await (await fetch(`${base}/api/articles/admin/articles${query}`)).json());
    const found = await get('?q=lisbon');
    expect(found.data.map((card) => card.title)).toEqual(['A weekend in Lisbon on a budget']);
    expect(found.data[0]!.snippet).toEqual({ text: 'A weekend in Lisbon on a budget', ranges: [[13, 19]] });
    expect((await get('')).data.every((card) => card.snippet === null)).toBe(true);
    const byTitle = (await get('?sort=title')).data.map((card) => card.title);
    expect(byTitle[0]).toBe('A weekend in Lisbon on a budget');
    expect(byTitle.at(-1)).toBeNull();
    expect((await get('?site=garden.example.com')).counts.all).toBe(articles.length);
    const sites = articleSitesResultSchema.parse(await (await fetch(`${base}/api/articles/admin/sites`)).json());
    expect(sites.data).toEqual([{ site: 'garden.example.com', count: articles.length }]);
    expect((await fetch(`${base}/api/articles/admin/articles?q=${'x'.repeat(201)}`)).status).toBe(400);
  });

  it('snippet ranges count code points, as the server does', async () => {
    const emoji = makeArticle({ id: 'art_emoji', title: null, scrappedData: '🍅🍅 Ripe tomatoes love sun.' });
    server.use(...articleHandlers.api([emoji]));
    const found = articleListResultSchema.parse(await (await fetch(`${base}/api/articles/admin/articles?q=sun`)).json());
    const [start, end] = found.data[0]!.snippet!.ranges[0]!;
    expect(Array.from(found.data[0]!.snippet!.text).slice(start, end).join('')).toBe('sun');
    // Where the match is not in the raw text or the title, the raw text's start, with no range.
    const elsewhere = articleListResultSchema.parse(
      await (await fetch(`${base}/api/articles/admin/articles?q=grow-tomatoes`)).json(),
    );
    expect(elsewhere.data[0]!.snippet).toEqual({ text: '🍅🍅 Ripe tomatoes love sun.', ranges: [] });
  });

  it('stats count back from the fixtures and a scraped draft can be read back', async () => {
    server.use(...articleHandlers.api());
    const stats = articleStatsSchema.parse(await (await fetch(`${base}/api/articles/admin/stats`)).json());
    expect(stats.counts.all).toBe(articles.length);
    expect(stats.createdPerWeek.all).toEqual({ current: 7, previous: 5 });
    const scraped = articleResultSchema.parse(
      await (
        await fetch(`${base}/api/articles/scrape`, {
          method: 'POST',
          body: JSON.stringify({ url: 'https://news.example.com/world/Big-Story' }),
        })
      ).json(),
    );
    expect(scraped.data).toMatchObject({ status: 'draft', slug: 'big-story' });
    const read = articleResultSchema.parse(await (await fetch(`${base}/api/articles/${scraped.data.id}`)).json());
    expect(read.data.id).toBe(scraped.data.id);
  });

  it('bulk: changed, unchanged and refused as the server says; delete to the trash; 400 above 500 ids', async () => {
    server.use(...articleHandlers.api());
    const bulk = (body: unknown) =>
      fetch(`${base}/api/articles/bulk`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    const [published, draft] = [articles.find((a) => a.status === 'published')!, articles.find((a) => a.status === 'draft')!];
    const result = bulkResultSchema.parse(await (await bulk({ action: 'publish', ids: [published.id, draft.id, draft.id, 'nope'] })).json());
    expect(result).toEqual({
      changed: [draft.id],
      unchanged: [published.id],
      refused: [{ id: 'nope', code: 'not_found', message: serverMessages.articleNotFound }],
    });
    const deleted = bulkResultSchema.parse(await (await bulk({ action: 'delete', ids: [published.id] })).json());
    expect(deleted.changed).toEqual([published.id]);
    const trash = trashListResultSchema.parse(await (await fetch(`${base}/api/articles/admin/trash`)).json());
    expect(trash.data.map((card) => card.id)).toEqual([published.id]);
    // In the trash now: refused, as unknown ones are.
    const again = bulkResultSchema.parse(await (await bulk({ action: 'delete', ids: [published.id] })).json());
    expect(again.refused.map((r) => r.id)).toEqual([published.id]);
    const tooMany = await bulk({ action: 'draft', ids: Array.from({ length: 501 }, (_, i) => `art_${i}`) });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({ code: 'validation_failed', message: `Invalid body field "ids": ${serverMessages.bulkTooMany}` });
  });

  it('the trash: delete moves there, out of the list, stats and reads; restore, its conflict and delete forever', async () => {
    const trashed = trashedSamples();
    server.use(...articleHandlers.api(articles, trashed));
    const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    const trashPage = async (query = '') =>
      trashListResultSchema.parse(await (await fetch(`${base}/api/articles/admin/trash${query}`)).json());
    const listed = async () =>
      articleListResultSchema.parse(await (await fetch(`${base}/api/articles/admin/articles`)).json());

    expect((await trashPage()).data.map((card) => card.id)).toEqual(trashed.map((t) => t.article.id));
    const victim = articles[0]!;
    expect((await fetch(`${base}/api/articles/${victim.id}`, { method: 'DELETE' })).status).toBe(204);
    const after = await trashPage();
    expect(after.total).toBe(trashed.length + 1);
    // Most recently deleted first.
    expect(after.data[0]).toMatchObject({ id: victim.id, slug: victim.slug });
    expect((await listed()).data.map((card) => card.id)).not.toContain(victim.id);
    expect((await listed()).counts.all).toBe(articles.length - 1);
    const stats = articleStatsSchema.parse(await (await fetch(`${base}/api/articles/admin/stats`)).json());
    expect(stats.counts.all).toBe(articles.length - 1);
    expect((await fetch(`${base}/api/articles/${victim.id}`)).status).toBe(404);
    // Pages: a cursor goes on from where the last page stopped.
    const first = await trashPage('?limit=2');
    expect(first.nextCursor).not.toBeNull();
    const second = await trashPage(`?limit=2&cursor=${first.nextCursor}`);
    expect([...first.data, ...second.data].map((card) => card.id)).toEqual(after.data.map((card) => card.id));

    // Its slug was taken meanwhile: refused with a free suggestion, then restored under it.
    const taken = trashed[2]!.article;
    const refused = await fetch(`${base}/api/articles/${taken.id}/restore`, json({}));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: serverMessages.restoreSlugTaken,
      code: 'restore_slug_taken',
      suggestion: `${taken.slug}-2`,
    });
    const restored = articleResultSchema.parse(
      await (await fetch(`${base}/api/articles/${taken.id}/restore`, json({ slug: `${taken.slug}-2` }))).json(),
    );
    expect(restored.data).toMatchObject({ id: taken.id, slug: `${taken.slug}-2`, status: 'published' });
    expect((await listed()).data.map((card) => card.id)).toContain(taken.id);
    expect((await fetch(`${base}/api/articles/${taken.id}/restore`, json({}))).status).toBe(404);

    // Forever: only from the trash.
    const live = await fetch(`${base}/api/articles/${taken.id}/forever`, { method: 'DELETE' });
    expect(live.status).toBe(409);
    expect((await live.json()).code).toBe('not_in_trash');
    expect((await fetch(`${base}/api/articles/${victim.id}/forever`, { method: 'DELETE' })).status).toBe(204);
    expect((await trashPage()).data.map((card) => card.id)).not.toContain(victim.id);
    expect((await fetch(`${base}/api/articles/${victim.id}/restore`, json({}))).status).toBe(404);
  });

  it('failing variants answer as the server does', async () => {
    server.use(...articleHandlers.failingList());
    const res = await fetch(`${base}/api/articles/admin/articles`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: serverMessages.databaseUnavailable, code: 'database_unavailable' });
  });
});

describe('file handlers', () => {
  it('list with summary, upload refusals and delete follow the contract', async () => {
    server.use(...fileHandlers.api());
    const list = fileListResultSchema.parse(await (await fetch(`${base}/api/files?type=pdf`)).json());
    expect(list.data.every((f) => f.type === 'pdf')).toBe(true);
    expect(list.summary.images).toBe(3);

    const form = new FormData();
    form.append('file', new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const refused = await fetch(`${base}/api/files`, { method: 'POST', body: form });
    expect(refused.status).toBe(415);
    expect(uploadResultSchema.parse(await refused.json()).message).toBe(serverMessages.fileTypeNotAllowed);

    const missing = await fetch(`${base}/api/files/nope`, { method: 'DELETE' });
    expect(missing.status).toBe(404);
    const body = await missing.json();
    deleteResultSchema.parse(body);
    expect(body).toEqual({ success: false, message: serverMessages.fileNotFound, code: 'not_found' });
  });

  const upload = (bytes: string, name: string, method = 'POST', url = `${base}/api/files`) => {
    const form = new FormData();
    form.append('file', new File([bytes], name, { type: 'image/png' }));
    return fetch(url, { method, body: form });
  };
  const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

  it('the same bytes twice: the file that has them, with the message; from the trash, restored', async () => {
    server.use(...fileHandlers.api([]));
    const first = await upload('same bytes', 'first.png');
    expect(first.status).toBe(201);
    const stored = uploadResultSchema.parse(await first.json()).file!;
    const again = await upload('same bytes', 'again.png');
    expect(again.status).toBe(200);
    expect(uploadResultSchema.parse(await again.json())).toEqual({
      success: true,
      file: stored,
      message: serverMessages.alreadyInLibrary('first.png'),
      duplicate: true,
    });
    expect(fileListResultSchema.parse(await (await fetch(`${base}/api/files`)).json()).total).toBe(1);

    await fetch(`${base}/api/files/${stored.id}`, { method: 'DELETE' });
    const back = uploadResultSchema.parse(await (await upload('same bytes', 'third.png')).json());
    expect(back).toMatchObject({ message: serverMessages.restoredFromTrash('first.png'), duplicate: true, restored: true });
    expect(fileTrashResultSchema.parse(await (await fetch(`${base}/api/files/trash`)).json()).total).toBe(0);
  });

  it('replace keeps the id and takes the new name and size; bytes of another file are refused', async () => {
    server.use(...fileHandlers.api([]));
    const a = uploadResultSchema.parse(await (await upload('aaaa', 'a.png')).json()).file!;
    uploadResultSchema.parse(await (await upload('bbbbbb', 'b.png')).json());
    const replaced = await upload('cccccccc', 'c.png', 'PUT', `${base}/api/files/${a.id}/content`);
    expect(replaced.status).toBe(200);
    expect(uploadResultSchema.parse(await replaced.json())).toMatchObject({
      message: serverMessages.fileReplaced,
      file: { id: a.id, url: a.url, name: 'c.png', size: 8 },
    });
    const refused = await upload('bbbbbb', 'b-again.png', 'PUT', `${base}/api/files/${a.id}/content`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ success: false, message: serverMessages.alreadyInLibrary('b.png'), code: 'file_duplicate' });
    expect((await upload('x', 'x.png', 'PUT', `${base}/api/files/nope/content`)).status).toBe(404);
  });

  it('the trash: delete, restore, delete forever, and bulk actions as the server answers them', async () => {
    const trashed = trashedFileSamples();
    server.use(...fileHandlers.api(files, trashed));
    const trash = async () => fileTrashResultSchema.parse(await (await fetch(`${base}/api/files/trash`)).json());
    expect((await trash()).data.map((f) => f.id)).toEqual(trashed.map((f) => f.id));

    const live = files[0]!;
    const notYet = await fetch(`${base}/api/files/${live.id}/forever`, { method: 'DELETE' });
    expect(notYet.status).toBe(409);
    expect(await notYet.json()).toEqual({ success: false, message: serverMessages.fileNotInTrash, code: 'not_in_trash' });
    await fetch(`${base}/api/files/${live.id}`, { method: 'DELETE' });
    expect((await trash()).data[0]!.id).toBe(live.id);
    const restored = fileResultSchema.parse(await (await fetch(`${base}/api/files/${live.id}/restore`, { method: 'POST' })).json());
    expect(restored).toEqual({ success: true, file: live, message: serverMessages.fileRestored });
    const purged = await fetch(`${base}/api/files/${trashed[0]!.id}/forever`, { method: 'DELETE' });
    expect(deleteResultSchema.parse(await purged.json())).toEqual({ success: true, message: serverMessages.filePurged });

    const bulk = async (body: unknown) => bulkResultSchema.parse(await (await fetch(`${base}/api/files/bulk`, json(body))).json());
    expect(await bulk({ action: 'purge', ids: [live.id, trashed[1]!.id, 'nope'] })).toEqual({
      changed: [trashed[1]!.id],
      unchanged: [],
      refused: [
        { id: live.id, code: 'not_in_trash', message: serverMessages.fileNotInTrash },
        { id: 'nope', code: 'not_found', message: serverMessages.fileNotFound },
      ],
    });
    expect(await bulk({ action: 'delete', ids: [live.id, live.id, trashed[2]!.id] })).toEqual({
      changed: [live.id],
      unchanged: [trashed[2]!.id],
      refused: [],
    });
    expect(await bulk({ action: 'restore', ids: [live.id, files[1]!.id] })).toEqual({
      changed: [live.id],
      unchanged: [files[1]!.id],
      refused: [],
    });
    const tooMany = await fetch(`${base}/api/files/bulk`, json({ action: 'delete', ids: Array.from({ length: 501 }, (_, i) => `f${i}`) }));
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({
      success: false,
      code: 'validation_failed',
      message: `Invalid body field "ids": ${serverMessages.fileBulkTooMany}`,
    });
  });
});

describe('system handlers', () => {
  it('health and login follow the contract', async () => {
    server.use(...systemHandlers.storageNearlyFull(), ...authHandlers.login());
    expect(healthSchema.parse(await (await fetch(`${base}/api/health`)).json()).storage.percent).toBe(93);
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', body: '{}' });
    expect(loginResultSchema.parse(await login.json()).accessToken).toBe('story-token');
  });
});

describe('account handlers', () => {
  it('answer in the contract shapes, with the server codes and messages', async () => {
    const { accountHandlers } = await import('./account');
    const { accountListSchema, authOptionsSchema, createAccountResultSchema, createInvitationResultSchema, invitationListSchema, sessionListSchema } =
      await import('../../src/contract');
    server.use(...accountHandlers.api(), ...accountHandlers.options({ invitations: true }));
    authOptionsSchema.parse(await (await fetch(`${base}/api/auth/options`)).json());
    sessionListSchema.parse(await (await fetch(`${base}/api/auth/sessions`)).json());
    const accounts = accountListSchema.parse(await (await fetch(`${base}/api/users`)).json());
    const added = createAccountResultSchema.parse(
      await (await fetch(`${base}/api/users`, { method: 'POST', body: JSON.stringify({ email: 'x@example.com' }) })).json(),
    );
    expect(added.data.mustChangePassword).toBe(true);
    const taken = await fetch(`${base}/api/users`, { method: 'POST', body: JSON.stringify({ email: 'x@example.com' }) });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ code: 'email_taken', message: serverMessages.emailTaken });
    const self = accounts.data.find((a) => a.current)!;
    const refused = await fetch(`${base}/api/users/${self.id}`, { method: 'DELETE' });
    expect(await refused.json()).toEqual({ code: 'cannot_remove_self', message: serverMessages.cannotRemoveSelf });
    invitationListSchema.parse(await (await fetch(`${base}/api/invitations`)).json());
    createInvitationResultSchema.parse(await (await fetch(`${base}/api/invitations`, { method: 'POST' })).json());
    const wrong = await fetch(`${base}/api/auth/password`, {
      method: 'POST',
      body: JSON.stringify({ currentPassword: 'nope', newPassword: 'long enough new' }),
    });
    expect(await wrong.json()).toEqual({ code: 'current_password_wrong', message: serverMessages.currentPasswordWrong });
  });
});

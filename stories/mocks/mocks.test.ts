// The stories' MSW handlers answer in the shapes of the shared contract, so a story never
// shows something the real server could not send.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  articleListResultSchema,
  articleResultSchema,
  articleStatsSchema,
  deleteResultSchema,
  fileListResultSchema,
  healthSchema,
  loginResultSchema,
  serverMessages,
  slugCheckResultSchema,
  uploadResultSchema,
} from '../../src/contract';
import { articles } from '../fixtures';
import { articleHandlers, authHandlers, fileHandlers, systemHandlers } from './index';

const server = setupServer();
const base = 'http://localhost';
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

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

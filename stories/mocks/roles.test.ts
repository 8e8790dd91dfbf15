// A story signed in as a role meets the server's refusals: each call the role may not make is
// answered 403 `forbidden_role` (in the route's error shape, naming who may), the others reach
// the resource's handlers. And the accounts' handlers keep the last admin.
import { describe, expect, it } from 'vitest';
import {
  accountListSchema,
  errorBodyOf,
  meResultSchema,
  roleMessages,
  updateAccountResultSchema,
  whoMay,
} from '../../src/contract';
import { articles } from '../fixtures';
import { accountHandlers } from './account';
import { articleHandlers } from './articles';
import { fileHandlers } from './files';
import { operationOf } from './roles';
import { authHandlers } from './system';
import { webhookHandlers } from './webhooks';
import { sender, testServer } from './testServer';

const server = testServer();
const base = 'http://localhost/api';

const send = sender(base);

// In the sample list, multiples of 3 are published: [0] is, [1] is a draft.
const published = articles[0]!;
const draft = articles[1]!;

describe('signedInAs', () => {
  it('says who is signed in, with the role', async () => {
    server.use(...authHandlers.signedInAs('author'));
    const me = meResultSchema.parse(await (await send('/auth/me')).json());
    expect(me.user).toMatchObject({ email: 'author@example.com', role: 'author' });
  });

  it('refuses what the role may not call, as the server does, before the resource handlers', async () => {
    server.use(...authHandlers.signedInAs('author'), ...articleHandlers.api(), ...webhookHandlers.api());
    const bulk = await send('/articles/bulk', 'POST', { action: 'publish', ids: [draft.id] });
    expect(bulk.status).toBe(403);
    expect(await bulk.json()).toEqual(
      errorBodyOf({
        code: 'forbidden_role',
        message: roleMessages.forbidden('Publish, convert or delete several articles at once', whoMay('bulkArticles'), 'author'),
      }),
    );
    const webhooks = await send('/webhooks');
    expect(webhooks.status).toBe(403);
    expect((await webhooks.json()).message).toBe('List webhook endpoints: only an admin may do this; you are an author.');
  });

  it('passes on what the role may call', async () => {
    server.use(...authHandlers.signedInAs('author'), ...articleHandlers.api());
    expect((await send(`/articles/${published.id}`)).status).toBe(200);
    expect((await send(`/articles/${draft.id}`, 'PATCH', { slug: 'an-authors-slug' })).status).toBe(200);
    expect((await send('/articles', 'POST', { slug: 'fresh' })).status).toBe(201);
  });

  it('refuses an author’s change of a published article, and any schedule', async () => {
    server.use(...authHandlers.signedInAs('author'), ...articleHandlers.api());
    const edit = await send(`/articles/${published.id}`, 'PATCH', { slug: 'changed' });
    expect(edit.status).toBe(403);
    expect((await edit.json()).message).toBe(
      roleMessages.forbidden(roleMessages.changePublished, whoMay('updateArticle', true), 'author'),
    );
    expect((await send(`/articles/${published.id}`, 'DELETE')).status).toBe(403);
    const schedule = await send(`/articles/${draft.id}`, 'PATCH', { publishAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(schedule.status).toBe(403);
    expect((await schedule.json()).message).toBe(roleMessages.forbidden(roleMessages.schedule, whoMay('updateArticle', true), 'author'));
    expect((await send(`/articles/${draft.id}`, 'DELETE')).status).toBe(204);
  });

  it('answers the file routes’ refusals in their shape', async () => {
    server.use(...authHandlers.signedInAs('viewer'), ...fileHandlers.api());
    const form = new FormData();
    form.append('file', new File(['png'], 'small.png', { type: 'image/png' }));
    const upload = await fetch(`${base}/files`, { method: 'POST', body: form });
    expect(upload.status).toBe(403);
    expect(await upload.json()).toEqual(
      errorBodyOf(
        {
          code: 'forbidden_role',
          message: roleMessages.forbidden('Upload a file (multipart/form-data, part "file")', whoMay('uploadFile'), 'viewer'),
        },
        'file',
      ),
    );
    expect((await send('/files')).status).toBe(200);
  });

  it('knows each route the console calls by its operation, literal paths before parameters', () => {
    expect(operationOf('GET', '/api/articles/admin/articles')?.operation).toBe('listArticles');
    expect(operationOf('GET', `/api/articles/${draft.id}`)?.operation).toBe('getArticle');
    expect(operationOf('PATCH', `/api/articles/${draft.id}/publish`)?.operation).toBe('publishArticle');
    expect(operationOf('DELETE', '/api/files/f1/forever')?.operation).toBe('purgeFile');
    expect(operationOf('PATCH', '/api/users/u2')?.operation).toBe('updateAccount');
    expect(operationOf('GET', '/api/nothing-here')).toBeUndefined();
  });
});

describe('account handlers', () => {
  it('change a role, and refuse to demote the last admin (changing nothing)', async () => {
    server.use(...accountHandlers.api());
    const changed = updateAccountResultSchema.parse(await (await send('/users/u2', 'PATCH', { role: 'viewer' })).json());
    expect(changed.data).toMatchObject({ id: 'u2', role: 'viewer' });
    const refused = await send('/users/u1', 'PATCH', { role: 'editor' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual(errorBodyOf({ code: 'last_admin', message: roleMessages.lastAdmin }));
    const list = accountListSchema.parse(await (await send('/users')).json());
    expect(list.data.map((a) => [a.id, a.role])).toEqual([
      ['u1', 'admin'],
      ['u2', 'viewer'],
      ['u3', 'author'],
    ]);
  });

  it('add an account and an invitation with the role asked for (an admin when none is)', async () => {
    server.use(...accountHandlers.api({ invitations: { enabled: true, data: [] } }));
    expect((await (await send('/users', 'POST', { email: 'writer@example.com', role: 'author' })).json()).data.role).toBe('author');
    expect((await (await send('/users', 'POST', { email: 'boss@example.com' })).json()).data.role).toBe('admin');
    expect((await (await send('/invitations', 'POST', { role: 'viewer' })).json()).data.role).toBe('viewer');
    expect((await (await send('/invitations', 'POST')).json()).data.role).toBe('admin');
  });
});

/**
 * Moving a library from the embedded database to PostgreSQL (server/db/move.ts): an embedded
 * library with articles and their history, files with versions, folders within folders, threads
 * of comments, accounts and webhooks, moved into an empty schema; a server on the copy answers the
 * same list, article, history, file bytes and comments, and the same admin signs in. Refused: a
 * target that is not empty, too old a PostgreSQL, a library at another schema version; a move
 * that fails midway leaves the target empty.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LATEST_VERSION } from '../db/migrate.ts';
import { checkTarget, moveLibrary, moveMessages, type MoveProgress } from '../db/move.ts';
import type { Database } from '../db/database.ts';
import { buildApp } from '../app.ts';
import { ADMIN, auth, backends, fixtures, TEST_HASHING, uploadOk, useHarness } from './helpers.ts';

const opened: { db: Database; drop: () => Promise<void> }[] = [];

/** An empty schema on the tests' PostgreSQL (the harness's own way of making one), as the move's target. */
async function emptyTarget() {
  const target = await backends.find((b) => b.name === 'postgres')!.open('');
  opened.push(target);
  return target.db;
}

const tableCount = async (db: Database) =>
  Number((await db.query<{ n: string }>("SELECT count(*) AS n FROM pg_tables WHERE schemaname = current_schema()")).rows[0]!.n);

afterAll(async () => {
  for (const { db, drop } of opened) {
    await db.close();
    await drop();
  }
});

describe('moving an embedded library to PostgreSQL', () => {
  const ctx = useHarness(backends.find((b) => b.name === 'pglite')!);

  /** A small library with a bit of everything, made through the API. */
  async function library() {
    const articles: string[] = [];
    for (const [i, slug] of ['harbour-at-dawn', 'the-lighthouse', 'market-day'].entries()) {
      const made = await ctx.api('POST', '/api/articles', { slug, title: slug, blogData: `<p>First words of ${slug}.</p>` });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json<{ data: { id: string } }>().data.id;
      articles.push(id);
      for (let edit = 1; edit <= i + 1; edit++) {
        expect((await ctx.api('PATCH', `/api/articles/${id}`, { blogData: `<p>Words of ${slug}, take ${edit}.</p>` })).statusCode).toBe(200);
      }
    }
    expect((await ctx.api('PATCH', `/api/articles/${articles[0]}/publish`)).statusCode).toBe(200);
    const fileId = (await uploadOk(ctx, 'harbour.png', await fixtures.png())).id;
    const top = await ctx.api('POST', '/api/folders', { name: 'Photos' });
    expect(top.statusCode, top.body).toBe(201);
    const topId = top.json<{ folder: { id: string } }>().folder.id;
    expect((await ctx.api('POST', '/api/folders', { name: '2026', parentId: topId })).statusCode).toBe(201);
    const comment = await ctx.api('POST', `/api/articles/${articles[1]}/comments`, { body: 'Is the lighthouse still lit?' });
    expect(comment.statusCode, comment.body).toBe(201);
    const commentId = comment.json<{ data: { id: string } }>().data.id;
    expect((await ctx.api('POST', `/api/articles/${articles[1]}/comments`, { body: 'Yes, since 1902.', parentId: commentId })).statusCode).toBe(201);
    expect((await ctx.api('POST', '/api/users', { email: 'writer@example.com', role: 'author' })).statusCode).toBe(201);
    return { articles, fileId };
  }

  /** What a console reads of the library, as a server answers it. */
  async function answers(app: FastifyInstance, token: string, articles: string[], fileId: string) {
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: auth(token) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res;
    };
    return {
      list: (await get('/api/articles/admin/articles')).json(),
      article: (await get(`/api/articles/${articles[0]}`)).json(),
      history: (await get(`/api/articles/${articles[2]}/revisions`)).json(),
      comments: (await get(`/api/articles/${articles[1]}/comments`)).json(),
      file: (await get(`/api/files/${fileId}/content`)).rawPayload.toString('base64'),
      files: (await get('/api/files')).json(),
      folders: (await get('/api/folders')).json(),
      users: (await get('/api/users')).json(),
    };
  }

  it('copies every table into an empty database: a server on it answers the same, and the same admin signs in', async () => {
    const { articles, fileId } = await library();
    const before = await answers(ctx.h.app, ctx.token, articles, fileId);
    const target = await emptyTarget();
    const seen: MoveProgress[] = [];
    const report = await moveLibrary(ctx.h.db, target, (p) => seen.push(p));

    expect(report.version).toBe(LATEST_VERSION);
    const byTable = Object.fromEntries(report.tables.map((t) => [t.table, t.rows]));
    expect(byTable).toMatchObject({ articles: 3, users: 2, files: 1, folders: 2, article_comments: 2 });
    expect(byTable.article_revisions).toBeGreaterThanOrEqual(4);
    expect(seen.some((p) => p.table === 'articles' && p.copied === 3 && p.total === 3)).toBe(true);

    const moved = await buildApp({ db: target, dataDir: ctx.h.dataDir, logger: false, passwordHashing: TEST_HASHING, background: { checks: false } });
    try {
      const login = await moved.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
      expect(login.statusCode, login.body).toBe(200);
      const token = login.json<{ accessToken: string }>().accessToken;
      expect(await answers(moved, token, articles, fileId)).toEqual(before);
      // New rows go on from the copied ones (identity columns' sequences moved on).
      expect((await moved.inject({ method: 'PATCH', url: `/api/articles/${articles[1]}`, headers: auth(token), payload: { title: 'The lighthouse, lit' } })).statusCode).toBe(200);
    } finally {
      await moved.close();
    }
  });

  it('refuses a target that is not empty, and leaves it as it was', async () => {
    await library();
    const target = await emptyTarget();
    await target.query('CREATE TABLE notes (id int PRIMARY KEY)');
    await target.query('INSERT INTO notes VALUES (1)');
    await expect(moveLibrary(ctx.h.db, target)).rejects.toThrow(moveMessages.notEmpty(['notes']));
    expect(await tableCount(target)).toBe(1);
    expect((await target.query('SELECT id FROM notes')).rows).toEqual([{ id: 1 }]);
  });

  it('refuses too old a PostgreSQL', async () => {
    const old = { query: async () => ({ rows: [{ num: '130012', version: '13.12' }], rowCount: 1 }) } as unknown as Database;
    await expect(checkTarget(old)).rejects.toThrow(moveMessages.tooOld('13.12'));
  });

  it('refuses a library at another schema version, and a failure midway leaves the target empty', async () => {
    await library();
    const target = await emptyTarget();
    await ctx.h.db.query('UPDATE schema_migrations SET version = version + 1000 WHERE version = $1', [LATEST_VERSION]);
    try {
      await expect(moveLibrary(ctx.h.db, target)).rejects.toThrow(moveMessages.sourceAhead(LATEST_VERSION + 1000));
    } finally {
      await ctx.h.db.query('UPDATE schema_migrations SET version = version - 1000 WHERE version = $1', [LATEST_VERSION + 1000]);
    }
    expect(await tableCount(target)).toBe(0);

    // Stopped while copying the articles (as an error of the target would): nothing stays.
    const stop = (p: MoveProgress) => {
      if (p.table === 'articles') throw new Error('stopped midway');
    };
    await expect(moveLibrary(ctx.h.db, target, stop)).rejects.toThrow('stopped midway');
    expect(await tableCount(target)).toBe(0);
    // And the same target takes the move afterwards.
    expect((await moveLibrary(ctx.h.db, target)).tables.find((t) => t.table === 'articles')?.rows).toBe(3);
  });
});

/**
 * Test harness: the same buildApp as production, on both database backends: PGlite (in a fresh
 * temp DATA_DIR) and PostgreSQL, in a schema of its own per test file, on TEST_DATABASE_URL's
 * server or, when that is unset, on one the run starts (postgres/globalSetup.ts).
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { uploadResultSchema, type Role } from '../../src/contract/index.ts';
import { buildApp, type AppOptions } from '../app.ts';
import { createSession, hashPassword } from '../accounts/auth.ts';
import { createAccount } from '../accounts/operations.ts';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '../db/database.ts';

export interface Backend {
  name: 'pglite' | 'postgres';
  open(dataDir: string): Promise<{ db: Database; drop: () => Promise<void> }>;
}

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  throw new Error('TEST_DATABASE_URL is not set: run the server tests through Vitest (npm run test:server), whose global setup starts a PostgreSQL when none is named');
}

const pgliteTemplate = process.env.TEST_PGLITE_TEMPLATE;

export const backends: Backend[] = [
  {
    name: 'pglite',
    async open(dataDir) {
      const dir = path.join(dataDir, 'db');
      // A copy of the run's freshly made and migrated folder (postgres/globalSetup.ts).
      if (pgliteTemplate) await cp(pgliteTemplate, dir, { recursive: true });
      const db = await createPgliteDatabase(dir);
      return { db, drop: async () => {} };
    },
  },
  {
    name: 'postgres' as const,
    async open() {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      const db = await createPostgresDatabase({ connectionString: pgUrl, schema, max: 5 });
      return {
        db,
        drop: async () => {
          const c = new pg.Client({ connectionString: pgUrl });
          await c.connect();
          await c.query(`DROP SCHEMA ${schema} CASCADE`);
          await c.end();
        },
      };
    },
  },
];

export const ADMIN = { email: 'admin@example.com', password: 'correct horse battery staple' };
/** Cheap argon2id for tests; production uses OWASP's cost. */
export const TEST_HASHING = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export interface Harness {
  db: Database;
  dataDir: string;
  app: FastifyInstance;
  /** Builds another app on the same database and DATA_DIR (other options, another process). */
  buildApp(overrides?: Partial<AppOptions>): Promise<FastifyInstance>;
  /** Empties every table (the admin alone stays, with its password), and the stored files; returns a fresh session token. */
  reset(): Promise<string>;
  login(): Promise<string>;
  close(): Promise<void>;
}

export async function openHarness(backend: Backend, overrides: Partial<AppOptions> = {}): Promise<Harness> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `server-test-${backend.name}-`));
  const { db, drop } = await backend.open(dataDir);
  const apps: FastifyInstance[] = [];
  const make = async (more: Partial<AppOptions> = {}) => {
    const app = await buildApp({
      db,
      dataDir,
      logger: false,
      passwordHashing: TEST_HASHING,
      admin: ADMIN,
      ...overrides,
      ...more,
      // The checks before publishing do not run by themselves after each write (they would ask
      // other sites of every test's HTML): a test turns them on with `background: { checks: true }`.
      background: { checks: false, ...overrides.background, ...more.background },
    });
    apps.push(app);
    return app;
  };
  const app = await make();
  const login = async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res.json<{ accessToken: string }>().accessToken;
  };
  return {
    db,
    dataDir,
    app,
    buildApp: make,
    login,
    async reset() {
      // DELETE rather than TRUNCATE: much faster on tables this small (PGlite syncs on TRUNCATE).
      for (const table of ['articles', 'files', 'folders', 'activity', 'sessions', 'login_attempts', 'invitations', 'settings', 'webhook_endpoints', 'article_presence', 'address_checks', 'sources', 'site_rules', 'site_blocks']) {
        await db.query(`DELETE FROM ${table}`);
      }
      // The suite's one admin, with its own password, as at the start.
      await db.query('DELETE FROM users WHERE lower(email) <> $1', [ADMIN.email]);
      await db.query("UPDATE users SET password_hash = $1, must_change_password = false, role = 'admin'", [
        await hashPassword(ADMIN.password, TEST_HASHING),
      ]);
      // The bytes on the disk (an S3 bucket's are left: tests on S3 use fresh ids).
      for (const dir of ['files', 'thumbs', 'versions', 'tmp', 'uploads']) {
        const full = path.join(dataDir, dir);
        const names = await readdir(full).catch(() => []);
        for (const name of names) await rm(path.join(full, name), { recursive: true, force: true });
      }
      return login();
    },
    async close() {
      for (const a of apps) await a.close();
      await db.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The usual set-up of a describe block: one harness for the block (opened before its tests,
 * closed after them), emptied before each test with a fresh session token. Call it in the block's
 * body; read `h` and `token`, and call `api`, inside hooks and tests only (they exist once the
 * hooks have run).
 */
export function useHarness(backend: Backend, overrides: Partial<AppOptions> = {}) {
  let harness: Harness | undefined;
  let token: string | undefined;
  beforeAll(async () => {
    harness = await openHarness(backend, overrides);
  }, 60_000);
  afterAll(() => harness?.close());
  beforeEach(async () => {
    token = await harness!.reset();
  });
  const harnessOf = () => {
    if (!harness) throw new Error('useHarness: the harness is not open yet (read it inside a hook or a test)');
    return harness;
  };
  const tokenOf = () => {
    if (token === undefined) throw new Error('useHarness: no session token yet (read it inside a test)');
    return token;
  };
  return {
    get h() {
      return harnessOf();
    },
    get token() {
      return tokenOf();
    },
    /** A request as the signed-in admin, with `payload` as its JSON body. */
    api: (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      harnessOf().app.inject({
        method,
        url,
        headers: auth(tokenOf()),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** An account of `role`, its password already chosen, signed in: its id, email and a session's token. */
export async function signedInAccount(db: Database, email: string, role: Role) {
  const { account } = await createAccount(db, email, TEST_HASHING, null, role);
  await db.query('UPDATE users SET must_change_password = false WHERE id = $1', [account.id]);
  return { id: account.id, email, token: (await createSession(db, account.id)).token };
}

/**
 * A change of articles made by hand, as a migration or an operator's fix would make it: outside
 * the history (without it, the check at commit refuses an article changed without its revision).
 */
export async function withoutHistory(db: Database, sql: string, params: unknown[] = []) {
  await db.transaction(async (tx) => {
    await tx.query("SET LOCAL history.off = 'on'");
    await tx.query(sql, params);
  });
}

/**
 * `n` articles inserted in one statement, then analyzed: ids `<prefix>000001`… and slugs
 * `<prefix>-1`… (the first is the newest, a minute apart), every third published, titled
 * `<Prefix> i`, their raw text holding `word`.
 */
export async function insertBulkArticles(db: Database, n: number, word: string, prefix: string) {
  const title = prefix[0]!.toUpperCase() + prefix.slice(1);
  await db.query(
    `INSERT INTO articles (id, status, title, slug, scrapped_data, created_at, updated_at)
     SELECT '${prefix}' || lpad(i::text, 6, '0'), CASE WHEN i % 3 = 0 THEN 'published' ELSE 'draft' END,
            '${title} ' || i, '${prefix}-' || i, 'Some text with ${word} in it, number ' || i,
            now() - i * interval '1 minute', now() - i * interval '1 minute'
       FROM generate_series(1, ${n}) i`,
  );
  await db.query('ANALYZE articles');
}

/** A multipart/form-data body as a browser would send it. */
export function multipartBody(
  parts: { name: string; filename?: string; contentType?: string; data: Buffer | string }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function uploadRequest(token: string, filename: string, data: Buffer | string, contentType = 'application/octet-stream') {
  const body = multipartBody([{ name: 'file', filename, contentType, data }]);
  return { method: 'POST' as const, url: '/api/files', payload: body.payload, headers: { ...body.headers, ...auth(token) } };
}

/** Uploads a file as the signed-in admin of `ctx` (useHarness) and answers it; fails the test unless it was stored (201). */
export async function uploadOk(ctx: { h: Harness; token: string }, name: string, data: Buffer) {
  const res = await ctx.h.app.inject(uploadRequest(ctx.token, name, data));
  expect(res.statusCode, res.body).toBe(201);
  return uploadResultSchema.parse(res.json()).file!;
}

/** What DATA_DIR holds: stored files, thumbnails, temp files. */
export async function storedEntries(dataDir: string) {
  const list = async (dir: string) => (await readdir(path.join(dataDir, dir))).sort();
  return { files: await list('files'), thumbs: await list('thumbs'), tmp: await list('tmp') };
}

// Fixtures ------------------------------------------------------------------------------------

export const fixtures = {
  png: (width = 64, height = 48) =>
    sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).png().toBuffer(),
  jpeg: () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#cc6633' } }).jpeg().toBuffer(),
  gif: () => sharp({ create: { width: 40, height: 40, channels: 4, background: '#00aa00ff' } }).gif().toBuffer(),
  pdf: (padTo = 0) => {
    const body = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
    return padTo > body.length ? Buffer.concat([Buffer.from(body), Buffer.alloc(padTo - body.length, 0x20)]) : Buffer.from(body);
  },
  /** A PNG whose second half is missing: the header reads, the pixels do not. */
  truncatedPng: async () => {
    const noise = Buffer.from(Array.from({ length: 200 * 200 * 3 }, (_, i) => (i * 7919) % 251));
    const png = await sharp(noise, { raw: { width: 200, height: 200, channels: 3 } }).png().toBuffer();
    return png.subarray(0, Math.floor(png.length / 2));
  },
  /** A complete, valid 15000×15000 1-bit PNG of a few tens of KB: 225 megapixels if decoded. */
  hugePng: () => {
    const width = 15000;
    const height = 15000;
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr[8] = 1; // bit depth
    ihdr[9] = 0; // greyscale
    const idat = zlib.deflateSync(Buffer.alloc((1 + Math.ceil(width / 8)) * height), { level: 9 });
    return Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', idat),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
  },
};

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * Moving a library from the embedded database to PostgreSQL, as an operator does it: a server on
 * the embedded database (a DATA_DIR of its own) is given articles with their history, a file and
 * an account, then stopped; `npm run admin -- move-to-postgres` copies the library into an empty
 * database made on the run's PostgreSQL server; a server started on that database with the same
 * DATA_DIR answers the same list, article, history and file bytes, and the same admin signs in
 * through the console. The test starts and stops every process itself; the configured web server
 * is not used.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { freePort } from '../server/test/postgres/embedded.ts';
import { databaseServer, onDatabaseServer, root, type ServerProcess, signedInApi, signInThroughTheConsole, startServer, stopServer } from './processes';
import { test, expect, adminEmail, adminPassword } from './support';

const databaseName = `e2e_move_${randomBytes(6).toString('hex')}`;
let dataDir: string | undefined;
let server: ServerProcess | undefined;
let api: APIRequestContext | undefined;

/** The server's environment on DATA_DIR: the embedded database unless `databaseUrl`. */
const environment = (dir: string, databaseUrl?: string): Record<string, string> => ({
  DATA_DIR: dir,
  // Never a PostgreSQL of the test run's environment by mistake: empty is unset.
  DATABASE_URL: databaseUrl ?? '',
  ADMIN_EMAIL: adminEmail,
  ADMIN_PASSWORD: adminPassword,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
});

/** `npm run admin -- move-to-postgres <url>` (server/cli/admin.ts) on DATA_DIR: its exit code and output. */
function moveToPostgres(dir: string, url: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'cli', 'admin.ts'), 'move-to-postgres', url], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}

/** What a console reads of the library: the list's cards, an article, its history, a file's bytes, the accounts. */
async function answers(on: APIRequestContext, articleId: string, fileId: string) {
  const json = async (url: string) => {
    const res = await on.get(url);
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
    return res.json();
  };
  const file = await on.get(`/api/files/${fileId}/content?download=1`);
  expect(file.status()).toBe(200);
  return {
    list: await json('/api/articles/admin/articles'),
    article: await json(`/api/articles/${articleId}`),
    history: await json(`/api/articles/${articleId}/revisions`),
    file: (await file.body()).toString('base64'),
    users: await json('/api/users'),
  };
}

test.afterAll(async () => {
  await api?.dispose();
  if (server) await stopServer(server);
  await onDatabaseServer((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('an embedded library moved to PostgreSQL answers the same, and its admin signs in', async ({ page }) => {
  test.setTimeout(180_000);
  expect(existsSync(path.join(root, 'dist', 'index.html')), 'the console is built (npm run build)').toBe(true);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'e2e-move-'));

  // The library, on the embedded database.
  server = await startServer(environment(dataDir), await freePort());
  api = await signedInApi(server);
  const made = await api.post('/api/articles', { data: { slug: 'harbour-at-dawn', title: 'Harbour at dawn', blogData: '<p>First light on the water.</p>' } });
  expect(made.status(), await made.text()).toBe(201);
  const { id: articleId } = ((await made.json()) as { data: { id: string } }).data;
  for (const take of [1, 2]) {
    expect((await api.patch(`/api/articles/${articleId}`, { data: { blogData: `<p>First light on the water, take ${take}.</p>` } })).status()).toBe(200);
  }
  expect((await api.patch(`/api/articles/${articleId}/publish`)).status()).toBe(200);
  expect((await api.post('/api/articles', { data: { slug: 'market-day', title: 'Market day', blogData: '<p>Stalls.</p>' } })).status()).toBe(201);
  // Bytes of this run only.
  const bytes = await sharp({ create: { width: 4, height: 3, channels: 3, background: { r: randomInt(256), g: randomInt(256), b: randomInt(256) } } })
    .png()
    .toBuffer();
  const uploaded = await api.post('/api/files', { multipart: { file: { name: 'harbour.png', mimeType: 'image/png', buffer: bytes } } });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { file } = (await uploaded.json()) as { file: { id: string } };
  expect((await api.post('/api/users', { data: { email: 'writer@example.com', role: 'author' } })).status()).toBe(201);
  const before = await answers(api, articleId, file.id);
  expect(before.history.data.length).toBeGreaterThanOrEqual(3);
  await api.dispose();
  api = undefined;
  await stopServer(server);
  server = undefined;

  // The move, into an empty database.
  await onDatabaseServer((client) => client.query(`CREATE DATABASE ${databaseName}`));
  const target = new URL(databaseServer);
  target.pathname = `/${databaseName}`;
  const moved = await moveToPostgres(dataDir, target.href);
  expect(moved.code, `${moved.out}\n${moved.err}`).toBe(0);
  expect(moved.out).toContain("every table's row count and checksum match the embedded library's");
  expect(moved.out).toContain('npm start (with the same DATA_DIR: the files stay there)');
  // Once more into the same database: refused, as it is not empty any more.
  const again = await moveToPostgres(dataDir, target.href);
  expect(again.code).not.toBe(0);
  expect(again.err).toContain('The target database is not empty');

  // The console on PostgreSQL, with the same DATA_DIR.
  server = await startServer(environment(dataDir, target.href), await freePort());
  api = await signedInApi(server);
  expect(await answers(api, articleId, file.id)).toEqual(before);

  await signInThroughTheConsole(page, server, adminEmail, adminPassword);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.goto(`${server.url}/articles`);
  const tabs = page.getByRole('tablist');
  await expect(tabs.getByRole('tab', { name: /All Articles/ })).toContainText('2');
  await expect(tabs.getByRole('tab', { name: /Published/ })).toContainText('1');
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.goto(`${server.url}/articles/${articleId}`);
  await expect(page.getByRole('region', { name: 'Article Slug Editor' }).getByRole('textbox', { name: 'Slug' })).toHaveValue('harbour-at-dawn');
});

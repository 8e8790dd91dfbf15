/**
 * Two server processes on one PostgreSQL and one S3 bucket, each with a DATA_DIR of its own (two
 * hosts), as a site runs them behind a load balancer: whichever process answers, the session,
 * the articles, the files and the failed sign-in limit are the same. The test starts both
 * processes itself, at the same moment, on a fresh database made on TEST_DATABASE_URL's server
 * (one the run starts when unset) and a local S3-compatible server (s3rver); it stops them and drops
 * the database at the end. The configured web server is not used.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { request, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { serverMessages } from '../src/contract/messages.ts';
import { freePort } from '../server/test/postgres/embedded.ts';
import { S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from '../server/test/s3.ts';
import { databaseServer, onDatabaseServer, root, type ServerProcess, signedInApi, signInThroughTheConsole, startServer, stopServer } from './processes';
import { test, expect, adminEmail, adminPassword, expectConsoleErrors } from './support';

/** Failed sign-ins per email and client address before 429 (LOGIN_MAX_FAILURES in server/accounts/auth.ts). */
const LOGIN_LIMIT = 5;

/**
 * What every process is started with, besides its port: kept in one place, so that the same test
 * on other storage is one more line here (`STORAGE: 's3'` and its settings).
 */
const processEnvironment = (databaseUrl: string, dataDir: string, s3: LocalS3): Record<string, string> => ({
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  STORAGE: 's3',
  S3_BUCKET: s3.settings.bucket,
  S3_ENDPOINT: s3.endpoint,
  S3_FORCE_PATH_STYLE: 'true',
  AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  ADMIN_EMAIL: adminEmail,
  ADMIN_PASSWORD: adminPassword,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
});

const databaseName = `e2e_processes_${randomBytes(6).toString('hex')}`;
let dataDirs: string[] = [];
let s3: LocalS3 | undefined;
let servers: ServerProcess[] = [];
let a: ServerProcess;
let b: ServerProcess;
/** Signed in as the admin on A and on B (a bearer token each). */
let apiA: APIRequestContext;
let apiB: APIRequestContext;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  expect(existsSync(path.join(root, 'dist', 'index.html')), 'the console is built (npm run build)').toBe(true);
  await onDatabaseServer((client) => client.query(`CREATE DATABASE ${databaseName}`));
  const databaseUrl = new URL(databaseServer);
  databaseUrl.pathname = `/${databaseName}`;
  s3 = await startLocalS3();
  dataDirs = [await mkdtemp(path.join(os.tmpdir(), 'e2e-processes-')), await mkdtemp(path.join(os.tmpdir(), 'e2e-processes-'))];
  const envs = dataDirs.map((dataDir) => processEnvironment(databaseUrl.href, dataDir, s3!));
  const ports = [await freePort(), await freePort()];
  // At the same moment, on a database without a schema: they take turns migrating it.
  const started = await Promise.allSettled(ports.map((port, i) => startServer(envs[i]!, port)));
  servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  for (const result of started) if (result.status === 'rejected') throw result.reason;
  [a, b] = servers as [ServerProcess, ServerProcess];
  apiA = await signedInApi(a);
  apiB = await signedInApi(b);
});

test.afterAll(async () => {
  await apiA?.dispose();
  await apiB?.dispose();
  await Promise.all(servers.map(stopServer));
  await onDatabaseServer((client) => client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
  for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
  await s3?.close();
});

test('a session signed in on A works on B: the cookie is good on both', async ({ page }) => {
  await signInThroughTheConsole(page, a, adminEmail, adminPassword);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  // The same browser, the same cookie (a cookie is not bound to a port), the other process.
  await page.goto(`${b.url}/articles`);
  await expect(page.getByRole('heading', { name: 'Articles Management' })).toBeVisible();
  await expect(page).toHaveURL(`${b.url}/articles`);
  const me = await page.request.get(`${b.url}/api/auth/me`);
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ user: { email: adminEmail } });
});

test('an article created on A is seen and edited on B, and the edit is seen on A', async ({ page }) => {
  const slug = `made-on-a-${randomBytes(3).toString('hex')}`;
  const created = await apiA.post('/api/articles', { data: { slug, blogData: '<p>Written on A</p>' } });
  expect(created.status()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: string } }).data;

  await signInThroughTheConsole(page, b, adminEmail, adminPassword);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.goto(`${b.url}/articles/${id}`);
  const editor = page.getByRole('region', { name: 'Article Slug Editor' });
  const input = editor.getByRole('textbox', { name: 'Slug' });
  await expect(input).toHaveValue(slug);
  await input.fill(`${slug}-edited-on-b`);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Unsaved changes')).toBeHidden();

  const onA = (await (await apiA.get(`/api/articles/${id}`)).json()) as { data: { slug: string } };
  expect(onA.data.slug).toBe(`${slug}-edited-on-b`);
});

test('a file uploaded on A downloads from B with the same bytes', async () => {
  // Bytes of this run only (the library answers bytes it already has as a duplicate).
  const background = { r: randomInt(256), g: randomInt(256), b: randomInt(256) };
  const bytes = await sharp({ create: { width: 3, height: 2, channels: 3, background } }).png().toBuffer();
  const uploaded = await apiA.post('/api/files', {
    multipart: { file: { name: 'shared.png', mimeType: 'image/png', buffer: bytes } },
  });
  expect(uploaded.status()).toBe(201);
  const { file } = (await uploaded.json()) as { file: { id: string } };
  const downloaded = await apiB.get(`/api/files/${file.id}/content?download=1`);
  expect(downloaded.status()).toBe(200);
  expect(Buffer.compare(await downloaded.body(), bytes)).toBe(0);
  // The bytes are in the shared bucket, on neither host's disk.
  expect(await s3!.store().get(`files/${file.id}`)).toBeDefined();
  for (const dataDir of dataDirs) expect(existsSync(path.join(dataDir, 'files', file.id))).toBe(false);
});

test('failed sign-ins count across both processes: the limit is reached at the same total, and both say so', async ({
  page,
}) => {
  // Past the limit, sign-in is refused: 429.
  expectConsoleErrors(page, /status of 429 \(Too Many Requests\) \(.*\/api\/auth\/login\)$/);
  // An account of its own, so the admin is never locked out.
  const email = `locked-${randomBytes(3).toString('hex')}@example.com`;
  expect((await apiA.post('/api/users', { data: { email } })).status()).toBe(201);

  const anonymousA = await request.newContext({ baseURL: a.url });
  const anonymousB = await request.newContext({ baseURL: b.url });
  try {
    for (let i = 0; i < LOGIN_LIMIT; i++) {
      const res = await (i % 2 ? anonymousB : anonymousA).post('/api/auth/login', {
        data: { email, password: `wrong password ${i}` },
      });
      expect(res.status(), `attempt ${i + 1}, on ${i % 2 ? 'B' : 'A'}`).toBe(401);
    }
  } finally {
    await anonymousA.dispose();
    await anonymousB.dispose();
  }
  for (const server of [a, b]) {
    await signInThroughTheConsole(page, server, email, 'one more wrong password');
    await expect(page.getByRole('alert')).toHaveText(serverMessages.tooManyAttempts);
  }
});

/** A load balancer in front of the processes: each new connection goes to the first one still running. */
async function balancer(targets: readonly ServerProcess[]): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const alive = targets.find((t) => t.child.exitCode === null && t.child.signalCode === null);
    if (!alive) return client.destroy();
    const upstream = net.connect(Number(new URL(alive.url).port), '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
    upstream.once('error', () => client.destroy());
    upstream.once('close', () => client.destroy());
    client.once('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}

// Last: it stops A for good.
test('a process dies: its pages reconnect to the other through the load balancer, and who is on the article is right again', async ({
  page,
  browser,
}) => {
  // The process is killed mid-stream: its presence stream and the bell's live count are cut.
  expectConsoleErrors(page, /net::ERR_INCOMPLETE_CHUNKED_ENCODING \(.*\/presence\/stream\?/, /net::ERR_INCOMPLETE_CHUNKED_ENCODING \(.*\/api\/notifications\/stream\)$/);
  const lb = await balancer([a, b]);
  try {
    const { data: article } = (await (await apiB.post('/api/articles', { data: { slug: 'failover', blogData: '<p>x</p>' } })).json()) as {
      data: { id: string };
    };
    // An editor of its own, with a password of their own, on B.
    const email = `dana-${randomBytes(3).toString('hex')}@example.com`;
    const made = await apiB.post('/api/users', { data: { email, role: 'editor' } });
    const { password } = (await made.json()) as { password: string };
    const dana = await (await browser.newContext()).newPage();
    await signInThroughTheConsole(dana, b, email, password);
    await dana.getByLabel('One-time password').fill(password);
    await dana.getByLabel('New password', { exact: true }).fill('dana chose this one');
    await dana.getByLabel('Repeat new password').fill('dana chose this one');
    await dana.getByRole('button', { name: 'Change password' }).click();
    await expect(dana.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    // The admin through the load balancer (on A while it runs), Dana on B.
    await signInThroughTheConsole(page, { url: lb.url, child: a.child }, adminEmail, adminPassword);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await page.goto(`${lb.url}/articles/${article.id}`);
    await dana.goto(`${b.url}/articles/${article.id}`);
    const othersOnAdminsPage = page.getByRole('group', { name: '1 other person has this article open' });
    await expect(othersOnAdminsPage).toBeVisible();
    await expect(dana.getByRole('group', { name: '1 other person has this article open' })).toBeVisible();

    // A dies; at the same moment Dana leaves the article. The admin's page reconnects (to B) and hears it.
    const died = Date.now();
    a.child.kill('SIGKILL');
    await dana.goto(`${b.url}/`);
    await expect(othersOnAdminsPage).toBeHidden({ timeout: 10_000 });
    const rightAgainMs = Date.now() - died;
    // And it hears new arrivals live, from B.
    await dana.goto(`${b.url}/articles/${article.id}`);
    await expect(othersOnAdminsPage).toBeVisible({ timeout: 5_000 });
    console.log(`presence right again ${rightAgainMs} ms after the process died`);
    await dana.context().close();
  } finally {
    await lb.close();
  }
});

/**
 * The server as processes of its own, for the end-to-end tests that start them themselves
 * (multi-process.spec.ts, move.spec.ts): started with an environment and a port, stopped, signed
 * in through the API or the console; and the run's PostgreSQL server (TEST_DATABASE_URL's, or the
 * one e2e/global-setup.ts started) to make and drop databases on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { expect, adminEmail, adminPassword } from './support';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// TEST_DATABASE_URL's server, or the one the run started (e2e/global-setup.ts).
export const databaseServer = process.env.TEST_DATABASE_URL!;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
}

/** `server/main.ts` in a process of its own; resolves once its /api/health answers. */
export async function startServer(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`The server on port ${port} exited (${code}) at start:\n${stderr}`))),
  );
  const healthy = (async () => {
    const deadline = Date.now() + 45_000;
    while (child.exitCode === null && child.signalCode === null) {
      const ok = await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`The server on port ${port} did not answer within 45 s:\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.race([healthy, exited]);
  exited.catch(() => {}); // a stop later is no failure
  return { url, child };
}

export async function stopServer({ child }: ServerProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(forced);
}

export async function onDatabaseServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseServer });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function signedInApi(server: ServerProcess): Promise<APIRequestContext> {
  const anonymous = await request.newContext({ baseURL: server.url });
  const login = await anonymous.post('/api/auth/login', { data: { email: adminEmail, password: adminPassword } });
  expect(login.status()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  await anonymous.dispose();
  return request.newContext({ baseURL: server.url, extraHTTPHeaders: { Authorization: `Bearer ${accessToken}` } });
}

export async function signInThroughTheConsole(page: Page, server: ServerProcess, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}


/**
 * The real console for the benchmarks that drive it in Chromium (bench:list, bench:typing): its
 * production build (made again when its sources changed), the production server (server/main.ts)
 * on a free port over a data folder, and a browser context signed in as the benches' admin.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { browserPath } from '../scripts/find-browser.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const admin = { email: 'bench@example.com', password: 'bench-password-123' };

/** tsx keeps function names with a `__name` helper that functions sent to the page would miss. */
export const NAME_HELPER = 'globalThis.__name = (fn) => fn;';

/** Newest modification time under `p`, 0 if missing (the rule `npm start` uses). */
function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((entry) => newest(path.join(p, entry))));
}

function buildConsoleIfNeeded() {
  const built = path.join(root, 'dist', 'index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...['src', 'public', 'index.html', 'vite.config.ts'].map((p) => newest(path.join(root, p))));
  if (builtAt > changedAt) return;
  console.log(builtAt ? 'Console sources changed: npx vite build …' : 'No dist/: npx vite build …');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** The production server on the embedded database in `dataDir`, once it answers its health check. */
async function startServer(dataDir: string): Promise<{ url: string; server: ChildProcess }> {
  const port = await freePort();
  const server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return { url, server };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stopServer(server);
  throw new Error('the server did not answer /api/health within 60 s');
}

/** Ends the server and waits for it to have exited. */
async function stopServer(server: ChildProcess | undefined) {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}

/** A browser context whose pages are signed in as the benches' admin. */
export async function signedInContext(browser: Browser, url: string, viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  const login = await context.request.post(`${url}/api/auth/login`, { data: admin });
  if (!login.ok()) {
    await context.close();
    throw new Error(`sign-in failed: ${login.status()}`);
  }
  const { accessToken } = (await login.json()) as { accessToken: string };
  await context.addInitScript((token) => localStorage.setItem('accessToken', token), accessToken);
  return context;
}

/**
 * A bench's whole life with the console: a fresh data folder seeded by `seed`, the console built
 * if needed, the server on it and a browser; `measure` runs with them; everything ends and the
 * folder goes however it ends. A failure sets the exit code.
 */
export async function withConsole(
  name: string,
  seed: (dataDir: string) => Promise<void>,
  measure: (console: { url: string; browser: Browser }) => Promise<void>,
) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-${name}-`));
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    await seed(dataDir);
    buildConsoleIfNeeded();
    const started = await startServer(dataDir);
    server = started.server;
    browser = await chromium.launch({ executablePath: browserPath(), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    await measure({ url: started.url, browser });
  } catch (error: unknown) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    try {
      await browser?.close();
    } finally {
      await stopServer(server);
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

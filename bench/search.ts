/**
 * Article search over HTTP on a real-size library, beside the plain list, for each database
 * backend: seeds BENCH_ROWS articles (about 12 KB of blog HTML and 6 KB of raw text each, with
 * titles; bench/http/seed.ts), starts the real server (server/main.ts) as its own process and
 * drives each case with autocannon (-c BENCH_CONNECTIONS) from another process. Each case is a
 * first page of 50 cards; the list without q is measured in the same run. Figures only.
 *
 *   npx tsx bench/search.ts
 *   BENCH_ROWS=20000 BENCH_DURATION=5 BENCH_BACKENDS=postgres npx tsx bench/search.ts
 *
 * First, in the same run, the database alone (no server): a page of the list, and the 3% phrase's
 * exact counts per status, each from BENCH_CONNECTIONS clients (databaseFloors): the floor under
 * every search that counts that phrase exactly.
 *
 * Then, per case, what the other admins see meanwhile: while one admin, and then five at once,
 * run the case's search for BENCH_PROBE seconds, GET /api/health and an article's page
 * (GET /api/articles/:id) are asked in turn, one at a time, and their worst and p99 times printed
 * beside the same with nobody searching.
 *
 * Knobs: BENCH_ROWS (100000), BENCH_DURATION seconds per case (10), BENCH_WARMUP seconds (2),
 * BENCH_PROBE seconds per probe run (5; 0 skips the probes),
 * BENCH_CONNECTIONS (20), BENCH_BACKENDS (postgres,pglite), BENCH_PG_URL
 * (postgres://postgres@127.0.0.1:5432; a fresh database is created there and dropped),
 * BENCH_SEEDED_URL (a PostgreSQL database kept after the run, for trying query plans again and
 * again: seeded the first time, when it holds fewer than BENCH_ROWS articles; never dropped),
 * BENCH_PGLITE_DIR (the same for PGlite: a DATA_DIR kept after the run, seeded the first time).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { articleListResultSchema, formatSearchCount } from '../src/contract/index.ts';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { createBenchDatabase, fmt, freePort, load, measureWithCpu, onCleanup, pgBackendCpu, pgCpuSpent, runMain, signIn, startServer } from './http/process.ts';
import { paragraphs } from './http/prose.ts';
import { COMMON_TERM, POOL_PARAGRAPHS, seedLibrary } from './http/seed.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',').map((s) => s.trim());
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const PROBE_SECONDS = Number(process.env.BENCH_PROBE ?? 5);
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

interface Probe {
  health: number[];
  page: number[];
}

/** Asks for the health check and an article's page in turn, one at a time, until `until` resolves. */
async function probeWhile(base: string, headers: Record<string, string>, articleId: string, until: Promise<unknown>): Promise<Probe> {
  const probe: Probe = { health: [], page: [] };
  let done = false;
  void until.finally(() => (done = true));
  while (!done) {
    for (const [url, times] of [[`${base}/api/health`, probe.health], [`${base}/api/articles/${articleId}`, probe.page]] as const) {
      const started = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      times.push(performance.now() - started);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return probe;
}

const worst = (times: number[]) => (times.length ? Math.max(...times) : Number.NaN);
const p99 = (times: number[]) => (times.length ? [...times].sort((a, b) => a - b)[Math.floor(0.99 * (times.length - 1))]! : Number.NaN);
const probeText = (p: Probe) =>
  `health worst ${fmt(worst(p.health), 0)} ms (p99 ${fmt(p99(p.health), 0)}), article page worst ${fmt(worst(p.page), 0)} ms (p99 ${fmt(p99(p.page), 0)}), ${p.health.length} probes`;

async function open(backend: string, dataDir: string): Promise<{ db: Database; databaseUrl?: string }> {
  if (backend === 'pglite') return { db: await createPgliteDatabase(path.join(dataDir, 'db')) };
  const databaseUrl = await createBenchDatabase(PG_URL, 'bench_search');
  return { db: await createPostgresDatabase({ connectionString: databaseUrl }), databaseUrl };
}

/**
 * Two words that follow each other in a few percent of the articles: each article's raw text is
 * 10 of the pool's paragraphs (seed.ts), so a pair in 8 of its 4,000 paragraphs is in about 2% of
 * them, more where it also spans two sentences (the bench prints the share it finds: 3.2%). The
 * phrase dearest to read: its articles are too many to take from its word pairs alone and too
 * few to fill a page among the newest.
 */
function rarePhrase(): string {
  const inParagraphs = new Map<string, number>();
  for (const paragraph of paragraphs(POOL_PARAGRAPHS)) {
    const pairs = new Set<string>();
    for (const sentence of paragraph.toLowerCase().split('.')) {
      const words = sentence.replace(/[^\p{L}\p{N} ]/gu, '').split(/\s+/).filter(Boolean);
      for (let i = 1; i < words.length; i++) if (words[i - 1]!.length > 3 && words[i]!.length > 3) pairs.add(`${words[i - 1]} ${words[i]}`);
    }
    for (const pair of pairs) inParagraphs.set(pair, (inParagraphs.get(pair) ?? 0) + 1);
  }
  // The first such pair in the pool's order: the same one on every run.
  return [...inParagraphs].find(([, n]) => n === 8)![0];
}

/**
 * The search terms, in every shape admins type them: one word (matching one article, one in ten,
 * every article), two words, a quoted phrase (in 7% of the articles, and in 3%), a pasted slug, a
 * host, a pasted URL, a hyphenated term matching nothing, and no match at all; and the rarer
 * phrase's words, whose share the bench prints.
 */
async function terms(db: Database) {
  // A slug's last part is its row number: unique once it has 5 digits (no other text has numbers that long).
  const { rows } = await db.query<{ slug: string; scraped_url: string }>(
    "SELECT slug, scraped_url FROM articles WHERE slug ~ '-[0-9]{5}$' ORDER BY created_at DESC OFFSET 7 LIMIT 1",
  );
  const article = rows[0] ?? { slug: 'travel-notes-12345', scraped_url: 'https://news.example.com/travel/travel-notes-12345.html' };
  const one = article.slug.split('-').at(-1)!;
  // Two words that follow each other in a paragraph of the prose pool (seed.ts builds raw text from it).
  const words = paragraphs(1)[0]!.split(/\s+/).slice(3, 5).join(' ').replace(/[^\p{L}\p{N} ]/gu, '');
  const host = new URL(article.scraped_url).host;
  const rare = rarePhrase();
  const cases = [
    ['list (no q)', ''],
    [`one match: q=${one}`, one],
    [`one word, 1 in 10: q=${COMMON_TERM}`, COMMON_TERM],
    ['every article: q=the', 'the'],
    ['every article, part of a word in the URL: q=example', 'example'],
    [`two words: q=${words}`, words],
    [`phrase: q="${words}"`, `"${words}"`],
    [`phrase in 3% of articles: q="${rare}"`, `"${rare}"`],
    [`pasted slug: q=${article.slug}`, article.slug],
    [`host of every article: q=${host}`, host],
    ['pasted URL (one article)', article.scraped_url],
    ['hyphenated, no match: q=the-and-of', 'the-and-of'],
    ['no match: q=qzxvbnm', 'qzxvbnm'],
  ] as const;
  return { cases, rare };
}

/**
 * The least the database itself does, in the same run, for two answers: the list's page, and the
 * exact counts per status of the 3% phrase (its matches through the pair index, each one's row
 * read for its status and whether it is in the trash: the thinnest statement that counts them
 * exactly). Each is run alone from CONNECTIONS clients for SECONDS s, no server: its statements a
 * second, p99, and the database's CPU per statement (PostgreSQL's backends, or this process with
 * PGlite's thread). The ratio of the two is the most any search that counts this phrase exactly
 * can reach beside the list.
 */
async function databaseFloors(db: Database, databaseUrl: string | undefined, rare: string) {
  const statements = [
    [
      'list: a page of 51 cards, newest first',
      'SELECT id, slug, title, status, created_at, updated_at FROM articles WHERE deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 51',
      [],
    ],
    [
      `exact counts of "${rare}" per status`,
      `SELECT count(*) FILTER (WHERE status = 'published') AS published, count(*) FILTER (WHERE status = 'draft') AS draft
         FROM articles WHERE article_word_pairs(search_vector) @@ $1::tsquery AND deleted_at IS NULL`,
      [`'${rare}'`],
    ],
  ] as const;
  const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS }) : undefined;
  const pgAdmin = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
  await pgAdmin?.connect();
  const run = async (sql: string, params: readonly unknown[], seconds: number) => {
    const times: number[] = [];
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const started = performance.now();
          await (pool ? pool.query(sql, [...params]) : db.query(sql, [...params]));
          times.push(performance.now() - started);
        }
      }),
    );
    return times;
  };
  try {
    const measured: { name: string; rate: number; cpu: number }[] = [];
    console.log(`  the database alone (${CONNECTIONS} clients, ${SECONDS} s each, no server):`);
    for (const [name, sql, params] of statements) {
      await run(sql, params, WARMUP);
      const [own0, pg0] = [process.cpuUsage(), await pgBackendCpu(pgAdmin)];
      const times = await run(sql, params, SECONDS);
      const [own1, pg1] = [process.cpuUsage(own0), await pgBackendCpu(pgAdmin)];
      const cpu = (pgAdmin ? pgCpuSpent(pg0, pg1) : (own1.user + own1.system) / 1000) / times.length;
      measured.push({ name, rate: times.length / SECONDS, cpu });
      const label = pgAdmin ? 'PostgreSQL' : 'this process, PGlite included';
      console.log(`    ${name}: ${fmt(times.length / SECONDS, 0)}/s, p99 ${fmt(p99(times), 1)} ms, CPU ${fmt(cpu, 2)} ms (${label})`);
    }
    const [list, counts] = measured as [(typeof measured)[0], (typeof measured)[0]];
    console.log(`    the exact counts beside the list: ${fmt(counts.rate / list.rate, 2)}× its statements a second, ${fmt(counts.cpu / list.cpu, 1)} times its CPU`);
  } finally {
    await pool?.end();
    await pgAdmin?.end();
  }
}

const SEEDED_URL = process.env.BENCH_SEEDED_URL;
const PGLITE_DIR = process.env.BENCH_PGLITE_DIR;

async function bench(backend: string) {
  const kept = backend === 'pglite' ? PGLITE_DIR : undefined;
  const dataDir = kept ?? (await mkdtemp(path.join(os.tmpdir(), `bench-search-${backend}-`)));
  if (!kept) onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const reuse = backend === 'postgres' && SEEDED_URL;
  const { db, databaseUrl } = reuse
    ? { db: await createPostgresDatabase({ connectionString: SEEDED_URL }), databaseUrl: SEEDED_URL }
    : await open(backend, dataDir);
  let cases: Awaited<ReturnType<typeof terms>>['cases'];
  try {
    await migrate(db);
    const seeded = (kept || reuse) && Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM articles')).rows[0]!.n) >= ROWS;
    if (seeded) console.log(`\n=== ${backend}: the library already seeded at ${reuse ? SEEDED_URL : kept}`);
    else {
    const seed = await seedLibrary(db, ROWS, () => {});
    console.log(
      `\n=== ${backend}: ${ROWS.toLocaleString('en-US')} articles seeded in ${fmt(seed.seconds)} s ` +
        `(blog HTML ${fmt(seed.avgHtml / 1024)} KB, raw text ${fmt(seed.avgText / 1024)} KB on average; ` +
        `articles with TOAST and indexes ${fmt(seed.articleBytes / 1024 / 1024, 0)} MB)`,
    );
    }
    let rare: string;
    ({ cases, rare } = await terms(db));
    const share = await db.query<{ n: string; total: string }>(
      "SELECT (SELECT count(*) FROM articles WHERE search_vector @@ phraseto_tsquery('simple', $1)) AS n, (SELECT count(*) FROM articles) AS total",
      [rare],
    );
    const { n, total } = share.rows[0]!;
    console.log(`  the phrase "${rare}" is in ${Number(n).toLocaleString('en-US')} of ${Number(total).toLocaleString('en-US')} articles (${fmt((100 * Number(n)) / Number(total), 1)}%)`);
    await databaseFloors(db, databaseUrl, rare);
  } finally {
    await db.close();
  }

  const port = await freePort();
  const server = await startServer({ port, dataDir, ...(databaseUrl ? { databaseUrl } : {}), ...ADMIN }, path.join(dataDir, 'server.log'));
  // A client on the same database: it reads which backends answer, for their CPU.
  const pgAdmin = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
  await pgAdmin?.connect();
  try {
    const headers = { authorization: `Bearer ${await signIn(server.base, ADMIN.email, ADMIN.password)}` };
    const results: { name: string; rps: number; p50: number; p99: number; bad: number; found: string; cpu: number }[] = [];
    for (const [name, q] of cases) {
      const url = `${server.base}/api/articles/admin/articles${q ? `?q=${encodeURIComponent(q)}` : ''}`;
      const res = await fetch(url, { headers });
      if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
      const page = articleListResultSchema.parse(await res.json());
      const r = await measureWithCpu(url, server.pid, pgAdmin, { connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP, headers });
      const found = `${page.data.length} cards, ${q ? formatSearchCount(page.counts.all) : page.counts.all.toLocaleString('en-US')} found`;
      // No answer in the run (every request timed out): no CPU per request to tell.
      const cpu = r.requests > 0 ? r.nodeCpu + (r.pgCpu ?? 0) : Number.NaN;
      results.push({ name, rps: r.rps, p50: r.p50, p99: r.p99, bad: r.errors + r.non2xx, found, cpu });
      const split = r.pgCpu === undefined ? '' : ` (server ${fmt(r.nodeCpu, 2)} + PostgreSQL ${fmt(r.pgCpu, 2)})`;
      console.log(`  ${name}: ${fmt(r.rps, 0)} req/s, p99 ${r.p99} ms, CPU ${fmt(cpu, 2)} ms/req${split}`);
    }
    if (PROBE_SECONDS > 0) {
      const { rows } = await fetch(`${server.base}/api/articles/admin/articles?limit=1`, { headers })
        .then((r) => r.json() as Promise<{ data: { id: string }[] }>)
        .then((page) => ({ rows: page.data }));
      const articleId = rows[0]!.id;
      console.log(`\n${backend}: the health check and an article's page, asked one at a time while admins search (${PROBE_SECONDS} s each)`);
      const idle = await probeWhile(server.base, headers, articleId, new Promise((resolve) => setTimeout(resolve, PROBE_SECONDS * 1000)));
      console.log(`  nobody searching: ${probeText(idle)}`);
      for (const [name, q] of cases) {
        if (!q) continue;
        const url = `${server.base}/api/articles/admin/articles?q=${encodeURIComponent(q)}`;
        for (const admins of [1, 5]) {
          const searching = load(url, { connections: admins, seconds: PROBE_SECONDS, warmupSeconds: 0, headers });
          const probe = await probeWhile(server.base, headers, articleId, searching);
          const r = await searching;
          console.log(`  ${name}, ${admins} admin${admins > 1 ? 's' : ''} searching (${fmt(r.rps, 0)} req/s, p99 ${r.p99} ms): ${probeText(probe)}`);
        }
      }
    }
    const list = results[0]!;
    const cols = [52, 9, 8, 8, 8, 10, 12, 12];
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(cols[0]!) : c.padStart(cols[i]!))).join(' ');
    console.log(`\n${backend}: ${CONNECTIONS} connections, ${SECONDS} s per case (${WARMUP} s warm-up), first page of 50`);
    console.log(
      `"CPU ms/req": the server's${databaseUrl ? " and PostgreSQL's backends'" : ''} CPU per request; "× list (CPU)": the list's CPU per request ÷ the case's.`,
    );
    console.log(line(['case', 'req/s', 'p50 ms', 'p99 ms', 'errors', '× list', 'CPU ms/req', '× list (CPU)']) + '   result');
    for (const r of results) {
      console.log(
        line([
          r.name,
          fmt(r.rps, 0),
          r.rps > 0 ? String(r.p50) : '–',
          r.rps > 0 ? String(r.p99) : '–',
          String(r.bad),
          `${fmt(r.rps / list.rps, 2)}×`,
          Number.isNaN(r.cpu) ? '–' : fmt(r.cpu, 2),
          Number.isNaN(r.cpu) ? '–' : `${fmt(list.cpu / r.cpu, 2)}×`,
        ]) +
          `   ${r.found}`,
      );
    }
  } finally {
    await pgAdmin?.end();
    await server.stop();
  }
}

runMain(async () => {
  console.log(`bench:search — ${BACKENDS.join(', ')}; ${os.cpus().length} cores; ${ROWS.toLocaleString('en-US')} articles`);
  for (const backend of BACKENDS) await bench(backend);
});

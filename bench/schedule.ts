/**
 * Scheduled publishing at scale, on PostgreSQL with two server processes (server/main.ts, each
 * its own process, both running the scheduler on the same database):
 *
 * 1,000 drafts of a seeded library (about 12 KB of HTML each) are scheduled through the API
 * (bulk `schedule`, 500 at a time) for the same second, BENCH_LEAD_S seconds ahead. The
 * database is then read every 50 ms: when was the last of them published, after that second?
 * Then each article must have been published exactly once: one `scheduled_publish` revision
 * each, one activity entry each, and the two processes' logs ("scheduled changes made") must
 * add up to 1,000 between them.
 *
 * The floor, in the same run on the same database: another 1,000 drafts published by the
 * thinnest code that does it, one UPDATE of their status (no revision, no activity, no event:
 * the history check switched off for it).
 *
 *   npm run bench:schedule
 *   BENCH_ARTICLES=1000 BENCH_LEAD_S=20 npm run bench:schedule
 *
 * Knobs: BENCH_ARTICLES (1000), BENCH_LEAD_S (20), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432;
 * a fresh database bench_schedule_<time>, dropped after).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { createBenchDatabase, fmt, freePort, onCleanup, runMain, signIn, startServer } from './http/process.ts';
import { seedLibrary } from './http/seed.ts';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 1_000);
const LEAD_S = Number(process.env.BENCH_LEAD_S ?? 20);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };
/** The bound: every article published within this long of its time. */
const WITHIN_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const databaseUrl = await createBenchDatabase(PG_URL, 'bench_schedule');
  const db = await createPostgresDatabase({ connectionString: databaseUrl, max: 4 });
  onCleanup(() => db.close());
  await migrate(db);
  // Two in three seeded articles are drafts: enough for the run and for the floor.
  const seed = await seedLibrary(db, Math.ceil((ARTICLES * 2 * 3) / 2) + 30, () => {});
  const drafts = (await db.query<{ id: string }>(`SELECT id FROM articles WHERE status = 'draft' ORDER BY id LIMIT $1`, [ARTICLES * 2])).rows.map(
    (r) => r.id,
  );
  const [scheduled, floorIds] = [drafts.slice(0, ARTICLES), drafts.slice(ARTICLES)];
  console.log(
    `PostgreSQL ${databaseUrl}: ${seed.articleSeconds.toFixed(1)} s to seed; articles of ${fmt(seed.avgHtml / 1024)} KB of HTML and ${fmt(seed.avgText / 1024)} KB of text on average`,
  );

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-schedule-'));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const logs = [path.join(dataDir, 'a.log'), path.join(dataDir, 'b.log')];
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  for (const log of logs) {
    servers.push(
      await startServer(
        { port: await freePort(), dataDir, databaseUrl, email: ADMIN.email, password: ADMIN.password, extra: { LOG_LEVEL: 'info' } },
        log,
      ),
    );
  }
  onCleanup(async () => {
    for (const server of servers) await server.stop();
  });
  const token = await signIn(servers[0]!.base, ADMIN.email, ADMIN.password);

  const due = new Date(Math.ceil((Date.now() + LEAD_S * 1000) / 1000) * 1000);
  for (let i = 0; i < scheduled.length; i += 500) {
    const res = await fetch(`${servers[i % 2]!.base}/api/articles/bulk`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'schedule', ids: scheduled.slice(i, i + 500), publishAt: due.toISOString(), timeZone: 'UTC' }),
    });
    const body = (await res.json()) as { changed?: string[] };
    if (res.status !== 200 || body.changed?.length !== Math.min(500, scheduled.length - i)) {
      throw new Error(`bulk schedule: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    }
  }
  console.log(`${scheduled.length} articles scheduled for ${due.toISOString()} (${((due.getTime() - Date.now()) / 1000).toFixed(1)} s ahead), two server processes`);

  // Read every 50 ms from the due second on: when is the last one published?
  await sleep(Math.max(0, due.getTime() - Date.now() - 200));
  let firstSeen: number | undefined;
  let lastSeen: number | undefined;
  while (Date.now() < due.getTime() + 30_000) {
    const { rows } = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM articles WHERE id = ANY($1) AND status = 'published'`, [
      scheduled,
    ]);
    const n = Number(rows[0]!.n);
    if (n > 0 && firstSeen === undefined) firstSeen = Date.now();
    if (n === scheduled.length) {
      lastSeen = Date.now();
      break;
    }
    await sleep(50);
  }
  if (lastSeen === undefined) throw new Error('not every article was published within 30 s of its time');

  // Exactly once: revisions, activity entries, and the two processes' logs.
  const once = await db.query<{ revisions: number | string; twice: number | string; activity: number | string; last: Date }>(
    `SELECT (SELECT count(*) FROM article_revisions WHERE action = 'scheduled_publish' AND article_id = ANY($1)) AS revisions,
            (SELECT count(*) FROM (SELECT article_id FROM article_revisions WHERE action = 'scheduled_publish' AND article_id = ANY($1)
                                     GROUP BY article_id HAVING count(*) > 1) t) AS twice,
            (SELECT count(*) FROM activity WHERE message LIKE '% published as scheduled') AS activity,
            (SELECT max(created_at) FROM article_revisions WHERE action = 'scheduled_publish') AS last`,
    [scheduled],
  );
  await sleep(1_500); // the log lines of the last batch
  const perProcess: number[] = [];
  for (const log of logs) {
    const lines = (await readFile(log, 'utf8')).split('\n').filter((l) => l.includes('"scheduled changes made"'));
    perProcess.push(lines.reduce((sum, l) => sum + Number((JSON.parse(l) as { published?: number }).published ?? 0), 0));
  }
  const row = once.rows[0]!;

  // The floor: the same number of drafts published by one bare UPDATE.
  const floorStarted = performance.now();
  await db.transaction(async (tx) => {
    await tx.query(`SET LOCAL history.off = 'on'`);
    await tx.query(`UPDATE articles SET status = 'published', version = version + 1, updated_at = now() WHERE id = ANY($1)`, [floorIds]);
  });
  const floorMs = performance.now() - floorStarted;

  const lastMs = lastSeen - due.getTime();
  console.log('');
  console.log(`all ${scheduled.length} published ${fmt(lastMs / 1000, 2)} s after their time (bound: ${WITHIN_MS / 1000} s): ${lastMs <= WITHIN_MS ? 'within' : 'OVER'}`);
  console.log(`  first seen published ${fmt(((firstSeen ?? lastSeen) - due.getTime()) / 1000, 2)} s after it; the last revision written at ${new Date(row.last).toISOString()}`);
  console.log(`  the work: ${fmt((lastSeen - (firstSeen ?? lastSeen)) / 1000, 2)} s from the first seen to the last (revisions, activity, events, 100 per transaction)`);
  console.log(`  floor: one UPDATE of ${floorIds.length} drafts' status, nothing else: ${fmt(floorMs / 1000, 2)} s`);
  console.log(
    `exactly once: ${row.revisions} scheduled_publish revisions (${row.twice} articles with more than one), ${row.activity} activity entries; ` +
      `process logs: ${perProcess.join(' + ')} = ${perProcess.reduce((a, b) => a + b, 0)}`,
  );
  const ok =
    lastMs <= WITHIN_MS &&
    Number(row.revisions) === scheduled.length &&
    Number(row.twice) === 0 &&
    Number(row.activity) === scheduled.length &&
    perProcess.reduce((a, b) => a + b, 0) === scheduled.length;
  if (!ok) {
    console.error('FAIL: not every article published once within the bound, or the logs disagree');
    process.exitCode = 1;
  }
}

runMain(main);

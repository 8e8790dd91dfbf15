/**
 * The team's workflow, live: how soon a mention reaches the bell, and how fast the calendar of a
 * full month answers. The real server (server/main.ts) in its own process: two of them on one
 * PostgreSQL database, and one on the embedded database (PGlite, one process only).
 *
 * 1. Mentions. BENCH_ACCOUNTS accounts are created by the admin over HTTP (POST /api/users),
 *    each signs in with its one-time password and chooses its own (POST /api/auth/password);
 *    each then holds its bell's stream (GET /api/notifications/stream, server-sent events), half
 *    on process A and half on process B. The admin posts BENCH_MENTIONS comments through process
 *    A (POST /api/articles/:id/comments), each mentioning one account by its email (in turn),
 *    BENCH_CONCURRENCY at a time. Each mention's delivery: from sending the POST to the mentioned
 *    account's stream hearing a `notifications` event with a higher `unread`. Bar: p99 ≤ 1,000 ms.
 *    Floors in the same run: the POST's own answer, and GET /api/health (sequential, both
 *    processes, the streams open).
 * 2. The calendar. 2 × BENCH_ENTRIES seeded articles of real size (bench/http/seed.ts), half of
 *    them with one entry each (a planned day, a scheduled publish or a scheduled unpublish) in one
 *    future month, the other half outside it; 500 of the month's articles assigned (PATCH
 *    /api/articles/:id over HTTP). GET /api/calendar?from&to for the month on process A, with one
 *    connection (one console opening it; the bar: p99 ≤ 50 ms) and with 10 (requests/s): answers
 *    the process keeps until a change; then the first read after each change (a planned day moved
 *    over HTTP, then the month read: nothing kept), and with two processes how long a move
 *    answered by A takes to show on B's calendar (B hears the database's notice),
 *    autocannon in its own process; with one connection also the CPU each request cost the server
 *    and PostgreSQL's backends (read from /proc: steadier than time on a shared machine). Floors
 *    in the same run: GET /api/health and GET /api/auth/me (signed in, little read) the same way;
 *    and, once the server stopped, in this process: the same rows read by a lean statement, the
 *    calendar's own statement (the answer written as JSON by the database, as the server sends
 *    it), and the same answer made JSON by JSON.stringify from values already in hand.
 *
 *   npm run bench:workflow
 *   BENCH_BACKENDS=postgres BENCH_MENTIONS=1000 npm run bench:workflow
 *
 * Knobs: BENCH_BACKENDS (postgres,pglite), BENCH_ACCOUNTS (50), BENCH_MENTIONS (300),
 * BENCH_CONCURRENCY mentions in flight (5), BENCH_ENTRIES (5000), BENCH_DURATION seconds per
 * calendar or health measurement (10), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432; a fresh
 * database bench_workflow_<time>, dropped after).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CALENDAR_MAX_ENTRIES, NOTIFICATIONS_KEPT } from '../src/contract/index.ts';
import { createPgliteDatabase, createPostgresDatabase, type Database } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { calendarEntries, calendarJson } from '../server/repositories/calendar.ts';
import pg from 'pg';
import { createBenchDatabase, fmt, freePort, load, measureWithCpu, onCleanup, runMain, signIn, startServer, type LoadResult } from './http/process.ts';
import { seedLibrary } from './http/seed.ts';

type Backend = 'postgres' | 'pglite';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',').map((b) => b.trim()) as Backend[];
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 50);
const MENTIONS = Number(process.env.BENCH_MENTIONS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 5);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 5_000);
const SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };
const MEMBER_PASSWORD = 'bench-member-password-1';
/** The bars. */
const MENTION_P99_MS = 1_000;
const CALENDAR_P99_MS = 50;
/** Reads of the month right after a change (nothing kept), and moves watched from the other process. */
const COLD_READS = 100;
const SEEN_ELSEWHERE = 30;
/** A mention not heard within this long counts as lost. */
const MENTION_TIMEOUT_MS = 15_000;
/** Articles of the month given an assignee (over HTTP). */
const ASSIGNED = Math.min(500, ENTRIES);
/** Runs of each statement timed in this process. */
const SQL_RUNS = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs: readonly number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? NaN;
};
const ms = (x: number) => fmt(x, 1);
const verdict = (value: number, bar: number) => (value <= bar ? 'PASS' : 'OVER');

type Server = Awaited<ReturnType<typeof startServer>>;

/** Runs `fn` over `items`, `width` at a time. */
async function pool<T>(items: readonly T[], width: number, fn: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

async function api<T>(base: string, token: string, method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

/** Fails unless the answer has the status expected. */
function expect(what: string, answer: { status: number; json: unknown }, status: number) {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
}

/** The month the calendar shows: the one after next (UTC), so that every scheduled time is ahead. */
function benchMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { from: day(first), to: day(last), days: last.getUTCDate() };
}

/**
 * The calendar's entries, in SQL on the seeded library: the first ENTRIES articles (by id) one
 * entry each in the month (a planned day, every other one; otherwise a draft's scheduled publish
 * or a published article's scheduled unpublish, at some minute of its day, UTC), the others one
 * entry each outside it (planned days in the five months before, schedules a few days after).
 */
async function seedCalendar(db: Database, month: ReturnType<typeof benchMonth>) {
  // g.n: the article's place by id; the first ENTRIES are the month's.
  const day = `CASE WHEN g.n < $3 THEN $1::date + (g.n % ${month.days})::int ELSE $2::date + (3 + g.n % 20)::int END`;
  const at = `(${day})::timestamp AT TIME ZONE 'UTC' + ((g.n * 37) % 1440) * interval '1 minute'`;
  await db.query(
    `UPDATE articles a SET
        planned_on = CASE WHEN g.n % 2 = 0 THEN
                       CASE WHEN g.n < $3 THEN $1::date + (g.n % ${month.days})::int ELSE $1::date - (3 + g.n % 150)::int END END,
        publish_at = CASE WHEN g.n % 2 = 1 AND g.status = 'draft' THEN ${at} END,
        unpublish_at = CASE WHEN g.n % 2 = 1 AND g.status = 'published' THEN ${at} END,
        schedule_tz = CASE WHEN g.n % 2 = 1 THEN 'UTC' END,
        schedule_by = CASE WHEN g.n % 2 = 1 THEN $4 END
       FROM (SELECT id, status, row_number() OVER (ORDER BY id) - 1 AS n FROM articles) g
      WHERE g.id = a.id`,
    [month.from, month.to, ENTRIES, ADMIN.email],
  );
  await db.query('VACUUM ANALYZE articles');
  const { rows } = await db.query<{ planned: string | number; publish: string | number; unpublish: string | number }>(
    `SELECT count(*) FILTER (WHERE planned_on BETWEEN $1::date AND $2::date) AS planned,
            count(*) FILTER (WHERE publish_at >= $1::date AND publish_at < $2::date + 1) AS publish,
            count(*) FILTER (WHERE unpublish_at >= $1::date AND unpublish_at < $2::date + 1) AS unpublish
       FROM articles`,
    [month.from, month.to],
  );
  return { planned: Number(rows[0]!.planned), publish: Number(rows[0]!.publish), unpublish: Number(rows[0]!.unpublish) };
}

/** The month's entries, read as leanly as they can be: the three ranges, id and time only, unsorted. */
const LEAN_SQL = `SELECT id, planned_on::timestamptz AS t FROM articles WHERE planned_on BETWEEN $1::date AND $2::date AND deleted_at IS NULL
  UNION ALL SELECT id, publish_at FROM articles
   WHERE publish_at >= $1::date - interval '14 hours' AND publish_at < $2::date + interval '1 day 14 hours' AND deleted_at IS NULL
  UNION ALL SELECT id, unpublish_at FROM articles
   WHERE unpublish_at >= $1::date - interval '14 hours' AND unpublish_at < $2::date + interval '1 day 14 hours' AND deleted_at IS NULL`;

async function timeRuns(runs: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times;
}

/** One account's bell: its stream read until aborted, each `notifications` event's count and when it came. */
class Bell {
  unread = -1;
  private waiters: { above: number; resolve: (at: number) => void }[] = [];
  private first!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.first = resolve));
  events = 0;

  constructor(
    readonly email: string,
    readonly base: string,
    private readonly token: string,
  ) {}

  async open(signal: AbortSignal) {
    const res = await fetch(`${this.base}/api/notifications/stream`, { headers: { authorization: `Bearer ${this.token}` }, signal });
    if (!res.ok || !res.body) throw new Error(`${this.email}'s stream: ${res.status} ${await res.text()}`);
    void (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        const now = performance.now();
        buffer += chunk.value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          this.heard(block, now);
        }
      }
    })().catch(() => {});
  }

  private heard(block: string, at: number) {
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    if (event !== 'notifications' || !data) return;
    const { unread } = JSON.parse(data) as { unread: number };
    this.events++;
    this.unread = unread;
    this.first();
    this.waiters = this.waiters.filter((w) => {
      if (unread <= w.above) return true;
      w.resolve(at);
      return false;
    });
  }

  /** When a count above the current one is heard (performance.now()), or undefined after `timeoutMs`. */
  next(timeoutMs: number): Promise<number | undefined> {
    const above = this.unread;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(undefined);
      }, timeoutMs);
      const waiter = {
        above,
        resolve: (at: number) => {
          clearTimeout(timer);
          resolve(at);
        },
      };
      this.waiters.push(waiter);
    });
  }
}

/** Sequential GET /api/health on each server in turn: each round trip, ms. */
async function healthRoundTrips(servers: readonly Server[], count: number) {
  const times: number[] = [];
  for (let i = 0; i < count + 10; i++) {
    const t = performance.now();
    const res = await fetch(`${servers[i % servers.length]!.base}/api/health`);
    await res.arrayBuffer();
    if (i >= 10) times.push(performance.now() - t);
  }
  return times;
}

type Measured = Awaited<ReturnType<typeof measureWithCpu>>;

interface Figures {
  backend: Backend;
  processes: number;
  /** The machine's load average (1 minute) at the end of each part: it is shared. */
  mentions: { delivery: number[]; post: number[]; health: number[]; lost: number; beforeAnswer: number; wall: number; events: number; load: number };
  calendar: {
    load: number;
    entries: number;
    bytes: number;
    one: Measured;
    ten: LoadResult;
    healthOne: Measured;
    healthTen: LoadResult;
    meOne: Measured;
    cold: number[];
    seenElsewhere: number[];
    lean: number[];
    own: number[];
    stringify: number[];
    rows: number;
  };
}

async function runBackend(backend: Backend): Promise<Figures> {
  const month = benchMonth();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-workflow-${backend}-`));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  const openDb = () => (databaseUrl ? createPostgresDatabase({ connectionString: databaseUrl, max: 4 }) : createPgliteDatabase(path.join(dataDir, 'db')));
  if (backend === 'postgres') databaseUrl = await createBenchDatabase(PG_URL, 'bench_workflow');

  // The library and the calendar's entries, before the server starts (PGlite: one process).
  let db = await openDb();
  await migrate(db);
  const seeded = await seedLibrary(db, ENTRIES * 2, () => {});
  const counts = await seedCalendar(db, month);
  const monthIds = (await db.query<{ id: string }>('SELECT id FROM articles ORDER BY id LIMIT $1', [ENTRIES])).rows.map((r) => r.id);
  await db.close();
  console.log(
    `\n${backend}: ${fmt(ENTRIES * 2, 0)} articles seeded in ${fmt(seeded.seconds)} s (${fmt(seeded.avgHtml / 1024)} KB of HTML each); ` +
      `${month.from}..${month.to}: ${counts.planned} planned days, ${counts.publish} scheduled publishes, ${counts.unpublish} scheduled unpublishes`,
  );

  const processes = backend === 'postgres' ? 2 : 1;
  const servers: Server[] = [];
  onCleanup(async () => {
    for (const server of servers) await server.stop();
  });
  for (let i = 0; i < processes; i++) {
    servers.push(
      await startServer(
        { port: await freePort(), dataDir, ...(databaseUrl ? { databaseUrl } : {}), email: ADMIN.email, password: ADMIN.password, extra: { LOG_LEVEL: 'warn' } },
        path.join(dataDir, `server-${'AB'[i]}.log`),
      ),
    );
  }
  const [a] = servers as [Server];
  const admin = await signIn(a.base, ADMIN.email, ADMIN.password);

  // The accounts, as an admin adds them; each signs in and chooses its password (two at a time: hashing).
  const members = Array.from({ length: ACCOUNTS }, (_, i) => ({ email: `member-${String(i).padStart(3, '0')}@bench.example.com`, id: '', token: '' }));
  const t0 = performance.now();
  await pool(members, 2, async (member) => {
    const created = await api<{ data: { id: string }; password: string }>(a.base, admin, 'POST', '/api/users', { email: member.email, role: 'author' });
    expect(`POST /api/users ${member.email}`, created, 201);
    member.id = created.json.data.id;
    member.token = await signIn(a.base, member.email, created.json.password);
    const changed = await api(a.base, member.token, 'POST', '/api/auth/password', { currentPassword: created.json.password, newPassword: MEMBER_PASSWORD });
    expect(`POST /api/auth/password ${member.email}`, changed, 204);
  });
  console.log(`${ACCOUNTS} accounts created, signed in and given their own password over HTTP in ${fmt((performance.now() - t0) / 1000)} s`);

  // Some of the month's articles assigned, as the console assigns them (before the bells open: each tells its assignee).
  await pool(monthIds.slice(0, ASSIGNED), 4, async (id, i) => {
    const answer = await api(a.base, admin, 'PATCH', `/api/articles/${id}`, { assigneeId: members[i % members.length]!.id });
    expect(`PATCH /api/articles/${id}`, answer, 200);
  });

  // The bells: half on each process.
  const controller = new AbortController();
  const bells = members.map((m, i) => new Bell(m.email, servers[i % servers.length]!.base, m.token));
  await Promise.all(bells.map((bell) => bell.open(controller.signal)));
  await Promise.all(bells.map((bell) => bell.opened));
  await sleep(1_000);

  // The floor: health round trips with the streams open, before the mentions.
  const health = await healthRoundTrips(servers, 300);

  // The mentions, through process A, CONCURRENCY at a time, each account in turn.
  const articles = monthIds.slice(0, 10);
  const delivery: number[] = [];
  const post: number[] = [];
  let lost = 0;
  let beforeAnswer = 0;
  const eventsBefore = bells.reduce((n, b) => n + b.events, 0);
  const started = performance.now();
  await pool(
    Array.from({ length: MENTIONS }, (_, i) => i),
    CONCURRENCY,
    async (i) => {
      const bell = bells[i % bells.length]!;
      const heard = bell.next(MENTION_TIMEOUT_MS);
      const sent = performance.now();
      const answer = await api(a.base, admin, 'POST', `/api/articles/${articles[i % articles.length]}/comments`, {
        body: `Could you look at the second paragraph, @${bell.email}? (${i})`,
      });
      const answered = performance.now();
      expect('POST /api/articles/:id/comments', answer, 201);
      post.push(answered - sent);
      const at = await heard;
      if (at === undefined) lost++;
      else {
        delivery.push(at - sent);
        if (at <= answered) beforeAnswer++;
      }
    },
  );
  const wall = performance.now() - started;
  const loadMentions = os.loadavg()[0]!;
  const events = bells.reduce((n, b) => n + b.events, 0) - eventsBefore;
  controller.abort();
  await sleep(500);

  // The calendar of the month, on process A.
  const url = `${a.base}/api/calendar?from=${month.from}&to=${month.to}`;
  const check = await api<{ data: unknown[]; truncated: boolean }>(a.base, admin, 'GET', `/api/calendar?from=${month.from}&to=${month.to}`);
  expect('GET /api/calendar', check, 200);
  const bytes = JSON.stringify(check.json).length;
  if (check.json.truncated) console.log(`(the calendar says it is truncated: more than ${CALENDAR_MAX_ENTRIES} entries)`);
  const headers = { authorization: `Bearer ${admin}` };
  // One connection: also the CPU each request cost the server (and PostgreSQL's backends), steadier than time on a shared machine.
  let pgAdmin: pg.Client | undefined;
  if (databaseUrl) {
    pgAdmin = new pg.Client({ connectionString: databaseUrl });
    await pgAdmin.connect();
  }
  const single = { connections: 1, seconds: SECONDS, warmupSeconds: 2 };
  const healthOne = await measureWithCpu(`${a.base}/api/health`, a.pid, pgAdmin, single);
  const meOne = await measureWithCpu(`${a.base}/api/auth/me`, a.pid, pgAdmin, { ...single, headers });
  const one = await measureWithCpu(url, a.pid, pgAdmin, { ...single, headers });
  await pgAdmin?.end();
  const healthTen = await load(`${a.base}/api/health`, { connections: 10, seconds: SECONDS, warmupSeconds: 2 });
  const ten = await load(url, { connections: 10, seconds: SECONDS, warmupSeconds: 2, headers });
  for (const [what, r] of [['calendar', one], ['calendar', ten], ['health', healthOne], ['health', healthTen], ['me', meOne]] as const) {
    if (r.errors || r.non2xx) throw new Error(`${what}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
  }

  // The answers above are kept by the process (server/articles/calendarCache.ts). The first read
  // after a change is not: an article's planned day moved over HTTP, then the month read on the
  // same process, COLD_READS times in turn (only the read timed).
  const moved = monthIds[0]!; // a planned day (seedCalendar: every other article)
  const dayOf = (i: number) => `${month.from.slice(0, 8)}${String(2 + (i % 20)).padStart(2, '0')}`;
  const move = async (server: Server, i: number) => expect('PATCH plannedAt', await api(server.base, admin, 'PATCH', `/api/articles/${moved}`, { plannedAt: dayOf(i) }), 200);
  const read = async (server: Server) => {
    const res = await fetch(`${server.base}/api/calendar?from=${month.from}&to=${month.to}`, { headers });
    if (res.status !== 200) throw new Error(`GET /api/calendar: ${res.status}`);
    return res.text();
  };
  const cold: number[] = [];
  for (let i = 0; i < COLD_READS; i++) {
    await move(a, i);
    const t = performance.now();
    await read(a);
    cold.push(performance.now() - t);
  }
  // Two processes: a move answered by A, and how long until B's calendar shows it (B hears the
  // database's notice; its kept answer goes). Read in a loop on B from A's answer on.
  const seenElsewhere: number[] = [];
  const b = servers[1];
  if (b) {
    for (let i = 0; i < SEEN_ELSEWHERE; i++) {
      await read(b); // kept on B
      await move(a, i + 1);
      const shows = new RegExp(`"articleId":"${moved}"[^}]*"day":"${dayOf(i + 1)}"`);
      const t = performance.now();
      while (!shows.test(await read(b))) if (performance.now() - t > 5_000) throw new Error('B never showed the move');
      seenElsewhere.push(performance.now() - t);
    }
  }

  const loadCalendar = os.loadavg()[0]!;
  // The floor: the same rows read in this process (the servers stopped: PGlite is one process's).
  for (const server of servers.splice(0)) await server.stop();
  db = await openDb();
  const rows = (await db.query(LEAN_SQL, [month.from, month.to])).rows.length;
  const lean = await timeRuns(SQL_RUNS, () => db.query(LEAN_SQL, [month.from, month.to]));
  // The calendar's own statement: its answer written as JSON text by the database, as the server sends it.
  const own = await timeRuns(SQL_RUNS, () => calendarJson(db, { from: month.from, to: month.to }, members[0]!.id));
  const answer = await calendarEntries(db, { from: month.from, to: month.to }, members[0]!.id);
  await db.close();
  // A floor for Node's part: the same answer made JSON by Node from values already in hand.
  const stringify = await timeRuns(SQL_RUNS, async () => JSON.stringify(answer));

  return {
    backend,
    processes,
    mentions: { delivery, post, health, lost, beforeAnswer, wall, events, load: loadMentions },
    calendar: { load: loadCalendar, entries: check.json.data.length, bytes, one, ten, healthOne, healthTen, meOne, cold, seenElsewhere, lean, own, stringify, rows },
  };
}

function report(f: Figures) {
  const { mentions: m, calendar: c } = f;
  const label = f.backend === 'postgres' ? `PostgreSQL, ${f.processes} processes` : 'PGlite, 1 process';
  console.log(`\n== ${label} ==`);
  console.log(
    `Mentions: ${m.delivery.length + m.lost} comments by the admin through process A, ${CONCURRENCY} in flight, ` +
      `each mentioning one of ${ACCOUNTS} accounts whose bells are open (${f.processes === 2 ? 'half on A, half on B' : 'all on the one process'}); ` +
      `${fmt((m.delivery.length + m.lost) / (m.wall / 1000))} comments/s; ${m.events} count events heard; load average ${fmt(m.load, 2)} at the end`,
  );
  console.log('| case | n | p50 ms | p95 ms | p99 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const row = (name: string, xs: readonly number[]) =>
    console.log(`| ${name} | ${xs.length} | ${ms(quantile(xs, 0.5))} | ${ms(quantile(xs, 0.95))} | ${ms(quantile(xs, 0.99))} | ${ms(Math.max(...xs))} |`);
  row('floor: GET /api/health, sequential', m.health);
  row("floor: POST /api/articles/:id/comments, its answer", m.post);
  row('mention: POST sent → bell heard the higher count', m.delivery);
  console.log(
    `heard before the POST's answer came: ${m.beforeAnswer} of ${m.delivery.length}; lost (not heard within ${MENTION_TIMEOUT_MS / 1000} s): ${m.lost}`,
  );
  const p99 = m.lost ? Infinity : quantile(m.delivery, 0.99);
  console.log(`${verdict(p99, MENTION_P99_MS)}: mention delivery p99 ${ms(p99)} ms (bar ${fmt(MENTION_P99_MS, 0)} ms)`);

  console.log(
    `\nCalendar: GET /api/calendar for one month, ${fmt(c.entries, 0)} entries (${fmt(c.bytes / 2 ** 20, 2)} MB of JSON), ` +
      `${fmt(ENTRIES * 2, 0)} articles; ${SECONDS} s each after 2 s thrown away; load average ${fmt(c.load, 2)} at the end`,
  );
  console.log('| case | requests | req/s | p50 ms | p99 ms | server CPU ms per request |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const cpu = (r: Measured) => (r.pgCpu === undefined ? fmt(r.nodeCpu, 2) : `${fmt(r.nodeCpu + r.pgCpu, 2)} (Node ${fmt(r.nodeCpu, 2)} + PostgreSQL ${fmt(r.pgCpu, 2)})`);
  const loadRow = (name: string, r: LoadResult | Measured) =>
    console.log(`| ${name} | ${fmt(r.requests, 0)} | ${fmt(r.rps, 0)} | ${r.p50} | ${r.p99} | ${'nodeCpu' in r ? cpu(r) : ''} |`);
  loadRow('floor: GET /api/health, 1 connection', c.healthOne);
  loadRow('floor: GET /api/auth/me (signed in, little read), 1 connection', c.meOne);
  loadRow('GET /api/calendar, 1 connection', c.one);
  loadRow('floor: GET /api/health, 10 connections', c.healthTen);
  loadRow('GET /api/calendar, 10 connections', c.ten);
  const sqlRow = (name: string, xs: readonly number[]) =>
    console.log(`| ${name} | ${xs.length} |  | ${ms(quantile(xs, 0.5))} | ${ms(quantile(xs, 0.99))} |  |`);
  sqlRow('GET /api/calendar, the first read after each change (nothing kept), sequential', c.cold);
  if (c.seenElsewhere.length) sqlRow("a move answered by process A, until process B's calendar shows it", c.seenElsewhere);
  sqlRow(`floor: the same ${fmt(c.rows, 0)} rows, lean SQL in this process`, c.lean);
  sqlRow("the calendar's own statement, its answer written as JSON by the database, in this process", c.own);
  sqlRow('floor: the same answer made JSON by JSON.stringify from values in hand, in this process', c.stringify);
  console.log(`${verdict(c.one.p99, CALENDAR_P99_MS)}: calendar p99 ${c.one.p99} ms, one connection (bar ${CALENDAR_P99_MS} ms at ${fmt(c.entries, 0)} entries)`);
  console.log(`(with 10 connections at once: p99 ${c.ten.p99} ms, ${fmt(c.ten.rps, 0)} req/s)`);
}

async function main() {
  if (MENTIONS / ACCOUNTS > NOTIFICATIONS_KEPT - 20) throw new Error(`at most ${NOTIFICATIONS_KEPT - 20} mentions per account: the unread count stops at ${NOTIFICATIONS_KEPT}`);
  if (ENTRIES > CALENDAR_MAX_ENTRIES) console.log(`note: the calendar shows at most ${CALENDAR_MAX_ENTRIES} entries`);
  const figures: Figures[] = [];
  for (const backend of BACKENDS) figures.push(await runBackend(backend));
  for (const f of figures) report(f);
  const over = figures.some(
    (f) => f.mentions.lost > 0 || quantile(f.mentions.delivery, 0.99) > MENTION_P99_MS || f.calendar.one.p99 > CALENDAR_P99_MS,
  );
  if (over) process.exitCode = 1;
}

runMain(main);

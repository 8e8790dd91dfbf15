/**
 * The embedded database's own thread (started by pglite-thread.ts): PGlite runs PostgreSQL
 * compiled to WebAssembly synchronously, so while a statement runs, the thread that runs it
 * answers nothing else. Here that thread is not the server's.
 *
 * Statements and transactions run one at a time, from three queues: `quick` (the health check,
 * sessions, lookups by key) before `normal` (searches, lists, writes), so a lookup waits at
 * most for the statement running now, and `background` (webhook deliveries) last, unless it has
 * waited PGLITE_BACKGROUND_AGE_MS (250 ms). A transaction holds the database from BEGIN to its end;
 * its statements run as they come. A request still waiting at its deadline is answered
 * `queue_expired` without being run: a slow statement holds the statements behind it, for a
 * bounded time, and never the server.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { openPglite } from './pglite.ts';
import { EXPIRED_CODE, serializeError, type HostMessage, type HostRequest, type Lane, type QueueStats } from './pglite-protocol.ts';

type Unit =
  | { kind: 'query'; request: Extract<HostRequest, { type: 'query' }>; queuedAt: number }
  | { kind: 'begin'; request: Extract<HostRequest, { type: 'begin' }>; queuedAt: number };



const port = parentPort!;
const send = (message: HostMessage) => port.postMessage(message);
const reply = (id: number, value: unknown) => send({ id, ok: true, value });
const fail = (id: number, error: unknown) => send({ id, ok: false, error: serializeError(error) });

/** `backgroundAgeMs`: background work waiting this long goes before the normal queue (late, never starved). */
const { dir, backgroundAgeMs } = workerData as { dir: string | undefined; backgroundAgeMs: number };

let db: PGlite;
const queues: Record<Lane, Unit[]> = { quick: [], normal: [], background: [] };
let busy = false;
let runningSince = 0;
/** The open transaction: its id, and what ends it. */
let open: { tx: number; end: (commit: boolean, id: number) => void } | undefined;
let nextTx = 1;
const listening = new Map<string, () => Promise<void>>();

async function query(sql: string, params: unknown[] | undefined, prepare = false) {
  runningSince = performance.now();
  try {
    const result = prepare && (prepared.has(sql) || prepared.size < MAX_PREPARED) ? await runPrepared(sql, params ?? []) : await db.query(sql, params);
    return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
  } finally {
    runningSince = 0;
  }
}

/**
 * The statements prepared on the database (PGlite is one connection): their names and parameter
 * types, by text. PGlite's own query() parses and plans every statement each time; a prepared one
 * is planned for its parameters five times, then, when a plan for any of them costs no more,
 * never again (PostgreSQL's plan cache), as on a server.
 */
const prepared = new Map<string, { name: string; types: number[] }>();

let nextStatement = 1;

/** At most this many texts are prepared (the product prepares a few dozen); others run as any statement. */
const MAX_PREPARED = 500;

/** Runs `sql` as a named prepared statement, prepared the first time: PGlite's query(), with a name. */
async function runPrepared(sql: string, params: unknown[]) {
  const { serialize } = protocol;
  const send = (message: Uint8Array) => db.execProtocolStream(message, { syncToFs: false });
  const messages = await db._runExclusiveQuery(async () => {
    const answers = [];
    try {
      let statement = prepared.get(sql);
      if (!statement) {
        // A new name each time: a text whose Parse went through but not its Describe leaves its name taken.
        const name = `p${nextStatement++}`;
        await send(serialize.parse({ name, text: sql }));
        const types = parse.parseDescribeStatementResults(await send(serialize.describe({ type: 'S', name })));
        prepared.set(sql, (statement = { name, types }));
      }
      const { types } = statement;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = db.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      answers.push(...(await send(serialize.bind({ statement: statement.name, values }))));
      answers.push(...(await send(serialize.describe({ type: 'P' }))));
      answers.push(...(await send(serialize.execute({}))));
    } finally {
      answers.push(...(await send(serialize.sync())));
    }
    return answers;
  });
  if (!open) await db.syncToFs();
  return parse.parseResults(messages, db.parsers)[0]!;
}

/** Starts the next unit if none is running: quick ones first; expired ones are answered, not run. */
function pump() {
  while (!busy) {
    const late = (queues.background[0]?.queuedAt ?? Infinity) <= Date.now() - backgroundAgeMs;
    const unit = queues.quick.shift() ?? (late ? queues.background.shift() : undefined) ?? queues.normal.shift() ?? queues.background.shift();
    if (!unit) return;
    if (Date.now() > unit.request.deadline) {
      fail(unit.request.id, Object.assign(new Error('waited too long for the database'), { code: EXPIRED_CODE }));
      continue;
    }
    busy = true;
    // The next pick waits for the messages that came while this statement ran (the thread
    // read none meanwhile): a quick one among them goes first.
    void run(unit).finally(() => setImmediate(() => {
      busy = false;
      pump();
    }));
  }
}

async function run(unit: Unit) {
  const { request } = unit;
  if (unit.kind === 'query') {
    const { sql, params, prepare } = unit.request;
    await query(sql, params, prepare).then((result) => reply(request.id, result), (error: unknown) => fail(request.id, error));
    return;
  }
  try {
    await query('BEGIN', undefined);
  } catch (error) {
    fail(request.id, error);
    return;
  }
  const tx = nextTx++;
  // Held until the transaction's end arrives; its statements run meanwhile (onRequest).
  await new Promise<void>((resolve) => {
    open = {
      tx,
      end: (commit, id) => {
        open = undefined;
        query(commit ? 'COMMIT' : 'ROLLBACK', undefined)
          .then(() => reply(id, null), (error: unknown) => fail(id, error))
          .finally(resolve);
      },
    };
    reply(request.id, tx);
  });
}

async function onRequest(request: HostRequest) {
  switch (request.type) {
    case 'query':
      if (request.tx !== undefined) {
        if (open?.tx !== request.tx) return fail(request.id, new Error('the transaction has ended'));
        return query(request.sql, request.params, request.prepare).then((result) => reply(request.id, result), (error: unknown) => fail(request.id, error));
      }
      queues[request.lane].push({ kind: 'query', request, queuedAt: Date.now() });
      return pump();
    case 'begin':
      queues[request.lane].push({ kind: 'begin', request, queuedAt: Date.now() });
      return pump();
    case 'end':
      if (open?.tx !== request.tx) return fail(request.id, new Error('the transaction has ended'));
      return open.end(request.commit, request.id);
    case 'listen': {
      if (!listening.has(request.channel)) {
        const stop = await db.listen(request.channel, (payload) => send({ type: 'notify', channel: request.channel, payload }));
        listening.set(request.channel, stop);
      }
      return reply(request.id, null);
    }
    case 'unlisten': {
      await listening.get(request.channel)?.();
      listening.delete(request.channel);
      return reply(request.id, null);
    }
    case 'stats': {
      const stats: QueueStats = {
        waiting: { quick: queues.quick.length, normal: queues.normal.length, background: queues.background.length },
        runningMs: runningSince ? Math.round(performance.now() - runningSince) : 0,
      };
      return reply(request.id, stats);
    }
    case 'close':
      // After what was asked before it.
      while (busy || Object.values(queues).some((queue) => queue.length > 0)) await new Promise((resolve) => setTimeout(resolve, 5));
      await db.close();
      reply(request.id, null);
      port.close();
      return;
  }
}

try {
  db = await openPglite(dir);
  port.on('message', (request: HostRequest) => {
    onRequest(request).catch((error: unknown) => fail(request.id, error));
  });
  send({ type: 'ready' });
} catch (error) {
  send({ type: 'failed', error: serializeError(error) });
}

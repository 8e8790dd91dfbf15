/**
 * Moving a library from the embedded database to PostgreSQL (`npm run admin -- move-to-postgres`).
 *
 * The target must be an empty database (or schema) of PostgreSQL 14 or newer; the library must be
 * at this console's schema version. In one transaction on the target: the migrations make the
 * schema, then every table is copied from the library (read in one snapshot), parents before
 * children (foreign keys), rows of a table that refers to itself parents first, in batches of
 * JSON (json_agg on the library, json_populate_recordset on the target; generated columns made
 * again by the target, identity columns kept with their values and their sequences moved on);
 * the indexes that no constraint needs are dropped first and built again once the rows are in.
 * Then each table is compared: its row count and a checksum of its rows' text (both sides in
 * UTC). A table kept by triggers (the counters) that the copy of another table changed is copied
 * again; any other difference, or any error, rolls the whole transaction back: the target is left
 * empty, and the library is only read.
 */
import { LATEST_VERSION, applyMigrations } from './migrate.ts';
import type { Database, Queryable } from './types.ts';

/** PostgreSQL 14: the oldest the console runs on. */
export const MIN_POSTGRES_VERSION_NUM = 140000;
/** A batch's JSON aims at about this many characters (big articles: fewer rows a batch). */
const BATCH_CHARS = 4_000_000;
const FIRST_BATCH_ROWS = 200;
const MAX_BATCH_ROWS = 5_000;

export const moveMessages = {
  tooOld: (version: string) => `The target runs PostgreSQL ${version}; the console needs PostgreSQL 14 or newer.`,
  notEmpty: (tables: readonly string[]) =>
    `The target database is not empty: it has ${tables.length} table${tables.length === 1 ? '' : 's'} (${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ', …' : ''}). Move into an empty database (createdb).`,
  notALibrary: 'The embedded database holds no library of this console (no schema_migrations table).',
  sourceBehind: (at: number) =>
    `The embedded library is at schema version ${at}, this console at ${LATEST_VERSION}: start the console on it once (npm start) to bring it up to date, stop it, then move it.`,
  sourceAhead: (at: number) => `The embedded library is at schema version ${at}, newer than this console's ${LATEST_VERSION}: move it with the console that wrote it.`,
  mismatch: (table: string, source: TableSum, target: TableSum) =>
    `The copy of ${table} does not match the library (${source.rows} rows there, ${target.rows} here${source.rows === target.rows ? ', other contents' : ''}); nothing was kept on the target.`,
};

/** A refusal or a failed check, said to the operator as it is. */
export class MoveError extends Error {}

export interface TableSum {
  rows: number;
  checksum: string;
}

export interface MoveProgress {
  table: string;
  /** Which table of how many. */
  index: number;
  tables: number;
  copied: number;
  total: number;
}

export interface MoveReport {
  version: number;
  /** Milliseconds of each step. */
  steps: { schema: number; copy: number; indexes: number; check: number };
  tables: { table: string; rows: number; checksum: string }[];
  rows: number;
  ms: number;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** What the target must be before anything is written: reachable (the caller's), new enough, empty. */
export async function checkTarget(target: Queryable): Promise<void> {
  const { rows } = await target.query<{ num: string; version: string }>(
    "SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS version",
  );
  if (Number(rows[0]!.num) < MIN_POSTGRES_VERSION_NUM) throw new MoveError(moveMessages.tooOld(rows[0]!.version));
  const tables = await target.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'S') ORDER BY 1`,
  );
  if (tables.rows.length) throw new MoveError(moveMessages.notEmpty(tables.rows.map((r) => r.name)));
}

/** The library's schema version, checked against this console's. */
async function checkSource(source: Queryable): Promise<number> {
  const table = await source.query<{ found: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS found");
  if (!table.rows[0]!.found) throw new MoveError(moveMessages.notALibrary);
  const { rows } = await source.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
  const at = Number(rows[0]!.version ?? 0);
  if (at < LATEST_VERSION) throw new MoveError(moveMessages.sourceBehind(at));
  if (at > LATEST_VERSION) throw new MoveError(moveMessages.sourceAhead(at));
  return at;
}

interface Table {
  name: string;
  /** Columns written (generated ones are the target's to make). */
  columns: string[];
  identity: string[];
  primaryKey: { name: string; type: string }[];
  /** A foreign key to the table itself (single column): rows go parents first. */
  selfKey: { column: string; references: string } | null;
}

/** The tables of the schema, parents before children, each with what its copy needs. */
async function tablesInOrder(db: Queryable): Promise<Table[]> {
  const { rows: names } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname <> 'schema_migrations' ORDER BY 1`,
  );
  const { rows: keys } = await db.query<{ child: string; parent: string; columns: string[]; referenced: string[] }>(
    `SELECT cl.relname AS child, pr.relname AS parent,
            ARRAY(SELECT a.attname FROM unnest(k.conkey) WITH ORDINALITY u(n, i) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i)::text[] AS columns,
            ARRAY(SELECT a.attname FROM unnest(k.confkey) WITH ORDINALITY u(n, i) JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.i)::text[] AS referenced
       FROM pg_constraint k
       JOIN pg_class cl ON cl.oid = k.conrelid JOIN pg_class pr ON pr.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = cl.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema()`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const key of keys) if (key.child === name && key.parent !== name) place(key.parent);
    visiting.delete(name);
    placed.add(name);
    ordered.push(name);
  };
  for (const { name } of names) place(name);

  const tables: Table[] = [];
  for (const name of ordered) {
    const { rows: columns } = await db.query<{ name: string; type: string; identity: boolean; generated: boolean }>(
      `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attidentity <> '' AS identity, a.attgenerated <> '' AS generated
         FROM pg_attribute a WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
      [ident(name)],
    );
    const { rows: primary } = await db.query<{ name: string }>(
      `SELECT a.attname AS name FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
        WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey::int2[], a.attnum)`,
      [ident(name)],
    );
    const self = keys.find((key) => key.child === name && key.parent === name && key.columns.length === 1);
    tables.push({
      name,
      columns: columns.filter((c) => !c.generated).map((c) => c.name),
      identity: columns.filter((c) => c.identity).map((c) => c.name),
      primaryKey: primary.map((p) => ({ name: p.name, type: columns.find((c) => c.name === p.name)!.type })),
      selfKey: self ? { column: self.columns[0]!, references: self.referenced[0]! } : null,
    });
  }
  return tables;
}

/** A table's row count and the md5 of its rows' text, sorted (the same on both sides when the rows are). */
async function tableSum(db: Queryable, table: string): Promise<TableSum> {
  const { rows } = await db.query<{ rows: string | number; checksum: string }>(
    `SELECT count(*) AS rows, md5(coalesce(string_agg(h, '' ORDER BY h), '')) AS checksum FROM (SELECT md5(x::text) AS h FROM ${ident(table)} x) s`,
  );
  return { rows: Number(rows[0]!.rows), checksum: rows[0]!.checksum };
}

/** Copies one table's rows from `source` to `target` in batches; answers how many. */
async function copyTable(source: Queryable, target: Queryable, table: Table, onBatch: (copied: number) => void): Promise<number> {
  const columns = table.columns.map(ident).join(', ');
  const overriding = table.identity.length ? ' OVERRIDING SYSTEM VALUE' : '';
  const insert = `INSERT INTO ${ident(table.name)} (${columns})${overriding} SELECT ${columns} FROM json_populate_recordset(NULL::${ident(table.name)}, $1::json)`;
  const write = async (json: string | null) => {
    if (json) await target.query(insert, [json]);
  };
  const picked = table.columns.map((c) => `x.${ident(c)}`).join(', ');

  if (table.selfKey || !table.primaryKey.length) {
    // Parents first (a table that refers to itself), or all at once (no key to page by).
    const order = table.selfKey
      ? (() => {
          const { column, references } = table.selfKey;
          return {
            from: `${ident(table.name)} x JOIN (
                     WITH RECURSIVE d AS (
                       SELECT ${ident(references)} AS k, 0 AS depth FROM ${ident(table.name)} WHERE ${ident(column)} IS NULL
                       UNION ALL
                       SELECT c.${ident(references)}, d.depth + 1 FROM ${ident(table.name)} c JOIN d ON c.${ident(column)} = d.k
                     ) SELECT k, max(depth) AS depth FROM d GROUP BY k
                   ) d ON d.k = x.${ident(references)}`,
            by: `d.depth, x.${ident(references)}`,
          };
        })()
      : { from: `${ident(table.name)} x`, by: '1' };
    const { rows } = await source.query<{ rows: string | null; n: string | number }>(
      `SELECT json_agg(json_build_object(${table.columns.map((c) => `'${c}', x.${ident(c)}`).join(', ')}) ORDER BY ${order.by})::text AS rows, count(*) AS n FROM ${order.from}`,
    );
    await write(rows[0]!.rows);
    const n = Number(rows[0]!.n);
    onBatch(n);
    return n;
  }

  // Paged by the primary key; the next batch is read from the library while this one is written
  // (the two databases work on their own cores).
  const key = table.primaryKey;
  const keyList = key.map((k) => `x.${ident(k.name)}`).join(', ');
  const read = async (after: unknown[] | null, size: number) => {
    const where = after ? `WHERE (${keyList}) > (${key.map((k, i) => `$${i + 2}::${k.type}`).join(', ')})` : '';
    const { rows } = await source.query<{ rows: string | null }>(
      `SELECT json_agg(b)::text AS rows FROM (SELECT ${picked} FROM ${ident(table.name)} x ${where} ORDER BY ${keyList} LIMIT $1) b`,
      [size, ...(after ?? [])],
    );
    return { json: rows[0]!.rows, size };
  };
  let copied = 0;
  let next: Promise<{ json: string | null; size: number }> | null = read(null, FIRST_BATCH_ROWS);
  while (next) {
    const { json, size } = await next;
    next = null;
    if (!json) break;
    const batch = JSON.parse(json) as Record<string, unknown>[];
    if (batch.length === size) {
      const last = batch.at(-1)!;
      const after = key.map((k) => {
        const value = last[k.name];
        return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
      });
      next = read(after, Math.max(1, Math.min(MAX_BATCH_ROWS, Math.round((size * BATCH_CHARS) / Math.max(json.length, 1)))));
      // A read that fails while the write is under way is awaited (and thrown) at the next turn.
      next.catch(() => {});
    }
    await write(json);
    copied += batch.length;
    onBatch(copied);
  }
  onBatch(copied);
  return copied;
}

/**
 * Copies the library in `source` (the embedded database, only read) into `target` (empty), as
 * the module's comment says. Refusals and failed checks are MoveErrors; the target is then left
 * as it was.
 */
export async function moveLibrary(source: Database, target: Database, onProgress: (progress: MoveProgress) => void = () => {}): Promise<MoveReport> {
  const started = performance.now();
  await checkTarget(target);
  return source.transaction(async (from) => {
    // One snapshot of the library; times as text in UTC on both sides (the checksums compare text).
    await from.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await from.query("SET LOCAL TIME ZONE 'UTC'");
    const version = await checkSource(from);
    const tables = await tablesInOrder(from);
    return target.transaction(async (to) => {
      let mark = performance.now();
      const lap = () => {
        const ms = performance.now() - mark;
        mark = performance.now();
        return ms;
      };
      await to.query("SET LOCAL TIME ZONE 'UTC'");
      await applyMigrations(to);
      // What the migrations wrote (first rows of counters and settings) gives way to the library's.
      for (const table of [...tables].reverse()) await to.query(`DELETE FROM ${ident(table.name)}`);
      // Indexes are built once the rows are in (a GIN index of every article's words, built row by
      // row, is most of a copy's time); those behind a constraint (keys) stay.
      const { rows: indexes } = await to.query<{ name: string; definition: string }>(
        `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
           FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = current_schema() AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
      );
      for (const index of indexes) await to.query(`DROP INDEX ${ident(index.name)}`);
      const schema = lap();
      const totals = new Map<string, number>();
      for (const table of tables) {
        const { rows } = await from.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${ident(table.name)}`);
        totals.set(table.name, Number(rows[0]!.n));
      }
      // Each table emptied first: a trigger of a table copied before may have written to it.
      const copy = async (table: Table, index: number) => {
        await to.query(`DELETE FROM ${ident(table.name)}`);
        return copyTable(from, to, table, (copied) => onProgress({ table: table.name, index, tables: tables.length, copied, total: totals.get(table.name)! }));
      };
      for (const [index, table] of tables.entries()) await copy(table, index);
      const copied = lap();
      await to.query("SET LOCAL maintenance_work_mem = '256MB'");
      for (const index of indexes) await to.query(index.definition);
      const indexed = lap();

      const report: MoveReport['tables'] = [];
      for (const [index, table] of tables.entries()) {
        const want = await tableSum(from, table.name);
        let got = await tableSum(to, table.name);
        if (got.checksum !== want.checksum) {
          // Kept by triggers on other tables (the counters): the library's rows, once more.
          await copy(table, index);
          got = await tableSum(to, table.name);
        }
        if (got.checksum !== want.checksum || got.rows !== want.rows) throw new MoveError(moveMessages.mismatch(table.name, want, got));
        report.push({ table: table.name, rows: got.rows, checksum: got.checksum });
      }
      // Identity columns go on from the highest value copied.
      for (const table of tables) {
        for (const column of table.identity) {
          await to.query(
            `SELECT setval(pg_get_serial_sequence($1, $2), m) FROM (SELECT max(${ident(column)}) AS m FROM ${ident(table.name)}) s WHERE m IS NOT NULL`,
            [ident(table.name), column],
          );
        }
      }
      const steps = { schema, copy: copied, indexes: indexed, check: lap() };
      return { version, steps, tables: report, rows: report.reduce((sum, t) => sum + t.rows, 0), ms: performance.now() - started };
    });
  });
}

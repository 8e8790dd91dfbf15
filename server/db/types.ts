/**
 * The database behind a small interface, so the embedded PGlite (pglite-thread.ts) and a
 * PostgreSQL server (database.ts) run the same SQL. Values that PostgreSQL returns as int8 come
 * back as numbers from PGlite and as strings from pg: callers convert with Number().
 */

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Prepare the statement once per connection and reuse it: PostgreSQL then skips parsing and,
   * after five runs, planning (its plan cache keeps a generic plan). Only for statements whose
   * best plan does not depend on the values (keyset pages, lookups by key), never for searches:
   * a LIKE pattern's best plan does. PGlite ignores it.
   */
  prepare?: boolean;
  /**
   * `quick` for the statements every request waits on and that take well under a millisecond
   * (the health check, sessions, lookups by key): on the embedded database, which runs one
   * statement at a time, they go before the searches and lists queued meanwhile; `background`
   * for work no one waits on (webhook deliveries), which goes after them unless it has waited
   * 250 ms. PostgreSQL ignores it.
   */
  lane?: 'quick' | 'normal' | 'background';
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<R>>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: Pick<QueryOptions, 'lane'>): Promise<T>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`, from any process on this
   * database. `onGap` is called when notices may have been missed: with 'lost' when the
   * listening connection is lost (it reconnects by itself), and with 'back' once it listens
   * again (the notices between are gone). Resolves, once listening, to a function that stops.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap?: (state: 'lost' | 'back') => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The embedded database's queue now (PostgreSQL has none of its own to tell). */
  queue?(): Promise<{ waiting: { quick: number; normal: number; background: number }; runningMs: number }>;
}

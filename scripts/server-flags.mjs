// The Node flags the server process runs with, wherever it is started (npm start, the
// benchmarks). A small young generation: the server's garbage is short-lived (requests,
// results), and V8 on a machine with much memory lets the space grow to about 100 MB that
// stays resident; 8 MB semi-spaces cost no measurable speed (bench:memory, README).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];

// With the embedded database: its WebAssembly (PostgreSQL) compiled by V8's baseline compiler
// alone. The optimising compiler's work on it peaked at about 550 MB over the server's resident
// memory at start (791 MB peak, 323 MB after, against 231 MB both); its statements run 5 to 65%
// slower (README, Performance). V8 flags are the process's, so this is a command-line flag of
// the server, not of the database's thread.
export const EMBEDDED_DATABASE_NODE_FLAGS = ['--liftoff-only'];

/** The server's flags for `env` (the embedded database's when DATABASE_URL is unset). */
export function serverNodeFlags(env) {
  return [...SERVER_NODE_FLAGS, ...(env.DATABASE_URL ? [] : EMBEDDED_DATABASE_NODE_FLAGS)];
}

// The Node flags the server process runs with, wherever it is started (npm start, the
// benchmarks). A small young generation: the server's garbage is short-lived (requests,
// results), and V8 on a machine with much memory lets the space grow to about 100 MB that
// stays resident; 8 MB semi-spaces cost no measurable speed (bench:memory, README).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];

// With the embedded database: none yet. V8's baseline compiler alone (`--liftoff-only`) would
// cut the server's peak at start from about 800 MB to 258 MB (the optimising compiler's work on
// PGlite's WebAssembly), but its statements run 5 to 65% slower, and at that speed the history
// panel's restore menu lost its click in the end-to-end test (README, bench:memory): to be
// enabled once the console is sure of that menu. V8 flags are the process's, so such a flag is a
// command-line flag of the server, not of the database's thread.
export const EMBEDDED_DATABASE_NODE_FLAGS = [];

/** The server's flags for `env` (the embedded database's when DATABASE_URL is unset). */
export function serverNodeFlags(env) {
  return [...SERVER_NODE_FLAGS, ...(env.DATABASE_URL ? [] : EMBEDDED_DATABASE_NODE_FLAGS)];
}

// The Node flags the server process runs with, wherever it is started (npm start, the
// benchmarks). A small young generation: the server's garbage is short-lived (requests,
// results), and V8 on a machine with much memory lets the space grow to about 100 MB that
// stays resident; 8 MB semi-spaces cost no measurable speed (bench:memory, README).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];

/** `env` with SERVER_NODE_FLAGS added to its NODE_OPTIONS. */
export function withServerFlags(env) {
  return { ...env, NODE_OPTIONS: [env.NODE_OPTIONS, ...SERVER_NODE_FLAGS].filter(Boolean).join(' ') };
}

#!/usr/bin/env node
// `npm start`: builds the console when dist/ is missing or older than its sources, then runs the
// server (console + API on one port). The server itself is server/main.ts, run with the tsx
// loader in this Node (one process: the tsx wrapper would add another), with its flags.
import './node-check.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOW_MEMORY_NODE_FLAGS, serverEnvironment, serverNodeFlags } from './server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist', 'index.html');
const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => path.join(root, p));

/** Newest modification time under `p` (a file or a directory tree), 0 if missing. */
function newest(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

function buildIfNeeded() {
  if (!existsSync(path.join(root, 'index.html'))) {
    console.log('No console entry (index.html) in this checkout: starting the API only.');
    return;
  }
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...sources.map(newest));
  if (builtAt > changedAt) return;
  console.log(builtAt ? 'Console sources changed: rebuilding dist/ …' : 'Building the console into dist/ …');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(
      '\nBuilding the console failed (the errors are above). Fix them and run `npm start` again,\n' +
        'or run `npm run server` to start the API without rebuilding the console.',
    );
    process.exit(result.status ?? 1);
  }
}

let flags;
try {
  flags = serverNodeFlags(process.env);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
if (LOW_MEMORY_NODE_FLAGS.every((flag) => flags.includes(flag))) {
  console.log('Low-memory mode (LOW_MEMORY): the embedded database runs on V8\'s baseline compiler, slower and about 500 MB lighter at start.');
}
buildIfNeeded();

const server = spawn(process.execPath, [...flags, '--import', 'tsx', path.join(root, 'server', 'main.ts')], {
  cwd: root,
  env: serverEnvironment(process.env),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

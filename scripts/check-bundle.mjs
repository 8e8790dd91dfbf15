#!/usr/bin/env node
// `npm run check:bundle` (after `npm run build`): the JavaScript a browser must load before the
// first screen shows, gzipped, against a budget of 150 KB per screen.
//
// A screen's files are the entry chunk and its static imports, transitively (what index.html
// loads and modulepreloads), plus the lazy screen chunks (src/app/router.tsx) that must arrive
// before that screen can render, each with its own static imports. The graph comes from dist/.vite/manifest.json; every
// file is gzipped at zlib level 9, so the figures depend on the bytes only (no timings).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const GZIP_LEVEL = 9;

/** The lazy screens (src/app/router.tsx) each first screen waits for. */
const screens = {
  'sign-in screen (/login)': ['src/routes/LoginRoute.tsx'],
  'dashboard screen (/)': ['src/routes/LayoutRoute.tsx', 'src/routes/DashboardRoute.tsx'],
};

/** A check that cannot be made is a failure too, said in one line. */
function fail(message) {
  console.error(`check:bundle: ${message}`);
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) fail(`no ${path.relative(root, manifestPath)}: run \`npm run build\` first.`);
/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** The chunk of `key` and every chunk it imports statically, transitively. */
function withStaticImports(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) fail(`${key} is not in the build manifest (renamed, or no longer lazy-loaded?)`);
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  return into;
}

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entries.length !== 1) fail(`expected one entry chunk, found ${entries.length}: ${entries.join(', ')}`);
const entryKeys = withStaticImports(entries[0]);

// The manifest must agree with what index.html actually loads: every script and modulepreload
// in it belongs to the entry's static graph, and the other way round.
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const htmlFiles = new Set(
  [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/?([^"]+\.js)"/g)].map((match) => match[1]),
);
const entryFiles = new Set([...entryKeys].map((key) => manifest[key].file));
const disagree = [...htmlFiles].filter((f) => !entryFiles.has(f)).concat([...entryFiles].filter((f) => !htmlFiles.has(f)));
if (disagree.length) fail(`index.html and the manifest disagree about ${disagree.join(', ')}`);

const gzipSizes = new Map();
function sizes(file) {
  if (!gzipSizes.has(file)) {
    const bytes = readFileSync(path.join(dist, file));
    gzipSizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: GZIP_LEVEL }).length });
  }
  return gzipSizes.get(file);
}

const kb = (bytes) => (bytes / 1024).toFixed(2).padStart(9);
let failed = false;
for (const [screen, routeKeys] of Object.entries(screens)) {
  const keys = new Set(entryKeys);
  for (const routeKey of routeKeys) withStaticImports(routeKey, keys);
  const files = [...keys].map((key) => ({ file: manifest[key].file, ...sizes(manifest[key].file) }));
  files.sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file));
  const raw = files.reduce((sum, f) => sum + f.raw, 0);
  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  const over = gzip > BUDGET_BYTES;
  failed ||= over;

  console.log(`\n${screen}: ${files.length} files`);
  console.log(`${'raw KB'.padStart(9)} ${'gzip KB'.padStart(9)}  file`);
  for (const f of files) console.log(`${kb(f.raw)} ${kb(f.gzip)}  ${f.file}`);
  console.log(`${kb(raw)} ${kb(gzip)}  total, ${over ? 'OVER' : 'within'} the budget of ${BUDGET_BYTES / 1024} KB gzip`);
}
console.log(`\n(gzip: zlib level ${GZIP_LEVEL}; 1 KB = 1024 bytes)`);
process.exit(failed ? 1 : 0);

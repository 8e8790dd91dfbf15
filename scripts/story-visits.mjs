// Which lazily loaded modules (the screens the router loads on demand, the HTML editor) each
// story file's stories reach when they run: recorded by a whole test-runner pass and kept in
// stories/visits.json, so `--changed` can tell that a change to the file manager's screen does
// not reach the article page's stories, though the app those stories mount can load every screen.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
export const VISITS_FILE = 'stories/visits.json';

/**
 * What a run says: `lazy`, the modules the build loads on demand (each in a chunk of its own: its
 * manifest's dynamic entries), and `visits`, per story file that ran whole (every story of it
 * reported, none failed), those its stories loaded. `loadedDir` holds, per story, the scripts its
 * page (one per story file) had loaded by its end and whether it failed.
 */
export function visitsOfRun(buildDir, loadedDir) {
  const manifest = JSON.parse(readFileSync(join(buildDir, '.vite/manifest.json'), 'utf8'));
  const lazyByChunk = new Map(
    Object.entries(manifest)
      // (Storybook loads each story file on demand too: not a module a story visits.)
      .filter(([source, chunk]) => chunk.isDynamicEntry && !source.includes('node_modules/') && !/\.stories\.[jt]sx?$/.test(source))
      .map(([source, chunk]) => [chunk.file, source]),
  );
  const entries = Object.values(JSON.parse(readFileSync(join(buildDir, 'index.json'), 'utf8')).entries).filter((e) => e.type === 'story');
  const byFile = new Map();
  for (const entry of entries) {
    const file = entry.importPath.replace(/^\.\//, '');
    const loaded = join(loadedDir, `${entry.id}.json`);
    const report = existsSync(loaded) ? JSON.parse(readFileSync(loaded, 'utf8')) : undefined;
    const seen = byFile.get(file) ?? { stories: 0, whole: 0, modules: new Set() };
    byFile.set(file, seen);
    seen.stories++;
    if (!report || report.failed) continue;
    seen.whole++;
    for (const script of report.scripts) if (lazyByChunk.has(script)) seen.modules.add(lazyByChunk.get(script));
  }
  const visits = Object.fromEntries(
    [...byFile]
      .filter(([, seen]) => seen.whole === seen.stories)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, seen]) => [file, [...seen.modules].sort()]),
  );
  return { lazy: [...lazyByChunk.values()].sort(), visits, storyFiles: [...byFile.keys()] };
}

/** The committed record, or undefined (then `--changed` follows every lazy import). */
export function readVisits(file = join(root, VISITS_FILE)) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/**
 * After a run: the visits of the story files that ran whole merged into the record (`update`),
 * or compared with it. Returns what differs (empty when they match or were written): the story
 * files whose stories loaded a module the record does not name for them (with those modules),
 * and, on a `whole` run, those the record names that are gone.
 *
 * The record may name more than a run loaded: a module a story's page loads on demand may still
 * be on its way when the story file's last story ends (a busy machine), and a record that names
 * it only makes `--changed` run that story file for it. So a check fails only on a module that
 * is not recorded, which `--changed` would have missed; updating writes what each file that ran
 * whole loaded, so the record stays what the stories visit.
 */
export function checkVisits(buildDir, loadedDir, { update, whole, recordFile = join(root, VISITS_FILE) }) {
  if (!readdirSync(loadedDir).length) return [];
  const { lazy, visits, storyFiles } = visitsOfRun(buildDir, loadedDir);
  const kept = readVisits(recordFile) ?? { lazy: [], visits: {} };
  const gone = whole ? Object.keys(kept.visits).filter((file) => !storyFiles.includes(file)) : [];
  if (update) {
    const merged = { ...kept.visits, ...visits };
    for (const file of gone) delete merged[file];
    const record = { lazy, visits: Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b))) };
    if (JSON.stringify(kept) !== JSON.stringify(record)) writeFileSync(recordFile, `${JSON.stringify(record, null, 2)}\n`);
    return [];
  }
  const differ = Object.entries(visits).flatMap(([file, modules]) => {
    const recorded = kept.visits[file];
    if (!recorded) return [`${file} (not recorded)`];
    const unrecorded = modules.filter((module) => !recorded.includes(module));
    return unrecorded.length ? [`${file} (loads ${unrecorded.join(', ')})`] : [];
  });
  if (JSON.stringify(lazy) !== JSON.stringify(kept.lazy)) differ.unshift('(the modules loaded on demand)');
  return [...differ, ...gone.map((file) => `${file} (gone)`)];
}

// Which story files a change reaches, through imports (as `vitest --changed` follows them):
// `npm run test:visual -- --changed` runs only those. A story file is reached when it changed,
// when a module it imports (at any depth, within the project) changed, or when one of its
// baselines changed. A change that reaches every story (Storybook's setup, the theme and
// anything else the preview imports, the dependencies) runs them all. A module loaded on demand
// (a screen the router loads when it is visited) reaches a story file only if that file's
// stories loaded it in the last whole run (stories/visits.json, scripts/story-visits.mjs): every
// screen's stories mount the whole app, whose router can load every screen.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { readVisits } from './story-visits.mjs';

const root = resolve(import.meta.dirname, '..');

/** Files whose change reaches every story: what builds and frames them all. */
const EVERYTHING = [/^\.storybook\//, /^public\//, /^package(-lock)?\.json$/, /^vite\.config\.ts$/, /^tsconfig[^/]*\.json$/];

/** Files changed since `base` (a commit; default HEAD), the working tree's edits and new files included. */
export function changedFiles(base = 'HEAD') {
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  return [...new Set([...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')])];
}

const compilerOptions = { moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, allowImportingTsExtensions: true, jsx: ts.JsxEmit.ReactJSX };

/** The project's files `file` imports (relative to the root), each with whether only `import()` loads it. */
export function importsOf(file) {
  const absolute = join(root, file);
  const text = readFileSync(absolute, 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const onDemand = new Set([...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]));
  for (const m of text.matchAll(/(?:\bfrom|^\s*import)\s+['"]([^'"]+)['"]/gm)) onDemand.delete(m[1]);
  const found = [];
  for (const { fileName } of importedFiles) {
    const specifier = fileName.replace(/\?.*$/, '');
    const resolved = ts.resolveModuleName(specifier, absolute, compilerOptions, ts.sys).resolvedModule?.resolvedFileName;
    // A stylesheet, a font or an image imported by path.
    const target = resolved ?? (specifier.startsWith('.') && existsSync(resolve(dirname(absolute), specifier)) ? resolve(dirname(absolute), specifier) : undefined);
    if (!target || target.includes('/node_modules/')) continue;
    found.push({ target: relative(root, target), onDemand: onDemand.has(fileName) });
  }
  return found;
}

/** Every project file `start` reaches through imports, itself included, but for modules loaded on demand that `skip` names. */
export function closure(start, cache, skip = () => false) {
  const seen = new Set();
  const queue = [start];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(m?[jt]sx?)$/.test(file)) continue;
    if (!cache.has(file)) cache.set(file, importsOf(file));
    for (const { target, onDemand } of cache.get(file)) if (!(onDemand && skip(target))) queue.push(target);
  }
  return seen;
}

/**
 * The story files `changed` reaches, or 'all'. `storyFiles` are the story files (relative to the
 * root), `baselineOwner` maps a baseline's file name to its story file, `visits` is the record of
 * the modules loaded on demand each story file's stories loaded (none: every one reaches it).
 */
export function storiesReached(changed, storyFiles, baselineOwner = () => undefined, visits = readVisits()) {
  if (changed.some((file) => EVERYTHING.some((pattern) => pattern.test(file)))) return 'all';
  const cache = new Map();
  const changedSet = new Set(changed);
  if ([...closure('.storybook/preview.tsx', cache)].some((file) => changedSet.has(file))) return 'all';
  const reached = new Set();
  for (const file of changed) {
    const owner = file.startsWith('stories/__visual__/') ? baselineOwner(file.slice('stories/__visual__/'.length)) : undefined;
    if (owner) reached.add(owner);
  }
  for (const story of storyFiles) {
    if (reached.has(story)) continue;
    // A module loaded on demand that the story file's stories did not load in the last whole run.
    const visited = visits?.visits?.[story];
    const skip = visited ? (target) => visits.lazy.includes(target) && !visited.includes(target) : undefined;
    for (const file of closure(story, cache, skip)) {
      if (changedSet.has(file)) {
        reached.add(story);
        break;
      }
    }
  }
  return [...reached].sort();
}

/** The story files of a Storybook build (its index.json), and which story file owns each baseline. */
export function storiesOfBuild(dir) {
  const entries = Object.values(JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')).entries).filter((e) => e.type === 'story');
  const fileOf = new Map(entries.map((e) => [e.id, e.importPath.replace(/^\.\//, '')]));
  return {
    storyFiles: [...new Set(fileOf.values())],
    baselineOwner: (name) => fileOf.get(name.replace(/\.(light|dark)\.png$/, '')),
  };
}

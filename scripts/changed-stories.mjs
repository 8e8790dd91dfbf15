// Which story files a change reaches, through imports (as `vitest --changed` follows them):
// `npm run test:visual -- --changed` runs only those. A story file is reached when it changed,
// when a module it imports (at any depth, within the project) changed, or when one of its
// baselines changed. A change that reaches every story (Storybook's setup, the theme and
// anything else the preview imports, the dependencies) runs them all.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');

/** Files whose change reaches every story: what builds and frames them all. */
const EVERYTHING = [/^\.storybook\//, /^public\//, /^package(-lock)?\.json$/, /^vite\.config\.ts$/, /^tsconfig[^/]*\.json$/];

/** Files changed since `base` (a commit; default HEAD), the working tree's edits and new files included. */
export function changedFiles(base = 'HEAD') {
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  return [...new Set([...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')])];
}

const compilerOptions = { moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, allowImportingTsExtensions: true, jsx: ts.JsxEmit.ReactJSX };

/** The project's files `file` imports (relative to the root), statically or dynamically. */
function importsOf(file) {
  const absolute = join(root, file);
  const { importedFiles } = ts.preProcessFile(readFileSync(absolute, 'utf8'), true, true);
  const found = [];
  for (const { fileName } of importedFiles) {
    const specifier = fileName.replace(/\?.*$/, '');
    const resolved = ts.resolveModuleName(specifier, absolute, compilerOptions, ts.sys).resolvedModule?.resolvedFileName;
    // A stylesheet, a font or an image imported by path.
    const target = resolved ?? (specifier.startsWith('.') && existsSync(resolve(dirname(absolute), specifier)) ? resolve(dirname(absolute), specifier) : undefined);
    if (!target || target.includes('/node_modules/')) continue;
    found.push(relative(root, target));
  }
  return found;
}

/** Every project file `start` reaches through imports, itself included. */
function closure(start, cache) {
  const seen = new Set();
  const queue = [start];
  while (queue.length) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(m?[jt]sx?)$/.test(file)) continue;
    if (!cache.has(file)) cache.set(file, importsOf(file));
    queue.push(...cache.get(file));
  }
  return seen;
}

/**
 * The story files `changed` reaches, or 'all'. `storyFiles` are the story files (relative to the
 * root), `baselineOwner` maps a baseline's file name to its story file.
 */
export function storiesReached(changed, storyFiles, baselineOwner = () => undefined) {
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
    for (const file of closure(story, cache)) {
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

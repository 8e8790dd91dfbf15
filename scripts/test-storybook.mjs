// Serves the static Storybook build on 127.0.0.1 and runs the test-runner against it: each
// story's play, axe, and its look in light and dark against stories/__visual__
// (.storybook/visual.ts). `--update` writes the baselines instead (and, on a whole run, removes
// those of stories that are gone); `--changed` runs only the stories a change reaches. Changed
// looks are gathered into visual-report/index.html.
import { spawnGroup, stopGroup } from './process-group.mjs';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { join } from 'node:path';
import { changedFiles, storiesOfBuild, storiesReached } from './changed-stories.mjs';
import { browserPath, browserVersion } from './find-browser.mjs';
import { checkVisits, VISITS_FILE } from './story-visits.mjs';

const dir = process.env.STORYBOOK_DIR ?? 'storybook-static';
const baselines = process.env.VISUAL_BASELINE_DIR ?? 'stories/__visual__';
const reportDir = process.env.VISUAL_REPORT_DIR ?? 'visual-report';
const update = process.argv.includes('--update');
// `--changed` (or `--changed=<commit>`): only the story files the change since HEAD (or that
// commit) reaches through imports (scripts/changed-stories.mjs).
const changedSince = process.argv.slice(2).find((arg) => arg === '--changed' || arg.startsWith('--changed='));
const args = process.argv.slice(2).filter((arg) => arg !== '--update' && arg !== changedSince);
if (!existsSync(`${dir}/index.json`)) {
  console.error(`No Storybook build in ${dir}/: run "npm run build-storybook" first.`);
  process.exit(1);
}
if (changedSince) {
  const base = changedSince.split('=')[1] || 'HEAD';
  const { storyFiles, baselineOwner } = storiesOfBuild(dir);
  const reached = storiesReached(changedFiles(base), storyFiles, baselineOwner);
  if (reached === 'all') {
    console.log(`The change since ${base} reaches every story (Storybook's setup, the theme or the dependencies): all of them run.`);
  } else if (!reached.length) {
    console.log(`The change since ${base} reaches no story.`);
    process.exit(0);
  } else {
    console.log(`The change since ${base} reaches ${reached.length} of ${storyFiles.length} story files:\n  ${reached.join('\n  ')}`);
    args.push(...reached);
  }
}

/** `wanted` if it is free (0: any free port), else undefined. */
const freePort = (wanted = 0) =>
  new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(undefined));
    srv.listen(wanted, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

// One port on every run where it is free: a story that shows an address of the API (a link to
// copy) then looks the same each time.
const port = (await freePort(Number(process.env.STORYBOOK_PORT ?? 6107))) ?? (await freePort());
// Each child leads its own process group, so stopping it stops what `npx` started under it
// (the static server, the test-runner's workers), not just the wrapper; and the group ends if
// this process is killed (scripts/process-group.mjs).
const server = spawnGroup('npx', ['http-server', dir, '-a', '127.0.0.1', '-p', String(port), '-s', '-c-1'], { stdio: 'ignore' });
const children = [server];
const stopAll = () => children.forEach((child) => stopGroup(child));
process.on('exit', stopAll);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const url = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) {
  try {
    const res = await fetch(`${url}/index.json`);
    if (res.ok) break;
  } catch {
    /* not up yet */
  }
  await new Promise((r) => setTimeout(r, 100));
}

// The Chromium that took the baselines (stories/visual-browser.json, written by an update). On
// another one the looks are compared with a perceptual tolerance (.storybook/visual.ts), and the
// run says so, and how to take them again.
const BROWSER_FILE = process.env.VISUAL_BROWSER_FILE ?? 'stories/visual-browser.json';
const browser = browserVersion(browserPath());
const baselineBrowser = existsSync(BROWSER_FILE) ? JSON.parse(readFileSync(BROWSER_FILE, 'utf8')).chromium : undefined;
const drift = !update && !!browser && browser !== baselineBrowser;
if (drift) {
  console.log(
    `The baselines were taken with Chromium ${baselineBrowser ?? '(unrecorded)'}; this is Chromium ${browser}: looks are compared with a ` +
      `perceptual tolerance (anti-aliasing, gamma and hinting ignored; a moved layout still fails). Take them again on this ` +
      `browser with "npm run test:visual -- --update" and commit stories/__visual__ and ${BROWSER_FILE}.`,
  );
}

rmSync(reportDir, { recursive: true, force: true });
const workers = process.env.STORYBOOK_WORKERS ?? '2';
// Per story, the scripts its page had loaded: which screens each story file visits.
const visitsDir = mkdtempSync(join(tmpdir(), 'story-visits-'));
process.on('exit', () => rmSync(visitsDir, { recursive: true, force: true }));
const runner = spawnGroup('npx', ['test-storybook', '--url', url, '--maxWorkers', workers, ...args], {
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    VISUAL_BASELINE_DIR: baselines,
    VISUAL_REPORT_DIR: reportDir,
    STORY_VISITS_DIR: visitsDir,
    ...(update ? { VISUAL_UPDATE: 'true' } : {}),
    ...(drift ? { VISUAL_DRIFT: 'true' } : {}),
  },
});
children.push(runner);
// Retries are off unless STORYBOOK_RETRIES asks for them (.storybook/retry.cjs); with them, every
// story that needed another try is listed at the end, as a race to mend.
const retried = new Set();
for (const [from, to] of [
  [runner.stdout, process.stdout],
  [runner.stderr, process.stderr],
]) {
  let pending = '';
  from.on('data', (chunk) => {
    to.write(chunk);
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const story = /LOGGING RETRY ERRORS\s+(.+?)\s*$/.exec(stripVTControlCharacters(line))?.[1];
      if (story) retried.add(story);
    }
  });
}
let code = await new Promise((resolve) => runner.on('close', (c) => resolve(c ?? 1)));
if (retried.size) {
  console.log(`\n${retried.size} stor${retried.size === 1 ? 'y' : 'ies'} failed once and passed on the second try (races to mend; a story that fails twice fails the run):`);
  for (const story of [...retried].sort()) console.log(`  ${story}`);
}
const onlySome = args.some((arg) => !arg.startsWith('-'));

// The screens each story file that ran visited, as stories/visits.json keeps them for
// `--changed`: merged in when updating (the files whose every story passed), else compared
// after a run that passed (a difference fails, like a look).
if (update || code === 0) {
  const differ = checkVisits(dir, visitsDir, { update, whole: !onlySome });
  if (differ.length) {
    console.error(
      `\n${VISITS_FILE} does not say which screens these story files visit:\n  ${differ.join('\n  ')}\n` +
        `Record them with "npm run test:visual -- --update" and commit the file (--changed reads it).`,
    );
    code = 1;
  }
}

// Every baseline written (a whole run): this browser took them.
if (update && code === 0 && !onlySome && browser && browser !== baselineBrowser && process.env.VISUAL !== 'false') {
  writeFileSync(BROWSER_FILE, `${JSON.stringify({ chromium: browser }, null, 2)}\n`);
}

// A whole run that updated: the baselines of stories no longer in the build go.
if (update && code === 0 && !onlySome && process.env.VISUAL !== 'false') {
  const ids = new Set(Object.values(JSON.parse(readFileSync(`${dir}/index.json`, 'utf8')).entries).filter((e) => e.type === 'story').map((e) => e.id));
  for (const file of readdirSync(baselines)) {
    const id = file.replace(/\.(light|dark)\.png$/, '');
    if (!ids.has(id)) {
      unlinkSync(join(baselines, file));
      console.log(`Removed the baseline of a story that is gone: ${file}`);
    }
  }
}

const changed = existsSync(reportDir) ? readdirSync(reportDir).filter((f) => f.endsWith('.json')) : [];
if (changed.length) {
  const entries = changed.map((f) => JSON.parse(readFileSync(join(reportDir, f), 'utf8'))).sort((a, b) => (a.id + a.mode).localeCompare(b.id + b.mode));
  const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const figure = (src, caption) => `<figure><figcaption>${caption}</figcaption><a href="${src}"><img src="${src}" alt="${caption}"></a></figure>`;
  const rows = entries.map((e) => {
    const base = `${e.id}.${e.mode}`;
    const what = e.missing
      ? 'no baseline'
      : `${e.changed} of ${e.total} pixels differ (${((100 * e.changed) / e.total).toFixed(2)}%)${e.size ? `, size ${e.size}` : ''}`;
    const images = e.missing
      ? figure(`${base}.actual.png`, 'actual')
      : [figure(`${base}.expected.png`, 'expected'), figure(`${base}.actual.png`, 'actual'), figure(`${base}.diff.png`, 'difference')].join('');
    return `<section><h2>${escape(e.id)} <small>${e.mode}</small></h2><p>${escape(what)}</p><div class="shots">${images}</div></section>`;
  });
  writeFileSync(
    join(reportDir, 'index.html'),
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Visual changes: ${entries.length}</title>
<style>body{font:14px system-ui,sans-serif;margin:24px}h2{font-size:16px;margin:24px 0 4px}small{color:#555}
.shots{display:flex;gap:12px;align-items:flex-start}figure{margin:0;flex:1;min-width:0}img{max-width:100%;border:1px solid #ccc}</style>
<h1>Visual changes: ${entries.length}</h1><p>Each story whose look differs from its baseline in stories/__visual__: expected, actual, and the difference in red. Accept them with <code>npm run test:visual -- --update</code>; the baselines' diff in git is the approval.</p>
${rows.join('\n')}</html>`,
  );
  console.log(`\n${entries.length} story shot(s) differ from their baselines: ${join(reportDir, 'index.html')}`);
  for (const e of entries) console.log(`  ${e.id} (${e.mode})`);
}
process.exit(code);

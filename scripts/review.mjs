// `npm run review`: one static folder (review/) a designer opens without a checkout: the built
// Storybook, a gallery page per component, screen and flow with every story's look in light and
// dark side by side (the shots the comparison takes, stories/__visual__), each beside its play
// and accessibility result and a link to the story; and, when looks changed, the visual report
// first (expected, actual, difference). `-- --no-run` builds the gallery from the baselines and
// the last results without running the stories again. Serve it with `npx http-server review`
// (Storybook's pages do not load from file://; the gallery does).
import { spawnSync } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const out = process.env.REVIEW_DIR ?? 'review';
const baselines = process.env.VISUAL_BASELINE_DIR ?? 'stories/__visual__';
const run = !process.argv.includes('--no-run');
const storybook = join(out, 'storybook');
const changes = join(out, 'changes');
const results = join(out, 'results.json');

if (run) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const build = spawnSync('npx', ['storybook', 'build', '--quiet', '-o', storybook], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // The stories' plays, axe and looks; a failure is shown in the gallery, not a reason to stop.
  // With --json the test-runner writes the results alone to its output (its progress to errors).
  const json = openSync(results, 'w');
  spawnSync('node', ['scripts/test-storybook.mjs', '--json'], {
    stdio: ['inherit', json, 'inherit'],
    env: { ...process.env, STORYBOOK_DIR: storybook, VISUAL_REPORT_DIR: changes },
  });
  closeSync(json);
} else if (!existsSync(join(storybook, 'index.json'))) {
  console.error(`No Storybook build in ${storybook}/: run "npm run review" first.`);
  process.exit(1);
}

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const slug = (title) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

// Each story's outcome, by its title and export name (jest's "Title › ExportName › play-test").
const outcome = new Map();
// (The JSON is the output's last line: anything printed before it is not the results.)
const lastJson = existsSync(results) ? readFileSync(results, 'utf8').trim().split('\n').filter((line) => line.startsWith('{')).at(-1) : undefined;
if (lastJson) {
  for (const file of JSON.parse(lastJson).testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      const [name] = test.ancestorTitles.slice(-1);
      const title = test.ancestorTitles.slice(0, -1).join('/');
      outcome.set(`${title}|${name}`, { status: test.status, message: (test.failureMessages ?? []).join('\n') });
    }
  }
}

const indexed = Object.values(JSON.parse(readFileSync(join(storybook, 'index.json'), 'utf8')).entries);
const entries = indexed.filter((e) => e.type === 'story');
/** A component's docs page (autodocs: its props, what it is for, its states), by title. */
const docsPages = new Map(indexed.filter((e) => e.type === 'docs').map((e) => [e.title, e.id]));
const groups = new Map();
for (const entry of entries) {
  if (!groups.has(entry.title)) groups.set(entry.title, []);
  groups.get(entry.title).push(entry);
}

// The shots beside the pages: the baselines (the approved looks).
const shots = join(out, 'shots');
rmSync(shots, { recursive: true, force: true });
mkdirSync(shots, { recursive: true });
const style = `<style>body{font:14px system-ui,sans-serif;margin:24px;color:#1a202c}a{color:#1d4ed8}h1{font-size:22px}h2{font-size:16px;margin:28px 0 6px}
small{color:#555}.shots{display:grid;grid-template-columns:1fr 1fr;gap:12px}figure{margin:0;min-width:0}figcaption{color:#555;margin-bottom:4px}
img{max-width:100%;border:1px solid #ccc}.passed{color:#166534}.failed{color:#b91c1c}.unknown{color:#555}pre{white-space:pre-wrap;background:#fef2f2;padding:8px;max-height:240px;overflow:auto}
ul{columns:2;padding-left:18px}li{margin:2px 0}.note{background:#fffbeb;border:1px solid #f59e0b;padding:8px 12px}</style>`;
const page = (title, body) => `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escape(title)}</title>${style}${body}</html>`;

const index = [];
let failed = 0;
for (const [title, stories] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
  const sections = stories.map((story) => {
    const result = outcome.get(`${title}|${story.exportName}`);
    const status = result?.status ?? 'unknown';
    if (status === 'failed') failed++;
    const figures = ['light', 'dark']
      .map((mode) => {
        const file = `${story.id}.${mode}.png`;
        if (!existsSync(join(baselines, file))) return `<figure><figcaption>${mode}</figcaption><p>not compared (no baseline)</p></figure>`;
        cpSync(join(baselines, file), join(shots, file));
        return `<figure><figcaption>${mode}</figcaption><a href="shots/${file}"><img loading="lazy" src="shots/${file}" alt="${escape(`${story.name}, ${mode}`)}"></a></figure>`;
      })
      .join('');
    const what = { passed: 'play and accessibility checks passed', failed: 'failed', unknown: 'not run' }[status] ?? status;
    return `<section id="${story.id}"><h2>${escape(story.name)} <small><a href="storybook/?path=/story/${story.id}">open in Storybook</a></small></h2>
<p class="${status === 'passed' || status === 'failed' ? status : 'unknown'}">${escape(what)}</p>${result?.message ? `<pre>${escape(stripVTControlCharacters(result.message))}</pre>` : ''}<div class="shots">${figures}</div></section>`;
  });
  const file = `${slug(title)}.html`;
  const docs = docsPages.get(title);
  const docsLink = docs ? ` · <a href="storybook/?path=/docs/${docs}">its docs page (props and what it is for)</a>` : '';
  writeFileSync(join(out, file), page(title, `<p><a href="index.html">All components and screens</a>${docsLink}</p><h1>${escape(title)} <small>${stories.length} states</small></h1>${sections.join('\n')}`));
  index.push({ title, file, count: stories.length, failed: stories.filter((s) => outcome.get(`${title}|${s.exportName}`)?.status === 'failed').length });
}

const changed = existsSync(join(changes, 'index.html')) ? readdirSync(changes).filter((f) => f.endsWith('.json')).length : 0;
const section = (top) =>
  index
    .filter((item) => item.title.split('/')[0] === top)
    .map((item) => `<li><a href="${item.file}">${escape(item.title.split('/').slice(1).join(' / ') || item.title)}</a> <small>${item.count}${item.failed ? `, <span class="failed">${item.failed} failed</span>` : ''}</small></li>`)
    .join('');
const tops = [...new Set(index.map((item) => item.title.split('/')[0]))];
writeFileSync(
  join(out, 'index.html'),
  page(
    'Review',
    `<h1>Review: ${entries.length} states of ${index.length} components and screens</h1>
${changed ? `<p class="note"><strong>${changed} look(s) changed:</strong> <a href="${relative(out, join(changes, 'index.html'))}">expected, actual and the difference</a>.</p>` : '<p>No look changed from its baseline.</p>'}
<p>${outcome.size ? `${outcome.size - failed} stories passed their play and accessibility checks${failed ? `, <span class="failed">${failed} failed</span>` : ''}.` : 'The stories were not run: shots are the baselines.'}
Each page shows every state in light and dark; <a href="storybook/index.html">the Storybook</a> has the stories themselves.</p>
${tops.map((top) => `<h2>${escape(top)}</h2><ul>${section(top)}</ul>`).join('\n')}`,
  ),
);
console.log(`Review written to ${out}/index.html (${index.length} pages, ${entries.length} states). Serve it: npx http-server ${out}`);

// `npm run test:visual:selfcheck`: the look comparison cannot pass by accident. In a scratch copy
// of the project (its files in git, and this checkout's node_modules), one theme token changes
// (the published status's colour, a shade darker in light and lighter in dark: still legible,
// so only its look changes); Storybook is built there and two story files are compared
// with the baselines: the status switch's (which shows that colour) must fail naming its stories, the
// other (a sign-in form, which never shows it) must not be named. On another Chromium than the
// one that took the baselines, looks are compared with a tolerance that lets a shade through
// (.storybook/visual.ts, DRIFT_THRESHOLD): the colour then changes hue (green to red), which a
// tolerant comparison must still catch.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { browserVersion } from './find-browser.mjs';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const scratch = mkdtempSync(join(tmpdir(), 'visual-selfcheck-'));
const stop = (message) => {
  rmSync(scratch, { recursive: true, force: true });
  console.error(message);
  process.exit(1);
};

const files = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
for (const file of files) cpSync(join(root, file), join(scratch, file));
symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'));

const theme = join(scratch, 'src/theme/index.ts');
const token = `'status.published': { value: { base: '{colors.green.700}', _dark: '{colors.green.300}' } }`;
const source = readFileSync(theme, 'utf8');
if (!source.includes(token)) stop(`The token this check changes is not in src/theme/index.ts as expected: ${token}`);
const baselines = JSON.parse(readFileSync(join(root, 'stories/visual-browser.json'), 'utf8')).chromium;
const tolerant = browserVersion() !== baselines;
const changedToken = tolerant ? token.replace('green.700', 'red.700').replace('green.300', 'red.300') : token.replace('green.700', 'green.800').replace('green.300', 'green.200');
if (tolerant) console.log(`The baselines were taken with Chromium ${baselines}: the published status's colour changes hue, not shade, for a tolerant comparison.`);
writeFileSync(theme, source.replace(token, changedToken));

const build = spawnSync('npx', ['storybook', 'build', '--quiet', '-o', 'storybook-static'], { cwd: scratch, stdio: 'inherit' });
if (build.status !== 0) stop('The scratch copy did not build.');

const changed = 'stories/components/article-detail/ArticleStatusSwitch.stories.tsx';
const untouched = 'stories/components/auth/LoginForm.stories.tsx';
const run = spawnSync('node', ['scripts/test-storybook.mjs', changed, untouched], {
  cwd: scratch,
  encoding: 'utf8',
  // The comparison is meant to fail here: once is enough (no retry, .storybook/retry.cjs).
  env: { ...process.env, STORYBOOK_PORT: '6108', STORYBOOK_RETRIES: '0' },
  maxBuffer: 64 * 1024 * 1024,
});
const output = `${run.stdout}${run.stderr}`;
const named = [...output.matchAll(/^ {2}([a-z0-9-]+--[a-z0-9-]+) \((light|dark)\)$/gm)].map((m) => m[1]);
rmSync(scratch, { recursive: true, force: true });

const problems = [];
if (run.status === 0) problems.push('the comparison passed with a changed token');
if (!named.some((id) => id.startsWith('components-articledetail-articlestatusswitch--'))) problems.push('no ArticleStatusSwitch story was named');
if (named.some((id) => id.startsWith('components-auth-loginform--'))) problems.push('a LoginForm story was named, though it never shows the token');
if (problems.length) {
  console.error(output.slice(-4000));
  console.error(`Self-check failed: ${problems.join('; ')}.`);
  process.exit(1);
}
console.log(`Self-check passed: with the published status's colour changed, the comparison failed and named ${new Set(named).size} stories:`);
for (const id of new Set(named)) console.log(`  ${id}`);

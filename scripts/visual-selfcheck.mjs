// `npm run test:visual:selfcheck`: the look comparison cannot pass by accident. On the Storybook
// every lane shares (built by `npm run build-storybook`, or STORYBOOK_DIR), one theme token takes
// another value (the published status's colour, a shade darker in light and lighter in dark:
// still legible, so only its look changes), and two story files are compared with the baselines:
// the status switch's (which shows that colour) must fail naming its stories, the other (a
// sign-in form, which never shows it) must not be named. On another Chromium than the one that
// took the baselines, looks are compared with a tolerance that lets a shade through
// (.storybook/visual.ts, DRIFT_THRESHOLD): the colour then changes hue (green to red), which a
// tolerant comparison must still catch. The token's value comes from src/theme/index.ts, and the
// new one is set as its CSS variable by the test-runner (.storybook/test-runner.ts) for the run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { browserVersion } from './find-browser.mjs';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const reports = mkdtempSync(join(tmpdir(), 'visual-selfcheck-'));
const stop = (message) => {
  rmSync(reports, { recursive: true, force: true });
  console.error(message);
  process.exit(1);
};

const token = `'status.published': { value: { base: '{colors.green.700}', _dark: '{colors.green.300}' } }`;
if (!readFileSync(join(root, 'src/theme/index.ts'), 'utf8').includes(token)) stop(`The token this check changes is not in src/theme/index.ts as expected: ${token}`);
const baselines = JSON.parse(readFileSync(join(root, 'stories/visual-browser.json'), 'utf8')).chromium;
const tolerant = browserVersion() !== baselines;
// Chakra's palette: green.800 and green.200 a shade from the token's, red.700 and red.300 another hue.
const [light, dark] = tolerant ? ['#991919', '#fca5a5'] : ['#124a28', '#bbf7d0'];
if (tolerant) console.log(`The baselines were taken with Chromium ${baselines}: the published status's colour changes hue, not shade, for a tolerant comparison.`);
const variable = '--chakra-colors-status\\.published';
const style = `html.light, html.light * { ${variable}: ${light} !important; } html.dark, html.dark * { ${variable}: ${dark} !important; }`;

const changed = 'stories/components/article-detail/ArticleStatusSwitch.stories.tsx';
const untouched = 'stories/components/auth/LoginForm.stories.tsx';
const run = spawnSync('node', ['scripts/test-storybook.mjs', changed, untouched], {
  cwd: root,
  encoding: 'utf8',
  // The comparison is meant to fail here: once is enough (no retry, .storybook/retry.cjs); its
  // report goes to a folder of its own (a failed run records no visits).
  env: { ...process.env, STORYBOOK_PORT: '6108', STORYBOOK_RETRIES: '0', VISUAL_SELFCHECK_STYLE: style, VISUAL_REPORT_DIR: reports },
  maxBuffer: 64 * 1024 * 1024,
});
const output = `${run.stdout}${run.stderr}`;
const named = [...output.matchAll(/^ {2}([a-z0-9-]+--[a-z0-9-]+) \((light|dark)\)$/gm)].map((m) => m[1]);
rmSync(reports, { recursive: true, force: true });

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

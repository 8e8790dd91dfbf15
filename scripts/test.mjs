// `npm test`: the checks, then the suites (a stage may run lanes side by side: each lane's output
// is kept in a file and printed whole when it ends). The end-to-end suite mostly waits on its
// browser and server (about a quarter of a core), so it runs beside the checks and the server
// suite, which keep both cores busy; the server suite's checks of the health check under load
// assert that it answers, not how fast. Stops at the first failure, naming it, and ends with
// each step's time.
import './node-check.mjs';
import { spawnGroup, stopGroup } from './process-group.mjs';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Suites beyond npm test that CI runs in the lane that waits most (`NPM_TEST_ALSO=test:crash`,
 * .ci/run): the crash suite mostly waits on the server it kills and starts again.
 */
const ALSO = (process.env.NPM_TEST_ALSO ?? '').split(/[\s,]+/).filter(Boolean);

/** Each stage runs its lanes side by side; a lane is npm scripts run one after the other. */
const STAGES = [
  [['check:browser', 'build', 'check:bundle']],
  [
    ['typecheck', 'lint', 'test:unit', 'test:server'],
    // The end-to-end suite leaves most of a core free: Storybook is built there for the next
    // stage (one build for every lane), and on it a theme token given another value must fail
    // the look comparison, naming the stories that show it.
    ['test:e2e', 'build-storybook', 'test:visual:selfcheck', ...ALSO],
  ],
  // Every story's play, axe checks and looks in light and dark.
  [['test:storybook']],
];

const logs = mkdtempSync(join(tmpdir(), 'npm-test-'));
const children = new Set();
const timings = [];
/** The script that failed first; once set, nothing more starts. */
let firstFailure;
/** What the first failing script printed last, printed again at the very end: beside other lanes
 * its own output may be followed by theirs, and a CI log is often read from its tail. */
let failureTail = '';
const TAIL_LINES = 120;

/** Runs one npm script; alone it writes to the terminal, beside others to `log`. */
function runScript(script, log) {
  const started = Date.now();
  return new Promise((resolve) => {
    // Its own process group, so a stop reaches what the script started (servers, browsers),
    // ended also if this process is killed (scripts/process-group.mjs).
    const child = spawnGroup('npm', ['run', script], { stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    children.add(child);
    let tail = '';
    if (log) {
      for (const stream of [child.stdout, child.stderr]) {
        stream.pipe(log, { end: false });
        stream.on('data', (chunk) => {
          tail = (tail + chunk).slice(-64_000);
        });
      }
    }
    child.on('exit', (code) => {
      children.delete(child);
      const seconds = (Date.now() - started) / 1000;
      timings.push({ script, seconds, ok: code === 0 });
      if (code !== 0 && !firstFailure) failureTail = tail.split('\n').slice(-TAIL_LINES).join('\n');
      resolve(code === 0 ? 0 : 1);
    });
  });
}

async function runLane(scripts, shared) {
  const file = shared ? join(logs, `${scripts[0].replace(/[^a-z0-9]+/gi, '-')}.log`) : undefined;
  const log = file ? createWriteStream(file) : undefined;
  for (const script of scripts) {
    if (firstFailure) break;
    if (log) log.write(`\n> npm run ${script}\n`);
    if ((await runScript(script, log)) !== 0) {
      // The first failure is the run's; the lanes beside it are stopped (their scripts then fail too).
      if (!firstFailure) {
        firstFailure = script;
        stopAll();
      }
      break;
    }
  }
  if (log) {
    await new Promise((resolve) => log.end(resolve));
    process.stdout.write(readFileSync(file, 'utf8'));
  }
}

function stopAll() {
  for (const child of children) stopGroup(child);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll();
    process.exit(130);
  });
}

const started = Date.now();
for (const lanes of STAGES) {
  const shared = lanes.length > 1;
  if (shared) console.log(`\n> side by side: ${lanes.map((lane) => lane.join(' → ')).join(' | ')} (each printed when it ends)`);
  await Promise.all(lanes.map((lane) => runLane(lane, shared)));
  if (firstFailure) break;
}
rmSync(logs, { recursive: true, force: true });

const minutes = (seconds) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
console.log('\nnpm test, step by step (m:ss):');
for (const { script, seconds, ok } of timings) console.log(`  ${ok ? ' ' : '✗'} ${script.padEnd(16)} ${minutes(seconds)}`);
console.log(`  total            ${minutes((Date.now() - started) / 1000)}`);
if (firstFailure) {
  if (failureTail) console.error(`\nThe last ${TAIL_LINES} lines npm run ${firstFailure} printed:\n${failureTail}`);
  console.error(`\nnpm test failed at: npm run ${firstFailure}`);
  process.exit(1);
}

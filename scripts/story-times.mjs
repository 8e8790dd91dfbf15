// Where a Storybook test-runner pass spends its time, from the moments it recorded with
// STORY_TIMES=<file> (.storybook/test-runner.ts): `STORY_TIMES=/tmp/times.jsonl npm run
// test:storybook`, then `node scripts/story-times.mjs /tmp/times.jsonl`. Each worker's time is
// the play (from the story's start to the play's end, render and the accessibility addon's checks
// included), the light and dark shots, axe in dark, and what lies between one story's end and
// the next one's start: mostly a story file's fresh page (a new browser context per file).
import './node-check.mjs';
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('Usage: node scripts/story-times.mjs <file written with STORY_TIMES>');
  process.exit(1);
}
const stories = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line))
  // A story whose look or axe check failed has no later moments: not counted.
  .filter((story) => ['start', 'played', 'light', 'dark', 'axe'].every((moment) => moment in story.times));

const phases = { play: 0, light: 0, dark: 0, axe: 0, between: 0 };
const byWorker = Map.groupBy(stories, (story) => story.worker);
let span = 0;
for (const list of byWorker.values()) {
  list.sort((a, b) => a.times.start - b.times.start);
  span += list.at(-1).times.axe - list[0].times.start;
  list.forEach(({ times }, i) => {
    phases.play += times.played - times.start;
    phases.light += times.light - times.played;
    phases.dark += times.dark - times.light;
    phases.axe += times.axe - times.dark;
    if (i + 1 < list.length) phases.between += list[i + 1].times.start - times.axe;
  });
}
const total = Object.values(phases).reduce((a, b) => a + b, 0);
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
console.log(`${stories.length} stories on ${byWorker.size} worker(s), ${seconds(span)} of worker time from each one's first story to its last:`);
for (const [phase, ms] of Object.entries(phases)) {
  console.log(`  ${phase.padEnd(8)} ${seconds(ms).padStart(7)}  ${((100 * ms) / total).toFixed(0).padStart(3)} %`);
}
const slowest = stories.map((s) => [s.id, s.times.played - s.times.start]).sort((a, b) => b[1] - a[1]).slice(0, 10);
console.log('The slowest plays:');
for (const [id, ms] of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(5)} s  ${id}`);

import { appendFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { TestRunnerConfig } from '@storybook/test-runner';
import { getStoryContext } from '@storybook/test-runner';
import { checkShot, FIXED_NOW, HOLD_TIMERS_FROM_MS, settle, shoot, skipShots, VISUAL_ON } from './visual.ts';
import { fixDates } from './fixDates.ts';
import { holdTimers } from './holdTimers.ts';

const require = createRequire(import.meta.url);

/**
 * The scripts each page has loaded (one page per story file, with a cache of its own), written
 * per story to STORY_VISITS_DIR: which screens a story file's stories reach (scripts/story-visits.mjs).
 * Kept on the page itself: the test-runner loads this module again for each of its hooks.
 */
const loadedScripts = (page: Page) => ((page as Page & { loadedScripts?: Set<string> }).loadedScripts ??= new Set());

/**
 * What a story's page logged as an error since the last story was checked: console errors (a
 * failed request says "Failed to load resource" there), uncaught exceptions, and MSW's word on a
 * call no handler answers. An error answer a story's own handler gave on purpose (its 404, 409 or
 * 503, from the service worker) is what the story shows, not an error of the page.
 */
interface ConsoleWatch {
  errors: string[];
  /** Addresses the story's mocked API answered with a status of 400 or more. */
  answered: Set<string>;
}
const consoleWatch = (page: Page) => ((page as Page & { consoleWatch?: ConsoleWatch }).consoleWatch ??= { errors: [], answered: new Set() });

/** The story a retried story's page is first sent to, so that it renders afresh. */
const NO_SUCH_STORY = 'test-runner--no-such-story';

/** A browser's own request of no story's (the preview's missing favicon). */
const IGNORED = [/\/favicon\.ico$/];

/**
 * With STORY_TIMES=<file>, each story's moments (its start, the play's end, each shot's end,
 * axe's end) are appended to that file as a line of JSON: `node scripts/story-times.mjs <file>`
 * says where a pass spends its time.
 */
const TIMES_FILE = process.env.STORY_TIMES;
const mark = (page: Page, moment: string) => {
  if (!TIMES_FILE) return;
  const times = ((page as Page & { storyTimes?: [string, number][] }).storyTimes ??= []);
  if (moment === 'start') times.length = 0;
  times.push([moment, Date.now()]);
};
const writeTimes = (page: Page, id: string) => {
  const times = (page as Page & { storyTimes?: [string, number][] }).storyTimes;
  if (TIMES_FILE && times?.length) appendFileSync(TIMES_FILE, `${JSON.stringify({ id, worker: process.pid, times: Object.fromEntries(times) })}\n`);
};

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Storybook's viewport names a story may set in `globals.viewport.value`. */
const VIEWPORTS: Record<string, { width: number; height: number }> = {
  mobile1: { width: 320, height: 568 },
  mobile2: { width: 414, height: 896 },
  tablet: { width: 834, height: 1112 },
};
const DESKTOP = { width: 1280, height: 800 };

/** How the test-runner loads, sizes and checks each story, beyond running its play. */
const config: TestRunnerConfig = {
  /**
   * The preview, with its dates starting at FIXED_NOW from its first script on (visual.ts), and
   * its long timeouts held from a play's end to the end of its shots (holdTimers.ts).
   */
  async prepare({ page }) {
    const loaded = loadedScripts(page);
    const watch = consoleWatch(page);
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname.replace(/^\//, '');
      if (path.endsWith('.js')) loaded.add(path);
      if (response.status() >= 400 && response.fromServiceWorker()) watch.answered.add(response.url());
    });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const at = message.location().url;
      if (IGNORED.some((pattern) => pattern.test(at))) return;
      if (message.text().startsWith('Failed to load resource: the server responded with a status of') && watch.answered.has(at)) return;
      // A story tried again (STORYBOOK_RETRIES) first shows no story at all (forgetStoryOnRetry).
      if (message.text().includes(NO_SUCH_STORY)) return;
      // The message and the first lines of its stack, where it has one.
      watch.errors.push(`${message.text().split('\n').slice(0, 4).join('\n')}${at ? ` (${at})` : ''}`);
    });
    page.on('pageerror', (error) => watch.errors.push(`uncaught: ${error.message}`));
    await page.addInitScript(fixDates, FIXED_NOW.getTime());
    await page.addInitScript(holdTimers, HOLD_TIMERS_FROM_MS);
    await page.goto(new URL('iframe.html', process.env.TARGET_URL).toString(), { waitUntil: 'load' });
    // The look comparison's self-check (scripts/visual-selfcheck.mjs) changes a theme token's value.
    const selfCheck = process.env.VISUAL_SELFCHECK_STYLE;
    if (selfCheck) await page.addStyleTag({ content: selfCheck });
    // The preview reads its index of stories after the page's load: a story's context (preVisit)
    // can be asked for once it has.
    await page.waitForFunction(() => '__STORYBOOK_PREVIEW__' in window);
    await page.evaluate(() => (window as unknown as { __STORYBOOK_PREVIEW__: { ready(): Promise<void> } }).__STORYBOOK_PREVIEW__.ready());
  },
  /**
   * The test-runner does not apply a story's viewport on its own; this makes a story that
   * sets `globals: { viewport: { value: 'mobile1' } }` run at that size in CI too.
   */
  async preVisit(page, context) {
    mark(page, 'start');
    // Every story starts at the same time, whichever ran before it in the page, with its timers
    // running (a play that failed left them held).
    await page.evaluate(() => {
      const hooks = window as unknown as { __restartDates?: () => void; __holdTimers?: (on: boolean) => void };
      hooks.__restartDates?.();
      hooks.__holdTimers?.(false);
    });
    await forgetStoryOnRetry(page, context.id);
    const story = await getStoryContext(page, context);
    // The prepared story carries its own `globals` as `storyGlobals` (not in the public type).
    const { storyGlobals } = story as { storyGlobals?: { viewport?: { value?: string } } };
    const name = storyGlobals?.viewport?.value;
    await page.setViewportSize((name && VIEWPORTS[name]) || DESKTOP);
  },
  /**
   * After the play: the story shot in light and in dark and compared with its baselines
   * (visual.ts); then, still in dark, axe's rules that read colours (text contrast, links told
   * apart from text): the accessibility addon ran every WCAG 2.1 A and AA rule in light, and
   * dark mode changes colours only. A violation fails the story, naming the rule and the elements.
   */
  async postVisit(page, context) {
    mark(page, 'played');
    try {
      await checkStory(page, context);
      writeTimes(page, context.id);
    } finally {
      // What came due during the shots runs now, before the next story mounts.
      await page.evaluate(() => (window as unknown as { __holdTimers?: (on: boolean) => void }).__holdTimers?.(false));
    }
  },
};

/**
 * A story run again after it failed (.storybook/retry.cjs) renders afresh: asked for the story
 * it shows, the preview answers "unchanged" and the test-runner passes it without a play. A
 * story that is missing first tears down what the page shows.
 */
async function forgetStoryOnRetry(page: Page, id: string) {
  const visited = page as Page & { lastStoryId?: string };
  const retry = visited.lastStoryId === id;
  visited.lastStoryId = id;
  if (!retry) return;
  await page.evaluate(
    (storyId) =>
      new Promise<void>((resolve) => {
        const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: { once(event: string, fn: () => void): void; emit(event: string, data: object): void } })
          .__STORYBOOK_ADDONS_CHANNEL__;
        channel.once('storyMissing', () => resolve());
        channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
        setTimeout(resolve, 5_000);
      }),
    NO_SUCH_STORY,
  );
}

/**
 * A story after its play: the scripts its page loaded recorded, its shots compared, and axe's
 * colour rules run in dark (see postVisit).
 */
async function checkStory(page: Page, context: Parameters<NonNullable<TestRunnerConfig['postVisit']>>[1]) {
  const visitsDir = process.env.STORY_VISITS_DIR;
  // A story whose play failed has failed already: nothing to compare.
  const failed = !!(context as { hasFailure?: boolean }).hasFailure;
  if (visitsDir) {
    writeFileSync(join(visitsDir, `${context.id}.json`), JSON.stringify({ scripts: [...loadedScripts(page)].sort(), failed }));
  }
  const watch = consoleWatch(page);
  const logged = watch.errors.splice(0);
  watch.answered.clear();
  if (failed) return;
  const { parameters } = await getStoryContext(page, context);
  // A story that shows a failure of the network says what its page logs for it:
  // `parameters: { consoleErrors: ['net::ERR_FAILED'] }` (parts of the lines it expects).
  const expected = (parameters as { consoleErrors?: string[] }).consoleErrors ?? [];
  const unexpected = logged.filter((line) => !expected.some((part) => line.includes(part)));
  if (unexpected.length) {
    throw new Error(
      `The page logged errors the story does not expect (parameters.consoleErrors lists those it does; the story before may have left them):\n${unexpected.join('\n')}`,
    );
  }
  const differences: string[] = [];
  // A story may say why its look cannot be compared: `parameters: { visual: { skip: 'why' } }`.
  const skip = (parameters as { visual?: { skip?: string } }).visual?.skip;
  if (skip) await skipShots(context.id);
  const compare = async (mode: 'light' | 'dark') => {
    if (!VISUAL_ON || skip) return;
    // A play may end while the page still settles (focus coming back to a menu's trigger after
    // it closed): the look is taken once it has (settle), once, compared or (updating) written.
    await settle(page);
    const difference = await checkShot(context.id, mode, await shoot(page));
    if (difference) differences.push(difference);
  };
  await compare('light');
  mark(page, 'light');
  await page.evaluate(() => {
    const root = document.documentElement;
    root.classList.remove('light');
    root.classList.add('dark');
    root.style.colorScheme = 'dark';
  });
  await compare('dark');
  mark(page, 'dark');
  if (differences.length) {
    throw new Error(`Looks different from its baseline (visual-report/ has expected, actual and difference):\n${differences.join('\n')}`);
  }
  // The accessibility addon has checked every rule in light; dark changes colours only, so the
  // rules that read colours run again (the addon's axe where the page has it). Not in frames:
  // every frame the console shows is sandboxed without its origin (the blog preview, the website
  // in device frames), so axe cannot run inside one, and waits for each frame's answer that
  // cannot come (the article screens' dark check took twice as long: 40 s of 78 stories, then 22).
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: string, options: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run('#storybook-root', { iframes: false, runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] } });
    return result.violations;
  });
  mark(page, 'axe');
  if (violations.length) {
    const lines = (violations as AxeViolation[]).map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).slice(0, 5).join(', ')})`,
    );
    throw new Error(`Accessibility in dark mode:\n${lines.join('\n')}`);
  }
}

export default config;

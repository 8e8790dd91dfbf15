// The test-runner's environment for each story file, with two savings on the moves between story
// files (150 in a pass; each one a fresh browser context whose page loads the preview's scripts,
// starts the mock service worker and loads the fonts and axe before its first story):
//
// - The story files that visit no screen loaded on demand (stories/visits.json lists none for
//   them: most component files) run one after another in one page per worker, as the stories
//   of one file do; storage is cleared as each file starts. A file that starts visiting a
//   screen still shows it: no file before it in that page has loaded one, so the screen loads
//   for it and the run compares its visits with the record. Runs that write the record
//   (`--update`) give every file a page of its own.
// - The hooks of .storybook/test-runner.ts handed to each file from the copy this environment has
//   loaded, once per worker. The test-runner's own setup file did that by importing the whole
//   test-runner (Storybook's internals and Babel) again in each file's fresh module registry:
//   1.2 s of each move on a busy 2-core machine.
//
// (A context shared by every file saved little beyond this, and kept every file's mock service
// worker running: the browser does not end a worker its driver is attached to.)
import { relative } from 'node:path';
import PlaywrightEnvironment from '@storybook/test-runner/dist/jest-playwright-entries/test-environment.js';
import { getTestRunnerConfig, setupPage } from '@storybook/test-runner';
import { readVisits } from '../scripts/story-visits.mjs';

const root = new URL('..', import.meta.url).pathname;
const visits = process.env.VISUAL_UPDATE === 'true' ? {} : (readVisits()?.visits ?? {});

/** This worker's page for the story files that visit no screen, once the first of them made it. */
let shared;

export default class StoryEnvironment extends PlaywrightEnvironment {
  constructor(config, context) {
    super(config, context);
    this.storyFile = relative(root, context.testPath);
  }

  async setup() {
    const sharing = visits[this.storyFile]?.length === 0;
    const reuse = sharing && shared && !shared.page.isClosed();
    // jest-playwright connects, opens a context and a page unless the file reuses them.
    this._config.testEnvironmentOptions['jest-playwright'].skipInitialization = reuse;
    await super.setup();
    if (reuse) {
      Object.assign(this.global, shared);
      await shared.page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await shared.context.clearCookies();
      // The scripts this file's stories load, for its visits (.storybook/test-runner.ts).
      shared.page.loadedScripts?.clear();
    } else {
      await setupPage(this.global.page, this.global.context);
      if (sharing) shared = { browser: this.global.browser, context: this.global.context, page: this.global.page };
    }
    const config = (await getTestRunnerConfig()) ?? {};
    Object.assign(this.global, {
      __sbPreVisit: config.preVisit,
      __sbPostVisit: config.postVisit,
      // What the generated tests call to load the page again after a navigation.
      __sbSetupPage: setupPage,
      __sbCollectCoverage: false,
    });
  }

  async teardown() {
    // The shared page stays open for the worker's next file (it ends with the browser); the page
    // the test-runner opened again after a navigation becomes the shared one.
    if (shared && this.global.context === shared.context) {
      shared.page = this.global.page;
      this.global.browser = undefined;
    }
    await super.teardown();
  }
}

// The test-runner's environment for each story file (its own browser context and page, loaded by
// .storybook/test-runner.ts's prepare), which also hands the file the hooks of
// .storybook/test-runner.ts from the copy it has loaded, once per worker. The test-runner's own
// setup file did that by importing the whole test-runner (Storybook's internals and Babel) again
// in each file's fresh module registry: 1.2 s of each of the 150 moves to a new story file on a
// busy 2-core machine.
//
// (One context shared by a worker's files saved little more, and kept every file's mock service
// worker running: the browser does not end a worker its driver is attached to.)
import StorybookEnvironment from '@storybook/test-runner/playwright/custom-environment.js';
import { getTestRunnerConfig, setupPage } from '@storybook/test-runner';

export default class StoryEnvironment extends StorybookEnvironment {
  async setup() {
    await super.setup();
    const config = (await getTestRunnerConfig()) ?? {};
    Object.assign(this.global, {
      __sbPreVisit: config.preVisit,
      __sbPostVisit: config.postVisit,
      // What the generated tests call to load the page again after a navigation.
      __sbSetupPage: setupPage,
      __sbCollectCoverage: false,
    });
  }
}

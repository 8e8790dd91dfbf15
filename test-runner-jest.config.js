import { getJestConfig } from '@storybook/test-runner';
import { browserPath } from './scripts/find-browser.mjs';

const base = getJestConfig();

/** The Storybook test-runner on Debian's Chromium or CHROMIUM_PATH (no browser download on these machines). */
export default {
  ...base,
  testTimeout: 30000,
  testSequencer: new URL('./scripts/story-sequencer.mjs', import.meta.url).pathname,
  // The hooks of .storybook/test-runner.ts reach each story file through the environment, loaded
  // once per worker, rather than through the test-runner's setup file, loaded again per file.
  testEnvironment: new URL('./.storybook/test-environment.mjs', import.meta.url).pathname,
  setupFilesAfterEnv: [
    ...base.setupFilesAfterEnv.filter((file) => !file.endsWith('/playwright/jest-setup.js')),
    new URL('./.storybook/retry.cjs', import.meta.url).pathname,
  ],
  testEnvironmentOptions: {
    'jest-playwright': {
      ...base.testEnvironmentOptions['jest-playwright'],
      browsers: ['chromium'],
      // Dates read the same on any machine (the clock is fixed in .storybook/test-runner.ts), and
      // motion is reduced as the console allows it: what opens and closes appears at once.
      contextOptions: { timezoneId: 'UTC', locale: 'en-US', reducedMotion: 'reduce' },
      launchOptions: {
        executablePath: browserPath(),
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
        ],
      },
    },
  },
};

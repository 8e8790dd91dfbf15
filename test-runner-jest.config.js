import { getJestConfig } from '@storybook/test-runner';
import { browserPath } from './scripts/find-browser.mjs';

const base = getJestConfig();

/** The Storybook test-runner on Debian's Chromium or CHROMIUM_PATH (no browser download on these machines). */
export default {
  ...base,
  testTimeout: 30000,
  testEnvironmentOptions: {
    'jest-playwright': {
      ...base.testEnvironmentOptions['jest-playwright'],
      browsers: ['chromium'],
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

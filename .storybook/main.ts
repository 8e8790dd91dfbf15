import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['msw-storybook-addon', '@storybook/addon-a11y', '@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  // .vite/manifest.json: which chunk holds each lazily loaded module, so the test-runner can
  // record the screens each story file visits (scripts/story-visits.mjs).
  viteFinal: (vite) => ({ ...vite, build: { ...vite.build, manifest: true } }),
};

export default config;

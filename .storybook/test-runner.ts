import type { TestRunnerConfig } from '@storybook/test-runner';
import { getStoryContext } from '@storybook/test-runner';

/** Storybook's viewport names a story may set in `globals.viewport.value`. */
const VIEWPORTS: Record<string, { width: number; height: number }> = {
  mobile1: { width: 320, height: 568 },
  mobile2: { width: 414, height: 896 },
  tablet: { width: 834, height: 1112 },
};
const DESKTOP = { width: 1280, height: 800 };

/**
 * The test-runner does not apply a story's viewport on its own; this makes a story that
 * sets `globals: { viewport: { value: 'mobile1' } }` run at that size in CI too.
 */
const config: TestRunnerConfig = {
  async preVisit(page, context) {
    const story = await getStoryContext(page, context);
    // The prepared story carries its own `globals` as `storyGlobals` (not in the public type).
    const { storyGlobals } = story as { storyGlobals?: { viewport?: { value?: string } } };
    const name = storyGlobals?.viewport?.value;
    await page.setViewportSize((name && VIEWPORTS[name]) || DESKTOP);
  },
};

export default config;

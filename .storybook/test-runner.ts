import { createRequire } from 'node:module';
import type { TestRunnerConfig } from '@storybook/test-runner';
import { getStoryContext } from '@storybook/test-runner';

const require = createRequire(import.meta.url);

/** The screens checked again in dark mode (the accessibility addon checks every story in light). */
const CHECKED_IN_DARK = /^routes-(dashboard|articles|articledetail|filemanager|account|analytics|webhooks)--/;

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
  /**
   * After the play: the same screen in dark mode, checked with axe (WCAG 2.1 A and AA, colour
   * contrast included). A violation fails the story, naming the rule and the elements.
   */
  async postVisit(page, context) {
    if (!CHECKED_IN_DARK.test(context.id)) return;
    await page.evaluate(() => {
      const root = document.documentElement;
      root.classList.remove('light');
      root.classList.add('dark');
      root.style.colorScheme = 'dark';
    });
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: string, options: object) => Promise<{ violations: unknown[] }> } }).axe;
      const result = await axe.run('#storybook-root', { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return result.violations;
    });
    if (violations.length) {
      const lines = (violations as AxeViolation[]).map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).slice(0, 5).join(', ')})`,
      );
      throw new Error(`Accessibility in dark mode:\n${lines.join('\n')}`);
    }
  },
};

export default config;

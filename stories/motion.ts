/**
 * Whether the browser asks for less motion. The test-runner does (.storybook/test-runner.ts):
 * plays then see dialogs and menus at once, and spinning icons hold still.
 */
export const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Story parameters for the visual comparison (.storybook/visual.ts).
 */

/** The browser's own validation bubble is on screen: it fades in at its own pace, so no two shots match. */
export const nativeValidationBubble = { visual: { skip: "the browser's own validation bubble fades in at its own pace" } };

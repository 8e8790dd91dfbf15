/**
 * What a story checks of a button whose action is under way (src/components/common/Button.tsx):
 * it says so (busy, and disabled to assistive technology) yet keeps the keyboard's focus, so it
 * is not `disabled`.
 */
import { expect } from 'storybook/test';

export async function expectBusy(button: HTMLElement) {
  await expect(button).toHaveAttribute('aria-busy', 'true');
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(button).not.toBeDisabled();
}

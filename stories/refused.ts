/**
 * What a story checks of a control the signed-in role may not use: it is marked disabled (yet
 * focusable), and pointing at it shows who may, in a tooltip.
 */
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';

/** Tooltips fade in and wait the 700 ms of docs/product.md, 'Timings and limits': a generous wait under load. */
const shown = { timeout: 10_000 };

/**
 * `control` is disabled for the role, and pointing at `trigger` (the control itself, unless its
 * tooltip is around it) shows `reason`. The pointer then leaves and the tooltip goes: Ark's
 * tooltips share their state, and one left open would open the next story's at once.
 */
export async function expectRefused(control: HTMLElement, reason: string, trigger: HTMLElement = control) {
  await expect(control).toHaveAttribute('aria-disabled', 'true');
  const page = within(control.ownerDocument.body);
  const tooltip = await pointAt(trigger);
  await expect(tooltip).toHaveTextContent(reason);
  await userEvent.unhover(trigger);
  await waitFor(() => expect(page.queryByRole('tooltip')).toBeNull(), shown);
}

/**
 * Points at `trigger` until its tooltip shows, and returns the tooltip. A tooltip closes while it
 * waits to open when anything on the page scrolls (an editor laying itself out, say), and a
 * pointer at rest sends nothing more: so the pointer moves on the trigger, as a hand's does, until
 * the tooltip is there. A move while the tooltip waits or shows changes nothing.
 */
export async function pointAt(trigger: HTMLElement): Promise<HTMLElement> {
  const page = within(trigger.ownerDocument.body);
  await userEvent.hover(trigger);
  return waitFor(() => {
    const tooltip = page.queryByRole('tooltip');
    if (!tooltip) fireEvent.pointerMove(trigger, { pointerType: 'mouse' });
    expect(tooltip).toBeVisible();
    return tooltip!;
  }, { ...shown, interval: 250 });
}

/**
 * Clicks `control` (refused: nothing should happen), then the pointer leaves `trigger` again.
 * The click's pointer starts the tooltip's opening delay; left pending, the tooltip would show
 * 700 ms after the play, in some screenshots and not others.
 */
export async function clickRefused(control: HTMLElement, trigger: HTMLElement = control) {
  await userEvent.click(control);
  await userEvent.unhover(trigger);
  await waitFor(() => expect(within(control.ownerDocument.body).queryByRole('tooltip')).toBeNull(), shown);
}

/**
 * What the Sources screen's story files share (Screens/Sources/…): the meta they start from, a
 * source's card and its entries.
 */
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { sourceTexts } from '../../../src/lib/texts-sources';
import { authHandlers, siteRuleHandlers, sourceHandlers } from '../../mocks';
import { reducedMotion } from '../../motion';
import { ready, opened } from '../plays';
import { screen } from '../screen';

export const t = sourceTexts;

export const sourcesScreen = screen('/sources', () => authHandlers.signedIn(), () => sourceHandlers.api(), () => siteRuleHandlers.api());

/** A source's card once the list has come, by its name (its feed's title, else its address). */
export async function card(canvasElement: HTMLElement, name: string) {
  return within(await within(canvasElement).findByRole('listitem', { name }, ready));
}

/** The entries of the source whose feed is `feedUrl`, open, once their first page has come. */
export async function openEntries(canvasElement: HTMLElement, name: string, feedUrl: string) {
  const source = await card(canvasElement, name);
  await userEvent.click(source.getByRole('button', { name: t.source.entriesLabel(feedUrl) }));
  const dialog = await opened(within(canvasElement.ownerDocument.body).findByRole('dialog', { name: t.log.title(feedUrl) }, ready));
  // It fades in (at once when the system asks for less motion).
  if (reducedMotion()) await expect(getComputedStyle(dialog).animationName).toBe('none');
  await waitFor(() => expect(dialog).toBeVisible(), ready);
  return within(dialog);
}

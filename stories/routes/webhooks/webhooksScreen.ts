/**
 * What the Webhooks screen's story files share (Screens/Webhooks/…): the meta they start from, an
 * endpoint's card and its delivery log.
 */
import { expect, userEvent, within } from 'storybook/test';
import type { WebhookDelivery } from '../../../src/contract';
import { formatDateTime } from '../../../src/lib/format';
import { webhookTexts } from '../../../src/lib/texts-webhooks';
import { authHandlers, webhookHandlers } from '../../mocks';
import { reducedMotion } from '../../motion';
import { ready, opened } from '../plays';
import { screen } from '../screen';

export const t = webhookTexts;

export const webhooksScreen = screen('/webhooks', () => authHandlers.signedIn(), () => webhookHandlers.api());

/** An endpoint's card once the list has come, by its address. */
export async function card(canvasElement: HTMLElement, url: string) {
  return within(await within(canvasElement).findByRole('listitem', { name: url }, ready));
}

/** The delivery log of `url`, open, once its first page has come. */
export async function openLog(canvasElement: HTMLElement, url: string) {
  const endpoint = await card(canvasElement, url);
  await userEvent.click(endpoint.getByRole('button', { name: t.endpoint.deliveriesLabel(url) }));
  const dialog = await opened(within(canvasElement.ownerDocument.body).findByRole('dialog', { name: t.log.title(url) }, ready));
  // It fades in, at once when the system asks for less motion.
  if (reducedMotion()) await expect(getComputedStyle(dialog).animationName).toBe('none');
  return within(dialog);
}

export const deliveryName = (delivery: Pick<WebhookDelivery, 'type' | 'createdAt'>) =>
  t.log.delivery(t.log.eventLabel(delivery.type), formatDateTime(delivery.createdAt));

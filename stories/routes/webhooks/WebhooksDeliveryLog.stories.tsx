// An endpoint's delivery log: its deliveries (pending, given up, delivered), more on demand, a
// redelivery, and the log's states.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serverMessages, webhookMessages } from '../../../src/contract';
import { formatDateTime } from '../../../src/lib/format';
import { disabledEndpoint, failingEndpoint, healthyEndpoint, sampleWebhookDeliveries } from '../../fixtures';
import { webhookHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { ready } from '../plays';
import { type ScreenStory as Story, using } from '../screen';
import { deliveryName, openLog, t, webhooksScreen } from './webhooksScreen';

export default { title: 'Screens/Webhooks/DeliveryLog', tags: ['!autodocs'], ...webhooksScreen } satisfies Meta<typeof AppStory>;

/** The failing endpoint's log: pending with retries and the next attempt, given up, delivered. */
export const DeliveryLog: Story = {
  play: async ({ canvasElement }) => {
    const log = await openLog(canvasElement, failingEndpoint.url);
    const list = await log.findByRole('list', { name: t.log.listLabel }, ready);
    await expect(list.children).toHaveLength(4);
    const [pending, , failed, delivered] = sampleWebhookDeliveries()[failingEndpoint.id]!;
    const waiting = within(log.getByRole('listitem', { name: deliveryName(pending!) }));
    await expect(waiting.getByText(t.log.state.pending)).toBeVisible();
    await expect(waiting.getByText(t.log.nextAttempt(formatDateTime(pending!.nextAttemptAt!)))).toBeVisible();
    await expect(within(waiting.getByRole('list', { name: t.log.attemptsLabel })).getAllByRole('listitem')).toHaveLength(4);
    await expect(within(log.getByRole('listitem', { name: deliveryName(failed!) })).getByText(t.log.state.failed)).toBeVisible();
    await expect(within(log.getByRole('listitem', { name: deliveryName(delivered!) })).getByText(t.log.state.delivered)).toBeVisible();
    // Escape closes it; the focus goes back to the button that opened it.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(canvasElement).getByRole('button', { name: t.endpoint.deliveriesLabel(failingEndpoint.url) })).toHaveFocus(),
    );
  },
};

/** 20 deliveries a page: Load more brings the older ones. */
export const DeliveryLogLoadMore: Story = {
  play: async ({ canvasElement }) => {
    const log = await openLog(canvasElement, healthyEndpoint.url);
    const list = await log.findByRole('list', { name: t.log.listLabel }, ready);
    await expect(list.children).toHaveLength(20);
    await userEvent.click(log.getByRole('button', { name: t.log.loadMore }));
    await waitFor(() => expect(list.children).toHaveLength(23), ready);
    await expect(log.queryByRole('button', { name: t.log.loadMore })).toBeNull();
  },
};

/** Redeliver a delivery that was given up: it shows pending again, due now. */
export const Redeliver: Story = {
  play: async ({ canvasElement }) => {
    const log = await openLog(canvasElement, failingEndpoint.url);
    await log.findByRole('list', { name: t.log.listLabel }, ready);
    const failed = sampleWebhookDeliveries()[failingEndpoint.id]![2]!;
    const row = within(log.getByRole('listitem', { name: deliveryName(failed) }));
    // Visible once the dialog has faded in.
    await waitFor(() => expect(row.getByText(t.log.state.failed)).toBeVisible(), ready);
    await expect(row.queryByText(t.log.state.pending)).toBeNull();
    await userEvent.click(row.getByRole('button', { name: t.log.redeliverLabel(t.log.eventLabel(failed.type), formatDateTime(failed.createdAt)) }));
    await expect(await row.findByText(t.log.state.pending, undefined, ready)).toBeVisible();
    await expect(row.queryByText(t.log.state.failed)).toBeNull();
    await expect(row.getByText(/^Next attempt /)).toBeVisible();
    await waitFor(() => expect(row.getByRole('status')).toHaveTextContent(t.log.redelivered), ready);
  },
};

/** A disabled endpoint's log: nothing can be redelivered, and it says why. */
export const DeliveryLogOfDisabledEndpoint: Story = {
  play: async ({ canvasElement }) => {
    const log = await openLog(canvasElement, disabledEndpoint.url);
    await log.findByRole('list', { name: t.log.listLabel }, ready);
    await expect(log.getByText(webhookMessages.endpointDisabled)).toBeVisible();
    await expect(log.queryAllByRole('button', { name: new RegExp(`^${t.log.redeliver}`) })).toHaveLength(0);
  },
};

export const DeliveryLogEmpty: Story = {
  beforeEach: using(() => webhookHandlers.api({ deliveries: {} })),
  play: async ({ canvasElement }) => {
    const log = await openLog(canvasElement, healthyEndpoint.url);
    const empty = await log.findByText(t.log.empty, undefined, ready);
    // The dialog fades in: visible once its opening ends.
    await waitFor(() => expect(empty).toBeVisible(), ready);
  },
};

export const DeliveryLogLoading: Story = {
  beforeEach: using(() => webhookHandlers.deliveriesLoading()),
  play: async ({ canvasElement }) => {
    const log = await openLog(canvasElement, healthyEndpoint.url);
    await expect(await log.findByRole('status', undefined, ready)).toHaveTextContent(t.log.loading);
  },
};

/** The log fails: the server's words, and Try Again. */
export const DeliveryLogFailed: Story = {
  beforeEach: using(() => webhookHandlers.deliveriesFailing()),
  play: async ({ canvasElement }) => {
    const log = await openLog(canvasElement, healthyEndpoint.url);
    await expect(await log.findByRole('alert', undefined, ready)).toHaveTextContent(serverMessages.databaseUnavailable);
    await expect(log.getByRole('button', { name: t.log.retry })).toBeVisible();
  },
};

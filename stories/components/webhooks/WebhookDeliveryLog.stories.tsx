import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ClosableDialog } from '../../../src/components/common/ClosableDialog';
import { WebhookDeliveriesDialog, WebhookDeliveryLog } from '../../../src/components/webhooks';
import { serverMessages, webhookMessages } from '../../../src/contract';
import { formatDateTime } from '../../../src/lib/format';
import { webhookTexts } from '../../../src/lib/texts-webhooks';
import { failingEndpoint, sampleWebhookDeliveries } from '../../fixtures';
import { expectBusy } from '../../busy';

const t = webhookTexts.log;
const log = sampleWebhookDeliveries()[failingEndpoint.id]!;
const [pending, , failed, delivered] = log as [(typeof log)[0], (typeof log)[0], (typeof log)[0], (typeof log)[0]];
const nameOf = (delivery: (typeof log)[0]) => t.delivery(t.eventLabel(delivery.type), formatDateTime(delivery.createdAt));

const meta = {
  title: 'Components/Webhooks/WebhookDeliveryLog',
  component: WebhookDeliveryLog,
  // The Webhooks screen shows the log in WebhookDeliveriesDialog (a ClosableDialog): Routes/Webhooks › DeliveryLog opens it.
  subcomponents: { WebhookDeliveriesDialog, ClosableDialog },
  args: {
    deliveries: log,
    isLoading: false,
    error: null,
    onRetry: fn(),
    hasMore: false,
    isLoadingMore: false,
    onLoadMore: fn(),
    redeliverBlocked: null,
    onRedeliver: fn(async () => {}),
  },
} satisfies Meta<typeof WebhookDeliveryLog>;
export default meta;

type Story = StoryObj<typeof meta>;

const row = (canvasElement: HTMLElement, delivery: (typeof log)[0]) => within(within(canvasElement).getByRole('listitem', { name: nameOf(delivery) }));

/** Pending with retries (and when next), given up, delivered: each attempt with its status or error, time and answer. */
export const Deliveries: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: t.listLabel }).children).toHaveLength(4);

    const waiting = row(canvasElement, pending);
    await expect(waiting.getByText(t.state.pending)).toBeVisible();
    await expect(waiting.getByText(t.nextAttempt(formatDateTime(pending.nextAttemptAt!)))).toBeVisible();
    const attempts = within(waiting.getByRole('list', { name: t.attemptsLabel }));
    await expect(attempts.getAllByRole('listitem')).toHaveLength(4);
    const timedOut = within(attempts.getByRole('listitem', { name: t.attempt(3) }));
    await expect(timedOut.getByText(t.noStatus)).toBeVisible();
    await expect(timedOut.getByText('No answer within 5 s')).toBeVisible();
    await expect(timedOut.getByText(/5,000 ms/)).toBeVisible();
    const answered = within(attempts.getByRole('listitem', { name: t.attempt(4) }));
    await expect(answered.getByText('500')).toBeVisible();
    await expect(answered.getByText(/<h1>Internal Server Error<\/h1>/)).toHaveStyle({ whiteSpace: 'pre-wrap' });

    const gaveUp = row(canvasElement, failed);
    await expect(gaveUp.getByText(t.state.failed)).toBeVisible();
    await expect(gaveUp.getByText(t.gaveUp)).toBeVisible();

    const ok = row(canvasElement, delivered);
    await expect(ok.getByText(t.state.delivered)).toBeVisible();
    await expect(ok.getByText('200')).toBeVisible();
    await expect(ok.getByText('{"received":true}')).toBeVisible();
    await expect(ok.queryByText(/Next attempt/)).toBeNull();
    // No more pages: no Load more.
    await expect(canvas.queryByRole('button', { name: t.loadMore })).toBeNull();
  },
};

/** Redeliver: that delivery is queued again, and it is said. */
export const Redeliver: Story = {
  play: async ({ canvasElement, args }) => {
    const gaveUp = row(canvasElement, failed);
    await expect(gaveUp.getByRole('status')).toHaveTextContent('');
    await userEvent.click(gaveUp.getByRole('button', { name: t.redeliverLabel(t.eventLabel(failed.type), formatDateTime(failed.createdAt)) }));
    await expect(args.onRedeliver).toHaveBeenCalledWith(failed.id);
    await waitFor(() => expect(gaveUp.getByRole('status')).toHaveTextContent(t.redelivered));
  },
};

export const RedeliverRefused: Story = {
  args: { onRedeliver: fn(async () => Promise.reject(new Error(webhookMessages.deliveryNotFound))) },
  play: async ({ canvasElement }) => {
    const gaveUp = row(canvasElement, failed);
    await userEvent.click(gaveUp.getByRole('button', { name: new RegExp(`^${t.redeliver}`) }));
    await expect(await gaveUp.findByRole('alert')).toHaveTextContent(webhookMessages.deliveryNotFound);
  },
};

/** The endpoint is disabled: nothing can be redelivered, and the log says why. */
export const RedeliverBlocked: Story = {
  args: { redeliverBlocked: webhookMessages.endpointDisabled },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(webhookMessages.endpointDisabled)).toBeVisible();
    await expect(canvas.queryAllByRole('button', { name: new RegExp(`^${t.redeliver}`) })).toHaveLength(0);
  },
};

/** Older pages on demand. */
export const LoadMore: Story = {
  args: { hasMore: true },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: t.loadMore }));
    await expect(args.onLoadMore).toHaveBeenCalledTimes(1);
  },
};

export const LoadingMore: Story = {
  args: { hasMore: true, isLoadingMore: true },
  play: async ({ canvasElement }) => {
    await expectBusy(within(canvasElement).getByRole('button', { name: new RegExp(t.loadingMore) }));
  },
};

export const Empty: Story = {
  args: { deliveries: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.empty)).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const Loading: Story = {
  args: { deliveries: undefined, isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(t.loading);
  },
};

export const Failed: Story = {
  args: { deliveries: undefined, error: serverMessages.databaseUnavailable },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(`${t.error}: ${serverMessages.databaseUnavailable}`);
    await userEvent.click(canvas.getByRole('button', { name: t.retry }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

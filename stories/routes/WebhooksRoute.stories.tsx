import type { Meta, StoryObj } from '@storybook/react-vite';
import { http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serverMessages, webhookEventLabels, webhookMessages, type WebhookDelivery } from '../../src/contract';
import { formatDateTime } from '../../src/lib/format';
import { webhookTexts } from '../../src/lib/texts-webhooks';
import { authHandlers, webhookHandlers } from '../mocks';
import { disabledEndpoint, failingEndpoint, healthyEndpoint, SAMPLE_WEBHOOK_SECRET, sampleWebhookDeliveries } from '../mocks/webhooks';
import { AppStory } from './AppStory';
import { reducedMotion } from '../motion';

const t = webhookTexts;
const ready = { timeout: 10_000 };

const meta = {
  title: 'Screens/Webhooks',
  tags: ['!autodocs'],
  component: AppStory,
  args: { path: '/webhooks' },
  parameters: { layout: 'fullscreen' },
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedIn(), ...webhookHandlers.api());
  },
} satisfies Meta<typeof AppStory>;
export default meta;

type Story = StoryObj<typeof meta>;

/** An endpoint's card once the list has come, by its address. */
async function card(canvasElement: HTMLElement, url: string) {
  return within(await within(canvasElement).findByRole('listitem', { name: url }, ready));
}

/** The delivery log of `url`, open, once its first page has come. */
async function openLog(canvasElement: HTMLElement, url: string) {
  const endpoint = await card(canvasElement, url);
  await userEvent.click(endpoint.getByRole('button', { name: t.endpoint.deliveriesLabel(url) }));
  const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: t.log.title(url) }, ready);
  // It fades in (at once when the system asks for less motion): what it shows is visible only
  // once its opacity has left 0.
  if (reducedMotion()) await expect(getComputedStyle(dialog).animationName).toBe('none');
  await waitFor(() => expect(dialog).toBeVisible(), ready);
  return within(dialog);
}

const deliveryName = (delivery: Pick<WebhookDelivery, 'type' | 'createdAt'>) =>
  t.log.delivery(t.log.eventLabel(delivery.type), formatDateTime(delivery.createdAt));

/** A healthy endpoint, one whose deliveries fail (since when, what waits), one the server disabled. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: t.title, level: 1 }, ready)).toBeVisible();
    await expect(await canvas.findByRole('list', { name: t.list.label }, ready)).toBeVisible();
    await expect(canvas.getByRole('list', { name: t.list.label }).children).toHaveLength(3);
    const failing = await card(canvasElement, failingEndpoint.url);
    await expect(failing.getByText(t.endpoint.failingSince(formatDateTime(failingEndpoint.failingSince!)))).toBeVisible();
    await expect(failing.getByText(t.endpoint.pending(2), { exact: false })).toBeVisible();
    const disabled = await card(canvasElement, disabledEndpoint.url);
    await expect(disabled.getByText(webhookMessages.disabledAfterFailures)).toBeVisible();
    await expect(disabled.getByRole('button', { name: t.endpoint.enableLabel(disabledEndpoint.url) })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(...webhookHandlers.empty());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: t.list.emptyTitle }, ready)).toBeVisible();
    await expect(canvas.getByRole('button', { name: t.form.submit })).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(...webhookHandlers.loading());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t.list.loading, undefined, ready)).toBeVisible();
    await expect(canvas.queryByRole('list', { name: t.list.label })).toBeNull();
  },
};

/** The database is down: the server's words, and Try Again. */
export const Failed: Story = {
  beforeEach({ msw }) {
    msw.use(...webhookHandlers.failing());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert', undefined, ready)).toHaveTextContent(serverMessages.databaseUnavailable);
    await expect(canvas.getByRole('heading', { name: t.list.errorTitle })).toBeVisible();
  },
};

/** Adding an endpoint shows its signing secret once; the list then carries it. */
export const AddEndpoint: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await card(canvasElement, healthyEndpoint.url);
    await userEvent.type(canvas.getByRole('textbox', { name: t.form.url }), 'https://hooks.example.com/new');
    await userEvent.click(canvas.getByRole('checkbox', { name: webhookEventLabels['article.published'] }));
    await userEvent.click(canvas.getByRole('button', { name: t.form.submit }));
    await expect(await canvas.findByTestId('one-time-secret', undefined, ready)).toHaveTextContent(SAMPLE_WEBHOOK_SECRET);
    await expect(canvas.getByText(t.secret.created('https://hooks.example.com/new'))).toBeVisible();
    const added = await card(canvasElement, 'https://hooks.example.com/new');
    await expect(added.getByText(t.endpoint.noAttempt)).toBeVisible();
    await expect(canvas.getByRole('list', { name: t.list.label }).children).toHaveLength(4);
    await expect(canvas.getByRole('textbox', { name: t.form.url })).toHaveValue('');
  },
};

/** A private address: the server's refusal under the form, the address kept in the input, no secret. */
export const AddRefusedPrivateAddress: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await card(canvasElement, healthyEndpoint.url);
    const url = canvas.getByRole('textbox', { name: t.form.url });
    await userEvent.type(url, 'http://192.168.1.20/hook');
    await userEvent.click(canvas.getByRole('checkbox', { name: webhookEventLabels['file.uploaded'] }));
    await userEvent.click(canvas.getByRole('button', { name: t.form.submit }));
    await expect(await canvas.findByRole('alert', undefined, ready)).toHaveTextContent(webhookMessages.privateAddress);
    await expect(url).toHaveValue('http://192.168.1.20/hook');
    await expect(canvas.queryByTestId('one-time-secret')).toBeNull();
    await expect(canvas.getByRole('list', { name: t.list.label }).children).toHaveLength(3);
  },
};

/** 'Send a test event': said on the card; its delivery waits at the top of the log. */
export const SendTestEvent: Story = {
  play: async ({ canvasElement }) => {
    const healthy = await card(canvasElement, healthyEndpoint.url);
    await expect(healthy.getByText(t.endpoint.pending(0), { exact: false })).toBeVisible();
    await userEvent.click(healthy.getByRole('button', { name: t.endpoint.sendTestLabel(healthyEndpoint.url) }));
    await waitFor(() => expect(healthy.getByRole('status')).toHaveTextContent(t.endpoint.testSent), ready);
    await expect(healthy.getByText(t.endpoint.pending(1), { exact: false })).toBeVisible();
    const log = await openLog(canvasElement, healthyEndpoint.url);
    const list = await log.findByRole('list', { name: t.log.listLabel }, ready);
    const newest = within(list.children[0] as HTMLElement);
    await expect(newest.getByText('Test event')).toBeVisible();
    await expect(newest.getByText(t.log.state.pending)).toBeVisible();
    await expect(newest.getByText(t.log.noAttempts)).toBeVisible();
  },
};

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
  beforeEach({ msw }) {
    msw.use(...webhookHandlers.api({ deliveries: {} }));
  },
  play: async ({ canvasElement }) => {
    const log = await openLog(canvasElement, healthyEndpoint.url);
    const empty = await log.findByText(t.log.empty, undefined, ready);
    // The dialog fades in: visible once its opening ends.
    await waitFor(() => expect(empty).toBeVisible(), ready);
  },
};

export const DeliveryLogLoading: Story = {
  beforeEach({ msw }) {
    msw.use(...webhookHandlers.deliveriesLoading());
  },
  play: async ({ canvasElement }) => {
    const log = await openLog(canvasElement, healthyEndpoint.url);
    await expect(await log.findByRole('status', undefined, ready)).toHaveTextContent(t.log.loading);
  },
};

/** The log fails: the server's words, and Try Again. */
export const DeliveryLogFailed: Story = {
  beforeEach({ msw }) {
    msw.use(...webhookHandlers.deliveriesFailing());
  },
  play: async ({ canvasElement }) => {
    const log = await openLog(canvasElement, healthyEndpoint.url);
    await expect(await log.findByRole('alert', undefined, ready)).toHaveTextContent(serverMessages.databaseUnavailable);
    await expect(log.getByRole('button', { name: t.log.retry })).toBeVisible();
  },
};

/** Enable a disabled endpoint: the notice goes, it shows enabled, and the focus moves to Disable. */
export const EnableDisabledEndpoint: Story = {
  play: async ({ canvasElement }) => {
    const disabled = await card(canvasElement, disabledEndpoint.url);
    await userEvent.click(disabled.getByRole('button', { name: t.endpoint.enableLabel(disabledEndpoint.url) }));
    await waitFor(() => expect(disabled.queryByText(webhookMessages.disabledAfterFailures)).toBeNull(), ready);
    await expect(disabled.getByText(t.endpoint.enabled)).toBeVisible();
    await waitFor(() => expect(disabled.getByRole('status')).toHaveTextContent(t.endpoint.enabledDone));
    await expect(disabled.getByRole('button', { name: t.endpoint.disableLabel(disabledEndpoint.url) })).toHaveFocus();
  },
};

/** Delete asks first; the endpoint then leaves the list. */
export const DeleteEndpoint: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failing = await card(canvasElement, failingEndpoint.url);
    await userEvent.click(failing.getByRole('button', { name: t.endpoint.deleteLabel(failingEndpoint.url) }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: t.remove.title }));
    await userEvent.click(dialog.getByRole('button', { name: t.remove.confirm }));
    // The page is hidden from the accessibility tree while the dialog is open: wait for it to close first.
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('alertdialog')).toBeNull(), ready);
    await waitFor(() => expect(canvas.queryByRole('listitem', { name: failingEndpoint.url })).toBeNull(), ready);
    await expect(canvas.getByRole('list', { name: t.list.label }).children).toHaveLength(2);
    await expect(canvas.getByText(t.remove.done(failingEndpoint.url)).closest('[role="status"]')).not.toBeNull();
  },
};

/** How many times the webhooks were asked for. */
let webhooksAsked = 0;

/**
 * An editor reaching /webhooks by a link: the screen says who may manage webhooks, as the server
 * would, and asks the server nothing; the sidebar has no Webhooks link for them.
 */
export const AsEditor: Story = {
  beforeEach({ msw }) {
    webhooksAsked = 0;
    // Counted, then refused as the server would (403 forbidden_role).
    msw.use(
      http.get('*/api/webhooks', () => {
        webhooksAsked++;
        return undefined;
      }),
      ...authHandlers.signedInAs('editor'),
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: t.title, level: 1 }, ready)).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Only an admin may manage webhooks; you are an editor.');
    await expect(canvas.queryByRole('list', { name: t.list.label })).toBeNull();
    await expect(within(canvas.getByRole('navigation')).queryByRole('link', { name: 'Webhooks' })).toBeNull();
    await expect(webhooksAsked).toBe(0);
  },
};

/** An older server's `me` names no role: it had admins only, and the screen is theirs. */
export const SignedInWithoutRole: Story = {
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedInWithoutRole());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('list', { name: t.list.label }, ready)).toBeVisible();
    await expect(within(canvas.getByRole('navigation')).getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
  },
};

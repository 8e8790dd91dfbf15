import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { EditWebhookDialog, WebhookEndpointCard, WebhookEndpointList } from '../../../src/components/webhooks';
import { ActionOutcomeText } from '../../../src/components/common/ActionOutcomeText';
import { serverMessages, WEBHOOK_DISABLE_AFTER_MS, webhookEventLabels, webhookMessages } from '../../../src/contract';
import { formatDateTime } from '../../../src/lib/format';
import { webhookTexts } from '../../../src/lib/texts-webhooks';
import { disabledEndpoint, failingEndpoint, healthyEndpoint, sampleWebhookEndpoints } from '../../fixtures';
import { opened } from '../../routes/plays';

const t = webhookTexts;

const meta = {
  title: 'Components/Webhooks/WebhookEndpointList',
  component: WebhookEndpointList,
  // Edit opens EditWebhookDialog; each action's outcome is said by ActionOutcomeText (the Edit and Send stories).
  subcomponents: { WebhookEndpointCard, EditWebhookDialog, ActionOutcomeText },
  args: {
    endpoints: sampleWebhookEndpoints,
    isLoading: false,
    error: null,
    onRetry: fn(),
    onShowDeliveries: fn(),
    onSendTest: fn(async () => {}),
    onUpdate: fn(async () => {}),
    onDelete: fn(async () => {}),
  },
} satisfies Meta<typeof WebhookEndpointList>;
export default meta;

type Story = StoryObj<typeof meta>;

/** One endpoint's card, by its address. */
const card = (canvasElement: HTMLElement, url: string) => within(within(canvasElement).getByRole('listitem', { name: url }));

/** A healthy, a failing and a disabled endpoint: each says how it is doing. */
export const ThreeEndpoints: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: t.list.label }).children).toHaveLength(3);
    const healthy = card(canvasElement, healthyEndpoint.url);
    await expect(healthy.getByText(t.endpoint.enabled)).toBeVisible();
    await expect(healthy.getByText(webhookEventLabels['article.unpublished'])).toBeVisible();
    await expect(healthy.getByText(t.endpoint.pending(0), { exact: false })).toBeVisible();
    await expect(healthy.getByText(t.endpoint.lastAttempt(formatDateTime(healthyEndpoint.lastAttempt!.at), 'delivered (200)'))).toBeVisible();
    await expect(healthy.queryByText(/Failing since/)).toBeNull();
  },
};

/** Deliveries fail: a warning says since when, and when the endpoint will be disabled. */
export const FailingEndpoint: Story = {
  args: { endpoints: [failingEndpoint] },
  play: async ({ canvasElement }) => {
    const failing = card(canvasElement, failingEndpoint.url);
    await expect(failing.getByText(t.endpoint.failing)).toBeVisible();
    await expect(failing.getByText(t.endpoint.failingSince(formatDateTime(failingEndpoint.failingSince!)))).toBeVisible();
    const disableOn = formatDateTime(Date.parse(failingEndpoint.failingSince!) + WEBHOOK_DISABLE_AFTER_MS);
    await expect(failing.getByText(t.endpoint.failingHint(disableOn))).toBeVisible();
    await expect(failing.getByText(t.endpoint.pending(2), { exact: false })).toBeVisible();
    await expect(failing.getByText(t.endpoint.lastAttempt(formatDateTime(failingEndpoint.lastAttempt!.at), 'The endpoint answered 500'))).toBeVisible();
  },
};

/** Disabled by the server after 3 days of failures: the notice gives its reason and Enable. */
export const DisabledEndpoint: Story = {
  args: { endpoints: [disabledEndpoint] },
  play: async ({ canvasElement, args }) => {
    const disabled = card(canvasElement, disabledEndpoint.url);
    await expect(disabled.getByText(t.endpoint.disabledTitle)).toBeVisible();
    await expect(disabled.getByText(webhookMessages.disabledAfterFailures)).toBeVisible();
    await expect(disabled.getByText(t.endpoint.disabledAt(formatDateTime(disabledEndpoint.disabledAt!)))).toBeVisible();
    // Nothing is sent to it: no test event, no Disable; the notice's Enable instead.
    await expect(disabled.queryByRole('button', { name: t.endpoint.sendTestLabel(disabledEndpoint.url) })).toBeNull();
    await expect(disabled.queryByRole('button', { name: t.endpoint.disableLabel(disabledEndpoint.url) })).toBeNull();
    await userEvent.click(disabled.getByRole('button', { name: t.endpoint.enableLabel(disabledEndpoint.url) }));
    await expect(args.onUpdate).toHaveBeenCalledWith(disabledEndpoint.id, { enabled: true });
    await expect(await disabled.findByRole('status')).toHaveTextContent(t.endpoint.enabledDone);
  },
};

export const Loading: Story = {
  args: { endpoints: undefined, isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(t.list.loading)).toBeVisible();
  },
};

export const Empty: Story = {
  args: { endpoints: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: t.list.emptyTitle })).toBeVisible();
    await expect(canvas.queryByRole('list', { name: t.list.label })).toBeNull();
  },
};

/** Loading failed: the server's words and Try Again. */
export const Failed: Story = {
  args: { endpoints: undefined, error: serverMessages.databaseUnavailable },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(serverMessages.databaseUnavailable);
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** 'Send a test event': sent for that endpoint, and said so. */
export const SendTestEvent: Story = {
  play: async ({ canvasElement, args }) => {
    const healthy = card(canvasElement, healthyEndpoint.url);
    await expect(healthy.getByRole('status')).toHaveTextContent('');
    await userEvent.click(healthy.getByRole('button', { name: t.endpoint.sendTestLabel(healthyEndpoint.url) }));
    await expect(args.onSendTest).toHaveBeenCalledWith(healthyEndpoint.id);
    await waitFor(() => expect(healthy.getByRole('status')).toHaveTextContent(t.endpoint.testSent));
  },
};

/** The server refuses (the endpoint was disabled meanwhile): its words, as an alert on that card. */
export const SendTestEventRefused: Story = {
  args: { onSendTest: fn(async () => Promise.reject(new Error(webhookMessages.endpointDisabled))) },
  play: async ({ canvasElement }) => {
    const healthy = card(canvasElement, healthyEndpoint.url);
    await userEvent.click(healthy.getByRole('button', { name: t.endpoint.sendTestLabel(healthyEndpoint.url) }));
    await expect(await healthy.findByRole('alert')).toHaveTextContent(webhookMessages.endpointDisabled);
    await expect(healthy.getByRole('status')).toHaveTextContent('');
  },
};

export const Disable: Story = {
  play: async ({ canvasElement, args }) => {
    const healthy = card(canvasElement, healthyEndpoint.url);
    await userEvent.click(healthy.getByRole('button', { name: t.endpoint.disableLabel(healthyEndpoint.url) }));
    await expect(args.onUpdate).toHaveBeenCalledWith(healthyEndpoint.id, { enabled: false });
    await waitFor(() => expect(healthy.getByRole('status')).toHaveTextContent(t.endpoint.disabledDone));
  },
};

/** The dialog that Delete opens, before an answer. */
async function deleteDialog(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: t.endpoint.deleteLabel(failingEndpoint.url) }));
  const dialog = await opened(within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: t.remove.title }));
  await waitFor(() => expect(within(dialog).getByText(t.remove.body(failingEndpoint.url))).toBeVisible());
  return within(dialog);
}

/** Delete asks first; Cancel sends nothing, Delete sends it and says so. */
export const DeleteConfirmed: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    let dialog = await deleteDialog(canvasElement);
    await userEvent.click(dialog.getByRole('button', { name: t.remove.cancel }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(args.onDelete).not.toHaveBeenCalled();
    dialog = await deleteDialog(canvasElement);
    await userEvent.click(dialog.getByRole('button', { name: t.remove.confirm }));
    await expect(args.onDelete).toHaveBeenCalledWith(failingEndpoint.id);
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await expect(within(canvasElement).getByText(t.remove.done(failingEndpoint.url)).closest('[role="status"]')).not.toBeNull();
  },
};

/** The server refuses the delete: the dialog stays, with its words. */
export const DeleteRefused: Story = {
  args: { onDelete: fn(async () => Promise.reject(new Error(webhookMessages.notFound))) },
  play: async ({ canvasElement }) => {
    const dialog = await deleteDialog(canvasElement);
    await userEvent.click(dialog.getByRole('button', { name: t.remove.confirm }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(webhookMessages.notFound);
    await expect(dialog.getByRole('button', { name: t.remove.cancel })).toBeEnabled();
  },
};

/** Edit: the address and events as they are; only what changed is sent. */
export const Edit: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: t.endpoint.editLabel(healthyEndpoint.url) }));
    const dialog = within(await opened(within(canvasElement.ownerDocument.body).findByRole('dialog', { name: t.edit.title })));
    const url = dialog.getByRole('textbox', { name: t.form.url });
    await waitFor(() => expect(url).toBeVisible());
    await expect(url).toHaveValue(healthyEndpoint.url);
    await expect(dialog.getByRole('checkbox', { name: webhookEventLabels['article.deleted'] })).toBeChecked();
    await userEvent.click(dialog.getByRole('checkbox', { name: webhookEventLabels['article.deleted'] }));
    await userEvent.click(dialog.getByRole('checkbox', { name: webhookEventLabels['file.uploaded'] }));
    await userEvent.click(dialog.getByRole('button', { name: t.edit.save }));
    await expect(args.onUpdate).toHaveBeenCalledWith(healthyEndpoint.id, {
      events: ['article.published', 'article.unpublished', 'article.updated', 'file.uploaded'],
    });
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull());
    await expect(within(canvasElement).getByText(t.endpoint.saved).closest('[role="status"]')).not.toBeNull();
  },
};

/** A changed address the server refuses: its words in the dialog, the address as typed. */
export const EditRefused: Story = {
  args: { onUpdate: fn(async () => Promise.reject(new Error(webhookMessages.privateAddress))) },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: t.endpoint.editLabel(healthyEndpoint.url) }));
    const dialog = within(await opened(within(canvasElement.ownerDocument.body).findByRole('dialog', { name: t.edit.title })));
    const url = dialog.getByRole('textbox', { name: t.form.url });
    await waitFor(() => expect(url).toBeVisible());
    await userEvent.clear(url);
    await userEvent.type(url, 'http://10.0.0.8/hook');
    await userEvent.click(dialog.getByRole('button', { name: t.edit.save }));
    await expect(args.onUpdate).toHaveBeenCalledWith(healthyEndpoint.id, { url: 'http://10.0.0.8/hook' });
    await expect(await dialog.findByRole('alert')).toHaveTextContent(webhookMessages.privateAddress);
    await expect(url).toHaveValue('http://10.0.0.8/hook');
  },
};

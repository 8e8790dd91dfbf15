// The Webhooks screen's endpoints: the list in its states, one added (or refused), a test event
// sent, a disabled endpoint enabled, one deleted.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { serverMessages, webhookEventLabels, webhookMessages } from '../../../src/contract';
import { formatDateTime } from '../../../src/lib/format';
import { disabledEndpoint, failingEndpoint, healthyEndpoint, SAMPLE_WEBHOOK_SECRET } from '../../fixtures';
import { webhookHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { ready, opened } from '../plays';
import { type ScreenStory as Story, using } from '../screen';
import { card, openLog, t, webhooksScreen } from './webhooksScreen';

export default { title: 'Screens/Webhooks/Endpoints', tags: ['!autodocs'], ...webhooksScreen } satisfies Meta<typeof AppStory>;

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
  beforeEach: using(() => webhookHandlers.empty()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: t.list.emptyTitle }, ready)).toBeVisible();
    await expect(canvas.getByRole('button', { name: t.form.submit })).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: using(() => webhookHandlers.loading()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(t.list.loading, undefined, ready)).toBeVisible();
    await expect(canvas.queryByRole('list', { name: t.list.label })).toBeNull();
  },
};

/** The database is down: the server's words, and Try Again. */
export const Failed: Story = {
  beforeEach: using(() => webhookHandlers.failing()),
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
    const dialog = within(await opened(within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: t.remove.title })));
    await userEvent.click(dialog.getByRole('button', { name: t.remove.confirm }));
    // The page is hidden from the accessibility tree while the dialog is open: wait for it to close first.
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('alertdialog')).toBeNull(), ready);
    await waitFor(() => expect(canvas.queryByRole('listitem', { name: failingEndpoint.url })).toBeNull(), ready);
    await expect(canvas.getByRole('list', { name: t.list.label }).children).toHaveLength(2);
    await expect(canvas.getByText(t.remove.done(failingEndpoint.url)).closest('[role="status"]')).not.toBeNull();
  },
};

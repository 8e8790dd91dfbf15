import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { OneTimeSecret } from '../../../src/components/account/OneTimeSecret';
import { AddWebhookCard, WebhookFields } from '../../../src/components/webhooks';
import { webhookEventLabels, webhookMessages } from '../../../src/contract';
import { accountTexts } from '../../../src/lib/texts-account';
import { webhookTexts } from '../../../src/lib/texts-webhooks';
import { clipboardSpy, stubClipboard } from '../article-detail/clipboardStub';
import { SAMPLE_WEBHOOK_SECRET } from '../../fixtures';

const t = webhookTexts.form;

const meta = {
  title: 'Components/Webhooks/AddWebhookCard',
  component: AddWebhookCard,
  subcomponents: { WebhookFields, OneTimeSecret },
  args: { onAdd: fn(async () => {}), created: null, onDismissCreated: fn() },
} satisfies Meta<typeof AddWebhookCard>;
export default meta;

type Story = StoryObj<typeof meta>;

const urlField = (canvasElement: HTMLElement) => within(canvasElement).getByRole('textbox', { name: t.url });

/** Fills the form: an address and two events. */
async function fill(canvasElement: HTMLElement, url: string) {
  const canvas = within(canvasElement);
  await userEvent.type(urlField(canvasElement), url);
  await userEvent.click(canvas.getByRole('checkbox', { name: webhookEventLabels['article.unpublished'] }));
  await userEvent.click(canvas.getByRole('checkbox', { name: webhookEventLabels['article.published'] }));
}

/** An address and events, sent in the contract's order; the form is cleared once added. */
export const Add: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await fill(canvasElement, '  https://hooks.example.com/new  ');
    await userEvent.click(canvas.getByRole('button', { name: t.submit }));
    await expect(args.onAdd).toHaveBeenCalledWith({
      url: 'https://hooks.example.com/new',
      events: ['article.published', 'article.unpublished'],
    });
    await waitFor(() => expect(urlField(canvasElement)).toHaveValue(''));
    await expect(canvas.getByRole('checkbox', { name: webhookEventLabels['article.published'] })).not.toBeChecked();
  },
};

/** Nothing typed, nothing ticked: said at each field, the address focused, nothing sent. */
export const MissingFields: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t.submit }));
    await expect(canvas.getByText(t.urlRequired)).toBeVisible();
    await expect(canvas.getByText(t.eventsRequired)).toBeVisible();
    await expect(urlField(canvasElement)).toHaveFocus();
    await expect(urlField(canvasElement)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(urlField(canvasElement), 'https://hooks.example.com/new');
    await userEvent.click(canvas.getByRole('button', { name: t.submit }));
    // The address is there now: the focus goes to the events.
    await expect(canvas.getByRole('checkbox', { name: webhookEventLabels['article.published'] })).toHaveFocus();
    await expect(canvas.getByRole('group', { name: t.events })).toHaveAccessibleDescription(t.eventsRequired);
    await expect(args.onAdd).not.toHaveBeenCalled();
  },
};

/** The server refuses a private address: its words under the form, what was typed kept. */
export const RefusedPrivateAddress: Story = {
  args: { onAdd: fn(async () => Promise.reject(new Error(webhookMessages.privateAddress))) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await fill(canvasElement, 'http://192.168.1.20/hook');
    await userEvent.click(canvas.getByRole('button', { name: t.submit }));
    await expect(args.onAdd).toHaveBeenCalledTimes(1);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(webhookMessages.privateAddress);
    await expect(urlField(canvasElement)).toHaveValue('http://192.168.1.20/hook');
    await expect(canvas.getByRole('checkbox', { name: webhookEventLabels['article.published'] })).toBeChecked();
    await expect(canvas.queryByTestId('one-time-secret')).toBeNull();
  },
};

/** Added: the signing secret once, how receivers verify it, Copy and Done. */
export const SecretShownOnce: Story = {
  args: { created: { url: 'https://hooks.example.com/new', secret: SAMPLE_WEBHOOK_SECRET } },
  beforeEach: () => stubClipboard(),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const panel = canvas.getByRole('status');
    await expect(panel).toHaveTextContent(webhookTexts.secret.created('https://hooks.example.com/new'));
    await expect(panel).toHaveTextContent(/webhook-id.*webhook-timestamp/);
    await expect(canvas.getByTestId('one-time-secret')).toHaveTextContent(SAMPLE_WEBHOOK_SECRET);
    await userEvent.click(canvas.getByRole('button', { name: accountTexts.secret.copy }));
    await expect(clipboardSpy()).toHaveBeenCalledWith(SAMPLE_WEBHOOK_SECRET);
    await expect(await canvas.findByRole('button', { name: accountTexts.secret.copied })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: accountTexts.secret.dismiss }));
    await expect(args.onDismissCreated).toHaveBeenCalledTimes(1);
    await expect(urlField(canvasElement)).toHaveFocus();
  },
};

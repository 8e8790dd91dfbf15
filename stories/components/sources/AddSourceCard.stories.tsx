import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AddSourceCard } from '../../../src/components/sources';
import { sourceMessages } from '../../../src/contract';
import { sourceTexts } from '../../../src/lib/texts-sources';

const t = sourceTexts.form;

const meta = {
  title: 'Components/Sources/AddSourceCard',
  component: AddSourceCard,
  args: { onAdd: fn(async () => ({ feedUrl: 'https://news.example.com/feed.xml', found: [] })) },
} satisfies Meta<typeof AddSourceCard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** A feed with a pattern and an interval: sent as typed, then the form is empty and says what is followed. */
export const Added: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: t.url }), ' https://news.example.com/feed.xml ');
    await userEvent.type(canvas.getByRole('spinbutton', { name: t.interval }), '15');
    await userEvent.type(canvas.getByRole('textbox', { name: t.include }), '/news/');
    await userEvent.click(canvas.getByRole('button', { name: t.submit }));
    await expect(args.onAdd).toHaveBeenCalledWith({ url: 'https://news.example.com/feed.xml', intervalMinutes: 15, include: '/news/' });
    await expect(await canvas.findByText(t.added('https://news.example.com/feed.xml', []))).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: t.url })).toHaveValue('');
  },
};

/** The server refused the address: its words under the form, what was typed kept. */
export const Refused: Story = {
  args: { onAdd: fn(async () => Promise.reject(new Error(sourceMessages.notAFeed))) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: t.url }), 'https://news.example.com/about');
    await userEvent.click(canvas.getByRole('button', { name: t.submit }));
    await expect(await canvas.findByText(sourceMessages.notAFeed)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: t.url })).toHaveValue('https://news.example.com/about');
  },
};

/** While the server reads the address, the button says so. */
export const Reading: Story = {
  args: { onAdd: fn(() => new Promise<never>(() => {})) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: t.url }), 'https://news.example.com/');
    await userEvent.click(canvas.getByRole('button', { name: t.submit }));
    await expect(await canvas.findByRole('button', { name: t.submitting })).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NewArticleForm } from '../../../src/components/new-article/NewArticleForm';

const meta = {
  title: 'Components/NewArticle/NewArticleForm',
  component: NewArticleForm,
  args: { onSubmit: fn() },
} satisfies Meta<typeof NewArticleForm>;
export default meta;

type Story = StoryObj<typeof meta>;

export const ScrapeUrl: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/Article URL/), '  https://news.example.com/story  ');
    await userEvent.click(canvas.getByRole('button', { name: 'Scrape Article' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ url: 'https://news.example.com/story' });
  },
};

export const UrlRequired: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Scrape Article' }));
    await expect(canvas.getByLabelText(/Article URL/)).toBeInvalid();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const FromHtml: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: /From HTML/ }));
    await userEvent.type(canvas.getByLabelText(/Slug/), 'my-post');
    await userEvent.type(canvas.getByLabelText(/Blog HTML/), '<p>Hi</p>');
    await userEvent.click(canvas.getByRole('button', { name: 'Create Draft' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ blogData: '<p>Hi</p>', slug: 'my-post' });
  },
};

export const Scraping: Story = {
  args: { isSubmitting: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Scraping...' })).toBeDisabled();
  },
};

export const Refused: Story = {
  args: { error: 'This address is not allowed: it points to a private network.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('private network');
  },
};

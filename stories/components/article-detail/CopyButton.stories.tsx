import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CopyButton, CopyIconButton } from '../../../src/components/article-detail/CopyButton';
import { texts } from '../../../src/lib/texts';

const a = texts.article;

/**
 * The copy buttons of the URLs, Scrapped Data and Blog Data cards. After a copy the button shows
 * a check mark for 2 s (timed by `useCopyToClipboard`, unit-tested with fake timers); these
 * stories hold each look still.
 */
const meta = {
  title: 'Components/ArticleDetail/CopyButton',
  component: CopyIconButton,
  subcomponents: { CopyButton },
  args: { label: a.copy(a.scrapedUrl), copied: false, onCopy: fn() },
} satisfies Meta<typeof CopyIconButton>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: a.copy(a.scrapedUrl) });
    await userEvent.click(button);
    await expect(args.onCopy).toHaveBeenCalledTimes(1);
  },
};

/** At rest: just copied, the check mark named 'Copied'. */
export const Copied: Story = {
  name: 'Copied (check mark)',
  args: { copied: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: a.copied })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: a.copy(a.scrapedUrl) })).not.toBeInTheDocument();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DuplicatesNotice } from '../../../src/components/article-detail/DuplicatesNotice';
import { shortId } from '../../../src/lib/format';
import { texts } from '../../../src/lib/texts';
import { duplicatesTexts as t } from '../../../src/lib/texts-duplicates';

const meta = {
  title: 'Components/ArticleDetail/DuplicatesNotice',
  component: DuplicatesNotice,
  args: { duplicates: [] },
} satisfies Meta<typeof DuplicatesNotice>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Looks like a copy of one article: its title as a link, and why (its text 97% alike). */
export const OneCopy: Story = {
  args: { duplicates: [{ id: 'art_01JD8W4G7Q2Z9K3M5N6PSYN01', title: 'The big story, as the wire tells it', similarity: 0.97, reason: 'text' }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.title(1, 'The big story, as the wire tells it'))).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'The big story, as the wire tells it' })).toHaveAttribute('href', '/articles/art_01JD8W4G7Q2Z9K3M5N6PSYN01');
    await expect(canvas.getByRole('list', { name: t.listLabel })).toHaveTextContent(t.why(0.97, 'text'));
  },
};

/** Several: the same address once normalised first (an AMP version), then texts alike; an untitled one by its short id. */
export const SeveralCopies: Story = {
  args: {
    duplicates: [
      { id: 'art_01JD8W4G7Q2Z9K3M5N6PNEW001', title: 'The big story of the week', similarity: 1, reason: 'address' },
      { id: 'art_01JD8W4G7Q2Z9K3M5N6PSYN01', title: 'The big story, as the wire tells it, with a title long enough to wrap on a narrow screen', similarity: 0.96, reason: 'text' },
      { id: 'art_01JD8W4G7Q2Z9K3M5N6PSYN02', title: null, similarity: 0.91, reason: 'text' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t.title(3, ''))).toBeVisible();
    const items = within(canvas.getByRole('list', { name: t.listLabel })).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent(t.why(1, 'address'));
    await expect(items[2]).toHaveTextContent(texts.articles.cardTitle(shortId('art_01JD8W4G7Q2Z9K3M5N6PSYN02')));
  },
};

/** None: nothing is shown. */
export const NoCopy: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toBeEmptyDOMElement();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { DataList } from '@chakra-ui/react';
import { expect, within } from 'storybook/test';
import { DataListCard } from '../../../src/components/article-detail/DataListCard';

/** The article page's cards of labelled values (Metadata, URLs). */
const meta = {
  title: 'Components/ArticleDetail/DataListCard',
  component: DataListCard,
  args: {
    title: 'URLs',
    children: (
      <>
        <DataList.Item>
          <DataList.ItemLabel>Scraped URL</DataList.ItemLabel>
          <DataList.ItemValue>https://news.example.com/world/tomato-blight</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>New URL</DataList.ItemLabel>
          <DataList.ItemValue>Not set</DataList.ItemValue>
        </DataList.Item>
      </>
    ),
  },
} satisfies Meta<typeof DataListCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Its title is a heading of the page; the values stand below their labels. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'URLs' })).toBeVisible();
    await expect(canvas.getByText('https://news.example.com/world/tomato-blight')).toBeVisible();
    await expect(canvas.getByText('Not set')).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { chakra } from '@chakra-ui/react';
import { expect, within } from 'storybook/test';
import { WindowedList } from '../../src/components/lists/WindowedList';

const rows = ['Tomato blight, and how to stop it', 'Seed potatoes: chitting or not', 'Six weeks of courgettes'];

/**
 * A windowed list's frame (the article cards, the files as a list): as tall as all its rows,
 * with the mounted ones moved down to where they are. Here 3 of 10 rows of 40px are mounted,
 * from the fourth.
 */
const meta = {
  title: 'Components/Lists/WindowedList',
  component: WindowedList,
  args: {
    boxRef: null,
    height: 400,
    offset: 120,
    'aria-label': 'Articles',
    children: rows.map((title, i) => (
      <chakra.li key={title} h="10" borderBottomWidth="1px" aria-posinset={i + 4} aria-setsize={10}>
        {title}
      </chakra.li>
    )),
  },
} satisfies Meta<typeof WindowedList>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The box keeps every row's height; the list of mounted rows starts at the offset. */
export const Window: Story = {
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Articles' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(list.parentElement?.style.height).toBe('400px');
    await expect(list.style.transform).toBe('translateY(120px)');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card, Text } from '@chakra-ui/react';
import { expect, within } from 'storybook/test';
import { SectionCard } from '../../../src/components/article-detail/SectionCard';

const meta = {
  title: 'Components/ArticleDetail/SectionCard',
  component: SectionCard,
  args: {
    title: 'Checks before publishing',
    subtitle: 'What the card is for, in a line under its heading.',
    children: (
      <Card.Body>
        <Text>The card's body.</Text>
      </Card.Body>
    ),
  },
} satisfies Meta<typeof SectionCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A region named by its h2, with the line under it. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Checks before publishing' });
    await expect(within(region).getByRole('heading', { level: 2, name: 'Checks before publishing' })).not.toHaveAttribute('tabindex');
    await expect(within(region).getByText("The card's body.")).toBeVisible();
  },
};

/** A card that moves the focus to its heading (opened read-only): the heading takes it, without a ring drawn around it. */
export const FocusableHeading: Story = {
  args: { headingFocusable: true },
  play: async ({ canvasElement }) => {
    const heading = within(canvasElement).getByRole('heading', { level: 2 });
    heading.focus();
    await expect(heading).toHaveFocus();
    await expect(heading).toHaveAttribute('tabindex', '-1');
  },
};

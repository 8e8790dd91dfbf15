import type { Meta, StoryObj } from '@storybook/react-vite';
import { chakra } from '@chakra-ui/react';
import { LuLink } from 'react-icons/lu';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ListStates } from '../../src/components/common/ListStates';
import { StateNotice } from '../../src/components/common/StateNotice';

/** A list's branches in their order: loading, failed, empty, or the list (the caller's). */
const meta = {
  title: 'Components/Common/ListStates',
  component: ListStates<string>,
  args: {
    items: ['https://hooks.example.com/articles', 'https://intranet.example.org/cms'],
    isLoading: false,
    loadingLabel: 'Loading endpoints...',
    error: null,
    errorTitle: 'Could not load the endpoints',
    onRetry: fn(),
    empty: <StateNotice icon={<LuLink />} title="No webhooks yet" body="Add an endpoint below to be told when articles change." />,
    children: (items: readonly string[]) => (
      <chakra.ul aria-label="Endpoints" pl="5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </chakra.ul>
    ),
  },
} satisfies Meta<typeof ListStates<string>>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Loading comes first, whatever else is known. */
export const Loading: Story = {
  args: { isLoading: true, error: 'Network request failed (503)' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading endpoints...');
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** A failure before the items: its title, the server's words and Try Again. */
export const Failed: Story = {
  args: { error: 'Network request failed (503)' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Could not load the endpoints' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Network request failed (503)');
    await expect(canvas.queryByRole('list')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** No items: the caller's empty state. */
export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/** Items: the list, given them. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Endpoints' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  },
};

/** Inside a card or a dialog: the failure on one line, with a small Try Again. */
export const InlineFailed: Story = {
  args: { inline: true, error: 'Network request failed (503)' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not load the endpoints: Network request failed (503)');
    await userEvent.click(canvas.getByRole('button', { name: 'Try Again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Inside a card or a dialog, while it loads: a line. */
export const InlineLoading: Story = {
  args: { inline: true, isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading endpoints...');
  },
};

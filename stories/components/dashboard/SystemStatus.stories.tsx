import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { expect, within } from 'storybook/test';
import { StorageBar } from '../../../src/components/dashboard/StorageBar';
import { SystemStatus } from '../../../src/components/dashboard/SystemStatus';
import { healthy } from '../../fixtures';

const meta = {
  title: 'Components/Dashboard/SystemStatus',
  component: SystemStatus,
  // The storage bar loads lazily; every healthy story shows it.
  subcomponents: { StorageBar },
  args: { health: healthy },
  decorators: [
    (Story) => (
      <Box maxW="26rem">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof SystemStatus>;
export default meta;

type Story = StoryObj<typeof meta>;

export const AllGood: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('API Online')).toBeVisible();
    await expect(canvas.getByText('Database Connected')).toBeVisible();
    await expect(canvas.getByText('Storage 24% Used')).toBeVisible();
    // The bar is a chunk of its own (SystemStatus loads it at once): it may arrive a moment later.
    const bar = await canvas.findByRole('progressbar', { name: 'Storage 24% Used' });
    await expect(bar).toHaveAttribute('aria-valuenow', '24');
    await expect(canvasElement.querySelectorAll('[data-tone="ok"]')).toHaveLength(3);
    await expect(canvas.queryByText('Storage is nearly full')).toBeNull();
  },
};

/** The embedded database (it reports its queue) holding more articles than it is measured for: the row says so and names the command that moves the library. */
export const EmbeddedDatabaseOutgrown: Story = {
  args: { health: { ...healthy, databaseQueue: { waiting: 0, runningMs: 0 } }, articles: 123_456 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = canvas.getByText('Embedded database: 123,456 articles, past the 100,000 it is measured for').closest('li');
    await expect(row).toHaveAttribute('data-tone', 'warn');
    await expect(within(row as HTMLElement).getByText('npm run admin -- move-to-postgres DATABASE_URL')).toBeVisible();
    await expect(canvas.queryByText('Database Connected')).toBeNull();
  },
};

/** The same library on PostgreSQL (no queue reported): nothing to suggest. */
export const PostgresPastTheEmbeddedMeasure: Story = {
  args: { health: healthy, articles: 123_456 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Database Connected').closest('li')).toHaveAttribute('data-tone', 'ok');
    await expect(canvas.queryByText(/move-to-postgres/)).toBeNull();
  },
};

export const ApiOffline: Story = {
  name: 'API Offline (health unavailable)',
  args: { health: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('API Offline')).toBeVisible();
    await expect(canvas.getByText('Database status unknown')).toBeVisible();
    await expect(canvas.getByText('Storage usage unknown')).toBeVisible();
    await expect(canvas.queryByText('API Online')).toBeNull();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
  },
};

export const DatabaseDown: Story = {
  args: { health: { ...healthy, database: 'down' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('API Online')).toBeVisible();
    await expect(canvas.getByText('Database Down')).toBeVisible();
    await expect(canvas.getByText('Database Down').closest('li')).toHaveAttribute('data-tone', 'down');
    await expect(canvas.queryByText('Database Connected')).toBeNull();
  },
};

export const StorageNearlyFull: Story = {
  args: {
    health: { ...healthy, storage: { usedBytes: 49_392_123_904, totalBytes: 53_687_091_200, percent: 92, backend: 'local', reachable: true } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Storage 92% Used')).toBeVisible();
    await expect(canvas.getByText('Storage 92% Used').closest('li')).toHaveAttribute('data-tone', 'warn');
    await expect(canvas.getByText('Storage is nearly full')).toBeVisible();
    await expect(await canvas.findByRole('progressbar', { name: 'Storage 92% Used' })).toHaveAttribute('aria-valuenow', '92');
  },
};

export const StorageAtThreshold: Story = {
  args: { health: { ...healthy, storage: { ...healthy.storage, percent: 90 } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Storage 90% Used').closest('li')).toHaveAttribute('data-tone', 'warn');
  },
};

export const Loading: Story = {
  args: { health: undefined, loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Loading...')).toBeInTheDocument();
    await expect(canvas.queryByText(/API|Database|Storage \d/)).toBeNull();
  },
};

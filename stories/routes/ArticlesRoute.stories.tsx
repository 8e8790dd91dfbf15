import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { articles } from '../fixtures';
import { serverMessages } from '../../src/contract';
import { articleHandlers, authHandlers } from '../mocks';
import { AppStory } from './AppStory';

/** Signed in, with working APIs; a story puts the variant it shows in front of them. */
const meta = {
  title: 'Routes/Articles',
  component: AppStory,
  args: { path: '/articles' },
  parameters: { layout: 'fullscreen' },
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedIn(), ...articleHandlers.api());
  },
} satisfies Meta<typeof AppStory>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Articles Management' }, { timeout: 10_000 })).toBeVisible();
    await waitFor(() => expect(canvas.getAllByRole('article').length).toBeGreaterThan(0));
    const tab = canvas.getByRole('tab', { name: /Published/ });
    await expect(tab).toHaveTextContent(String(articles.filter((a) => a.status === 'published').length));
  },
};

export const Loading: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.loadingList());
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading articles...', {}, { timeout: 10_000 })).toBeVisible();
  },
};

export const Empty: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.empty());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No Articles Found', {}, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByText('There are no articles to display at the moment.')).toBeVisible();
  },
};

export const Failing: Story = {
  beforeEach({ msw }) {
    msw.use(...articleHandlers.failingList());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Error Loading Articles', {}, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByText(serverMessages.databaseUnavailable)).toBeVisible();
  },
};

export const DeleteFromList: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const allTab = await canvas.findByRole('tab', { name: /All Articles/ }, { timeout: 10_000 });
    await waitFor(() => expect(allTab).toHaveTextContent(String(articles.length)));
    const first = (await canvas.findAllByRole('article'))[0]!;
    const title = within(first).getByRole('heading').textContent;
    await userEvent.click(within(first).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(allTab).toHaveTextContent(String(articles.length - 1)));
    await expect(canvas.queryByRole('heading', { name: title ?? '' })).toBeNull();
  },
};

/** Any 401 sends the admin to the sign-in form. */
export const SessionExpired: Story = {
  beforeEach({ msw }) {
    msw.use(...authHandlers.expired(), ...articleHandlers.unauthorized());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Login' }, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toBeVisible();
  },
};

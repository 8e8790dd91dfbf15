import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { texts } from '../../src/lib/texts';
import { articleHandlers, authHandlers } from '../mocks';
import { AppStory } from './AppStory';

const n = texts.newArticle;

/** The first screen of a story waits for MSW, the lazy route chunk and the session check. */
const ready = { timeout: 10_000 };

const meta = {
  title: 'Routes/NewArticle',
  component: AppStory,
  args: { path: '/articles/new' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AppStory>;
export default meta;

type Story = StoryObj<typeof meta>;

async function scrape(canvasElement: HTMLElement, url: string) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByRole('textbox', { name: n.urlLabel }, ready), url);
  await userEvent.click(canvas.getByRole('button', { name: n.scrape }));
}

export const Default: Story = {
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedIn(), ...articleHandlers.api());
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: n.title }, ready)).toBeVisible();
    await expect(canvas.getByRole('tab', { name: n.fromUrl })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('textbox', { name: n.urlLabel })).toBeRequired();
    await expect(canvas.getByRole('button', { name: n.scrape })).toBeEnabled();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** The scraped draft opens on its detail page, titled by the slug the server chose. */
export const ScrapeSucceeds: Story = {
  beforeEach({ msw }) {
    msw.use(...authHandlers.signedIn(), ...articleHandlers.api());
  },
  play: async ({ canvasElement }) => {
    await scrape(canvasElement, 'https://news.example.com/world/big-story');
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'big-story' }, ready)).toBeVisible();
    await expect(canvas.getByRole('switch', { name: texts.article.draft })).not.toBeChecked();
  },
};

export const ScrapeRefused: Story = {
  beforeEach({ msw }) {
    msw.use(
      ...authHandlers.signedIn(),
      ...articleHandlers.scrapeRefused('This address points to a private network'),
      ...articleHandlers.api(),
    );
  },
  play: async ({ canvasElement }) => {
    await scrape(canvasElement, 'http://192.168.0.1/admin');
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This address points to a private network');
    await expect(canvas.getByRole('heading', { name: n.title })).toBeVisible();
    await expect(canvas.getByRole('button', { name: n.scrape })).toBeEnabled();
  },
};

import type { Meta } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { texts } from '../../src/lib/texts';
import { activities, articles, countsOf, scheduledSamples, statsOf } from '../fixtures';
import { scheduleTexts as sched } from '../../src/lib/texts-schedule';
import { sourceTexts } from '../../src/lib/texts-sources';
import { articleHandlers, authHandlers, systemHandlers } from '../mocks';
import { AppStory } from './AppStory';
import { screen, type ScreenStory as Story, using } from './screen';
import { ready } from './plays';

const d = texts.dashboard;

// Signed in, with working APIs; a story puts the variant it shows in front of them.
export default {
  title: 'Screens/Dashboard',
  tags: ['!autodocs'],
  ...screen('/', () => authHandlers.signedIn(), () => articleHandlers.api(), () => systemHandlers.healthy(), () => systemHandlers.activity()),
} satisfies Meta<typeof AppStory>;

/** The card (Chakra Card.Root) around a card heading. */
function cardOf(heading: HTMLElement): HTMLElement {
  const card = heading.closest<HTMLElement>('[class*="card__root"]');
  if (!card) throw new Error(`No card around "${heading.textContent}"`);
  return card;
}

async function findCard(canvasElement: HTMLElement, title: string) {
  return within(cardOf(await within(canvasElement).findByRole('heading', { name: title }, ready)));
}

/** A server that counts the public reads: Views Today shows today's and the change against yesterday. */
export const ViewsCounted: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.get('*/api/articles/admin/stats', () =>
        HttpResponse.json({ ...statsOf(articles), views: { today: 1_250, yesterday: 1_000 } }),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const views = await within(canvasElement).findByRole('group', { name: d.viewsToday }, ready);
    await waitFor(() => expect(views).toHaveAttribute('aria-busy', 'false'));
    await expect(views).toHaveTextContent('1,250');
    await expect(views).toHaveTextContent(`+25% ${d.fromYesterday}`);
    await expect(within(views).queryByText(d.viewsNotTracked)).toBeNull();
  },
};

/** The figures: 12 articles, 7 created this week against 5 the week before (+40%). */
export const Success: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const counts = countsOf(articles);
    await expect(await canvas.findByRole('heading', { name: d.title }, ready)).toBeVisible();

    await step('stat cards show the server figures and the week-over-week change', async () => {
      const total = await canvas.findByRole('group', { name: d.totalArticles });
      await waitFor(() => expect(total).toHaveAttribute('aria-busy', 'false'));
      await expect(total).toHaveTextContent(String(counts.all));
      await expect(total).toHaveTextContent(`+40% ${d.fromLastWeek}`);
      const published = canvas.getByRole('group', { name: d.published });
      await expect(published).toHaveTextContent(String(counts.published));
      await expect(published).toHaveTextContent(`+200% ${d.fromLastWeek}`);
      const drafts = canvas.getByRole('group', { name: d.drafts });
      await expect(drafts).toHaveTextContent(String(counts.draft));
      await expect(drafts).toHaveTextContent(`0% ${d.fromLastWeek}`);
      const views = canvas.getByRole('group', { name: d.viewsToday });
      await expect(within(views).getByText(d.viewsNotTracked)).toBeVisible();
    });

    await step('system status from /api/health', async () => {
      const status = await findCard(canvasElement, d.systemStatus);
      await expect(await status.findByText(d.apiOnline)).toBeVisible();
      await expect(status.getByText(d.databaseConnected)).toBeVisible();
      await expect(status.getByText(d.storageUsed(24))).toBeVisible();
    });

    await step('at most 5 recent articles, newest first, each linking to its page', async () => {
      const recent = await findCard(canvasElement, d.recentArticles);
      await waitFor(() => expect(recent.getAllByRole('listitem')).toHaveLength(5));
      const first = within(recent.getAllByRole('listitem')[0]!).getByRole('link');
      await expect(first).toHaveTextContent(articles[0]!.slug!);
      await expect(first).toHaveAttribute('href', `/articles/${articles[0]!.id}`);
    });

    await step('recent activity items', async () => {
      const activity = await findCard(canvasElement, d.recentActivity);
      await waitFor(() => expect(activity.getAllByRole('listitem')).toHaveLength(activities.length));
      for (const item of activities) await expect(activity.getByText(item.message)).toBeVisible();
    });
  },
};

export const Loading: Story = {
  beforeEach: using(() => articleHandlers.loadingStats(), () => articleHandlers.loadingList(), () => systemHandlers.loading()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: d.title }, ready)).toBeVisible();
    for (const label of [d.totalArticles, d.published, d.drafts, d.viewsToday]) {
      await expect(canvas.getByRole('group', { name: label })).toHaveAttribute('aria-busy', 'true');
    }
    // System Status, Recent Articles, Recent Activity and Scheduled (chunks of their own but Recent Articles, so a moment later) each announce 'Loading...'.
    // The Sources card shows nothing until its figures are here.
    await waitFor(() => expect(canvas.getAllByText(d.loading)).toHaveLength(4));
    // Disabled while the dashboard's requests are on their way: they start once the screen has
    // rendered, so the button follows a moment after the heading.
    await waitFor(() => expect(canvas.getByRole('button', { name: d.refresh })).toBeDisabled());
  },
};

export const Empty: Story = {
  beforeEach: using(() => articleHandlers.empty(), () => systemHandlers.noActivity()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const recent = await findCard(canvasElement, d.recentArticles);
    await expect(await recent.findByText(d.noArticles)).toBeVisible();
    await expect(recent.getByRole('link', { name: d.createFirstArticle })).toHaveAttribute('href', '/articles/new');
    const activity = await findCard(canvasElement, d.recentActivity);
    await expect(await activity.findByText(d.noActivity)).toBeVisible();
    const total = canvas.getByRole('group', { name: d.totalArticles });
    await waitFor(() => expect(total).toHaveTextContent(d.noPreviousWeek));
    await expect(total).toHaveTextContent('0');
  },
};

export const ApiOffline: Story = {
  beforeEach: using(() => systemHandlers.apiOffline()),
  // The health check cannot be reached: the browser says so in the console, as it would.
  parameters: { consoleErrors: ['net::ERR_FAILED'] },
  play: async ({ canvasElement }) => {
    const status = await findCard(canvasElement, d.systemStatus);
    await expect(await status.findByText(d.apiOffline)).toBeVisible();
    await expect(status.getByText(d.databaseUnknown)).toBeVisible();
    await expect(status.getByText(d.storageUnknown)).toBeVisible();
    await expect(status.queryByText(d.apiOnline)).not.toBeInTheDocument();
  },
};

export const DatabaseDown: Story = {
  beforeEach: using(() => systemHandlers.databaseDown()),
  play: async ({ canvasElement }) => {
    const status = await findCard(canvasElement, d.systemStatus);
    await expect(await status.findByText(d.databaseDown)).toBeVisible();
    await expect(status.getByText(d.apiOnline)).toBeVisible();
    await expect(status.queryByText(d.databaseConnected)).not.toBeInTheDocument();
  },
};

export const StorageNearlyFull: Story = {
  beforeEach: using(() => systemHandlers.storageNearlyFull()),
  play: async ({ canvasElement }) => {
    const status = await findCard(canvasElement, d.systemStatus);
    await expect(await status.findByText(d.storageUsed(93))).toBeVisible();
    await expect(status.getByText(d.storageNearlyFull)).toBeVisible();
  },
};

/** The server cannot be reached at all: the console says so and offers a retry. */
export const ServerUnreachable: Story = {
  beforeEach: using(() => authHandlers.unreachable()),
  parameters: { consoleErrors: ['net::ERR_FAILED'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert', {}, ready)).toHaveTextContent('Cannot reach the server');
    await expect(canvas.getByRole('button', { name: 'Try Again' })).toBeEnabled();
  },
};

/** The figures fail while the rest loads: the error is shown, no figure is invented. */
export const FiguresFail: Story = {
  beforeEach: using(() => articleHandlers.failingStats()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert', {}, ready)).toHaveTextContent('Internal server error');
    await expect(canvas.queryByText(d.totalArticles)).toBeNull();
  },
};

/** The Scheduled card: the next changes with their times, and the failed one linking to the Scheduled tab. */
export const ScheduledChanges: Story = {
  beforeEach: using(() => articleHandlers.api([...articles, ...scheduledSamples()])),
  play: async ({ canvasElement }) => {
    const card = within(await within(canvasElement).findByRole('region', { name: sched.dashboardTitle }, ready));
    await expect(await card.findByText(sched.dashboardCount(3), {}, ready)).toBeVisible();
    const items = await card.findAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent('Winter squash, roasted five ways');
    await expect(items[0]).toHaveTextContent(sched.dashboardAction('publish'));
    await expect(items[1]).toHaveTextContent(sched.dashboardAction('unpublish'));
    await expect(card.getByRole('link', { name: sched.dashboardFailed(1) })).toHaveAttribute('href', '/articles?status=scheduled');
  },
};

/** Nothing scheduled: the card says so (the stats' figures come with the counts). */
export const NothingScheduled: Story = {
  play: async ({ canvasElement }) => {
    const card = within(await within(canvasElement).findByRole('region', { name: sched.dashboardTitle }, ready));
    await expect(await card.findByText(sched.dashboardEmpty, {}, ready)).toBeVisible();
  },
};

/** A viewer: the figures, and the shortcuts to read (creating and uploading are not theirs); their role under their email. */
export const AsViewer: Story = {
  beforeEach: using(() => authHandlers.signedInAs('viewer')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const actions = await findCard(canvasElement, d.quickActions);
    await expect(actions.getAllByRole('link').map((link) => link.textContent)).toEqual([d.viewArticles, d.analytics]);
    const sidebar = within(canvas.getByRole('complementary', { name: texts.sidebar.title }));
    await expect(sidebar.getByText('viewer@example.com')).toBeVisible();
    await expect(sidebar.getByText('Viewer')).toBeVisible();
    await expect(within(sidebar.getByRole('navigation')).queryByRole('link', { name: texts.sidebar.webhooks })).toBeNull();
  },
};

/** Sources followed: the drafts they made today, and the failing one linking to the Sources screen. */
export const SourcesFollowed: Story = {
  beforeEach({ msw }) {
    msw.use(
      http.get('*/api/articles/admin/stats', () =>
        HttpResponse.json({ ...statsOf(articles), sources: { count: 3, failing: 1, draftsToday: 4 } }),
      ),
    );
  },
  play: async ({ canvasElement }) => {
    const s = sourceTexts.dashboard;
    const card = within(await within(canvasElement).findByRole('region', { name: s.title }, ready));
    await expect(card.getByText(s.draftsToday(4))).toBeVisible();
    await expect(card.getByText(s.following(3))).toBeVisible();
    await expect(card.getByRole('link', { name: s.failing(1) })).toHaveAttribute('href', '/sources');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DeviceFramePreview } from '../../../src/components/article-editor/DeviceFramePreview';
import { texts } from '../../../src/lib/texts';

const a = texts.article;

// Pages as data: URLs, so the stories never reach the network.
const page = (title: string) =>
  `data:text/html,${encodeURIComponent(
    `<!doctype html><title>${title}</title><body style="font-family:sans-serif"><h1>${title}</h1><p>Preview page</p></body>`,
  )}`;
const scrapedUrl = page('Scraped page');
const newUrl = page('New page');

const meta = {
  title: 'Components/ArticleEditor/DeviceFramePreview',
  component: DeviceFramePreview,
  args: { scrapedUrl, newUrl: null },
} satisfies Meta<typeof DeviceFramePreview>;
export default meta;

type Story = StoryObj<typeof meta>;

const websiteFrame = (canvasElement: HTMLElement) =>
  within(canvasElement).getByTitle(a.websitePreview) as HTMLIFrameElement;

export const Desktop: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: a.websitePreview })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: a.desktop })).toBeChecked();
    const frame = websiteFrame(canvasElement);
    await expect(frame).toHaveAttribute('width', '100%');
    await expect(frame).toHaveAttribute('src', scrapedUrl);
    await expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    const sandbox = frame.getAttribute('sandbox');
    await expect(sandbox).not.toBeNull();
    await expect(sandbox).not.toContain('allow-same-origin');
    await expect(canvas.getByText(a.securityNote)).toBeVisible();
  },
};

export const Tablet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: a.tablet }));
    await expect(canvas.getByRole('radio', { name: a.tablet })).toBeChecked();
    const frame = websiteFrame(canvasElement);
    await expect(frame).toHaveAttribute('width', '768');
    await expect(frame).toHaveAttribute('height', '1024');
  },
};

export const Mobile: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // By keyboard: Tab past the refresh button into the device choice, arrows to Mobile.
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: a.refreshPreview })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: a.desktop })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: a.mobile })).toBeChecked();
    const frame = websiteFrame(canvasElement);
    await expect(frame).toHaveAttribute('width', '375');
    await expect(frame).toHaveAttribute('height', '667');
    // Wide enough here: drawn at its real size.
    await expect(frame.getBoundingClientRect().width).toBe(375);
  },
};

/** A tablet frame on a phone-sized screen is scaled down to fit; the page inside keeps 768px. */
export const TabletOnNarrowScreen: Story = {
  args: { defaultDevice: 'tablet' },
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const frame = websiteFrame(canvasElement);
    await expect(frame).toHaveAttribute('width', '768');
    const viewportWidth = canvasElement.ownerDocument.documentElement.clientWidth;
    await waitFor(() => expect(frame.getBoundingClientRect().width).toBeLessThan(viewportWidth));
    await expect(frame.getBoundingClientRect().right).toBeLessThanOrEqual(viewportWidth);
    // Nothing on the card makes the page scroll sideways.
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBe(viewportWidth);
  },
};

export const BothUrls: Story = {
  args: { newUrl },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const source = canvas.getByRole('radiogroup', { name: a.previewSource });
    await expect(within(source).getByRole('radio', { name: a.scrapedUrl })).toBeChecked();
    await expect(websiteFrame(canvasElement)).toHaveAttribute('src', scrapedUrl);

    await userEvent.click(within(source).getByRole('radio', { name: a.newUrl }));
    await expect(within(source).getByRole('radio', { name: a.newUrl })).toBeChecked();
    await expect(websiteFrame(canvasElement)).toHaveAttribute('src', newUrl);
  },
};

export const OnlyScraped: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('radiogroup', { name: a.previewSource })).not.toBeInTheDocument();
    await expect(websiteFrame(canvasElement)).toHaveAttribute('src', scrapedUrl);
  },
};

export const OnlyNew: Story = {
  args: { scrapedUrl: null, newUrl },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('radiogroup', { name: a.previewSource })).not.toBeInTheDocument();
    await expect(websiteFrame(canvasElement)).toHaveAttribute('src', newUrl);
  },
};

export const Refresh: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const before = websiteFrame(canvasElement);
    await expect(before).toHaveAttribute('data-reload-count', '0');

    await userEvent.click(canvas.getByRole('button', { name: a.refreshPreview }));
    const after = websiteFrame(canvasElement);
    await expect(after).toHaveAttribute('data-reload-count', '1');
    // A new frame element: the page was loaded again.
    await expect(after).not.toBe(before);
    await expect(before.isConnected).toBe(false);
  },
};

/** Without a scraped or new URL the card is not shown at all. */
export const NoUrls: Story = {
  args: { scrapedUrl: null, newUrl: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(a.websitePreview)).not.toBeInTheDocument();
    await expect(canvasElement.querySelector('iframe')).toBeNull();
  },
};

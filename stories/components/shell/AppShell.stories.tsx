import type { Meta, StoryObj } from '@storybook/react-vite';
import { Heading, Text } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '../../../src/components/shell/AppShell';
import { IconModeTooltip } from '../../../src/components/shell/IconModeTooltip';
import { MobileSidebarSheet } from '../../../src/components/shell/MobileSidebarSheet';
import { ColorModeToggle } from '../../../src/components/shell/ColorModeToggle';
import { accessFor } from '../../../src/lib/access';
import { opened } from '../../routes/plays';
import { pointAt } from '../../refused';
import { notificationHandlers } from '../../mocks';
import { using } from '../../routes/screen';

const meta = {
  title: 'Components/Shell/AppShell',
  component: AppShell,
  // Loaded lazily by the shell: the icon-mode and mobile stories show them.
  subcomponents: { IconModeTooltip, MobileSidebarSheet, ColorModeToggle },
  parameters: { layout: 'fullscreen' },
  args: {
    activePath: '/',
    defaultOpen: true,
    userEmail: 'admin@example.com',
    access: accessFor('admin'),
    onOpenChange: fn(),
    onSignOut: fn(),
    children: (
      <>
        <Heading as="h1" size="lg">
          Page content
        </Heading>
        <Text color="fg.muted">The routed page renders here.</Text>
      </>
    ),
  },
} satisfies Meta<typeof AppShell>;
export default meta;

type Story = StoryObj<typeof meta>;

const SIDEBAR_COOKIE_CLEAR = 'sidebar_state=; path=/; max-age=0';

/** The width of the desktop sidebar, the element the toggle button controls. */
function sidebarWidth(canvas: ReturnType<typeof within>) {
  const toggle = canvas.getByRole('button', { name: 'Toggle Sidebar' });
  const sidebar = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!sidebar) throw new Error('The toggle controls no sidebar');
  return sidebar.getBoundingClientRect().width;
}

export const Expanded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Admin Panel')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Toggle Sidebar' })).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(canvas.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Articles' })).toHaveAttribute('href', '/articles');
    await expect(canvas.getByRole('link', { name: 'Articles' })).not.toHaveAttribute('aria-current');
    await expect(canvas.getByRole('link', { name: 'File Manager' })).toHaveAttribute('href', '/file-manager');
    await expect(canvas.getByText('File Manager')).toBeVisible();
    // 19rem at the default 16px root size.
    await expect(sidebarWidth(canvas)).toBe(304);
    await expect(canvas.getByRole('main')).toHaveTextContent('Page content');
  },
};

export const Collapsed: Story = {
  name: 'Collapsed (icon mode)',
  args: { defaultOpen: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Toggle Sidebar' })).toHaveAttribute('aria-expanded', 'false');
    // Labels are gone from view, the links keep their names.
    for (const name of ['Home', 'Articles', 'File Manager', 'Sources', 'Webhooks']) {
      await expect(canvas.getByRole('link', { name })).toBeVisible();
      await expect(canvas.getByText(name)).not.toBeVisible();
    }
    await expect(canvas.getByText('Admin Panel')).not.toBeVisible();
    await expect(canvas.getByText('admin@example.com')).not.toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Sign out' })).toBeVisible();
    // 3rem.
    await expect(sidebarWidth(canvas)).toBe(48);
  },
};

export const ActiveArticles: Story = {
  args: { activePath: '/articles/art_01JD8W4G7Q2Z9K3M5N6P000001' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Articles' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    await expect(canvas.getByRole('link', { name: 'File Manager' })).not.toHaveAttribute('aria-current');
  },
};

export const ToggleButton: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Toggle Sidebar' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(sidebarWidth(canvas)).toBe(48));
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await waitFor(() => expect(sidebarWidth(canvas)).toBe(304));
  },
};

export const KeyboardToggle: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Toggle Sidebar' });
    document.cookie = SIDEBAR_COOKIE_CLEAR;
    await expect(document.cookie).not.toContain('sidebar_state=');

    await step('Ctrl+B collapses the sidebar to icons and remembers it', async () => {
      await userEvent.keyboard('{Control>}b{/Control}');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(canvas.getByText('Articles')).not.toBeVisible();
      await expect(canvas.getByRole('link', { name: 'Articles' })).toBeVisible();
      await expect(document.cookie).toContain('sidebar_state=false');
      await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    });

    await step('Ctrl+B again expands it', async () => {
      await userEvent.keyboard('{Control>}b{/Control}');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(canvas.getByText('Articles')).toBeVisible();
      await expect(document.cookie).toContain('sidebar_state=true');
      await expect(args.onOpenChange).toHaveBeenCalledTimes(2);
    });
  },
};

/**
 * The Articles link in icon mode, once the tooltips (a chunk of their own, loaded with the
 * sidebar) are wired to it: Ark marks the trigger.
 */
async function wiredArticlesLink(canvasElement: HTMLElement) {
  const link = within(canvasElement).getByRole('link', { name: 'Articles' });
  await waitFor(() => expect(link).toHaveAttribute('data-part', 'trigger'));
  return link;
}

export const TooltipInIconMode: Story = {
  args: { defaultOpen: false },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const link = await wiredArticlesLink(canvasElement);
    // A tooltip still open when its story ended ('Icon mode: tooltip shown') makes the next one
    // open at once (Ark's tooltips share that state): point at the link and away first, so the
    // delay is measured from rest.
    await userEvent.hover(link);
    await userEvent.unhover(link);
    await waitFor(() => expect(page.queryByRole('tooltip')).toBeNull(), { timeout: 3000 });

    const started = performance.now();
    await userEvent.hover(link);
    // Not at once: the tooltip waits 700 ms.
    await expect(page.queryByRole('tooltip')).toBeNull();
    const tooltip = await page.findByRole('tooltip', {}, { timeout: 3000 });
    await expect(tooltip).toHaveTextContent('Articles');
    await expect(performance.now() - started).toBeGreaterThanOrEqual(690);
    await userEvent.unhover(link);
    await waitFor(() => expect(page.queryByRole('tooltip')).toBeNull());
  },
};

/** At rest: in icon mode, pointing at a link shows its name in a tooltip. */
export const TooltipShown: Story = {
  name: 'Icon mode: tooltip shown',
  args: { defaultOpen: false },
  play: async ({ canvasElement }) => {
    const tooltip = await pointAt(await wiredArticlesLink(canvasElement));
    await expect(tooltip).toHaveTextContent('Articles');
  },
};

export const SignOut: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('admin@example.com')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Sign out' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
  },
};

/** At rest: below 768px the sidebar is a sheet, opened from the top bar, with the links. */
export const MobileSheetOpen: Story = {
  name: 'Mobile: sheet open',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  args: { activePath: '/file-manager' },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('button', { name: 'Toggle Sidebar' });

    await step('The sheet starts closed', async () => {
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      // (The story before may have left its sheet open: it goes with that story.)
      await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
      await expect(page.queryByRole('link', { name: 'Articles' })).toBeNull();
    });

    await step('The trigger in the top bar opens it with the links', async () => {
      await userEvent.click(trigger);
      const sheet = await opened(page.findByRole('dialog', { name: 'Admin Panel' }));
      await expect(trigger).toHaveAttribute('aria-expanded', 'true');
      const inSheet = within(sheet);
      await waitFor(() => expect(inSheet.getByRole('link', { name: 'Home' })).toBeVisible());
      await expect(inSheet.getByRole('link', { name: 'Articles' })).toBeVisible();
      await expect(inSheet.getByRole('link', { name: 'File Manager' })).toHaveAttribute('aria-current', 'page');
      // 18rem.
      await waitFor(() => expect(sheet.getBoundingClientRect().width).toBe(288));
    });
  },
};

export const Mobile: Story = {
  ...MobileSheetOpen,
  name: 'Mobile: sheet opens and closes',
  play: async (context) => {
    await MobileSheetOpen.play?.(context);
    const { canvasElement, step } = context;
    const page = within(canvasElement.ownerDocument.body);
    // The open sheet is modal: the page behind it is hidden from assistive technology.
    const trigger = within(canvasElement).getByRole('button', { name: 'Toggle Sidebar', hidden: true });

    await step('Escape closes it and focus returns to the trigger', async () => {
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
      await expect(trigger).toHaveAttribute('aria-expanded', 'false');
      await waitFor(() => expect(trigger).toHaveFocus());
    });

    await step('The close button closes it too', async () => {
      await userEvent.click(trigger);
      const sheet = await opened(page.findByRole('dialog', { name: 'Admin Panel' }));
      await userEvent.click(within(sheet).getByRole('button', { name: 'Close sidebar' }));
      await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    });
  },
};

/**
 * The top bar's light/dark switch: it follows the system until used, then remembers the choice;
 * the page's colours change with it (semantic tokens).
 */
export const ColorModeSwitch: Story = {
  args: { colorModeToggle: true },
  // The switch's chunk brings the bell, which asks for the notifications: none here.
  beforeEach: using(() => notificationHandlers.api()),
  decorators: [
    (Story) => (
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <Story />
        </QueryClientProvider>
      </MemoryRouter>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const root = document.documentElement;
    const before = root.classList.contains('dark') ? 'dark' : 'light';
    const other = before === 'dark' ? 'light' : 'dark';
    const toggle = await canvas.findByRole('button', { name: `Switch to ${other} mode` });
    const canvasColour = () => getComputedStyle(canvasElement.querySelector('main')!.parentElement!.parentElement!).backgroundColor;
    const colourBefore = canvasColour();
    try {
      await userEvent.click(toggle);
      await expect(root.classList.contains(other)).toBe(true);
      await expect(localStorage.getItem('color-mode')).toBe(other);
      await expect(await canvas.findByRole('button', { name: `Switch to ${before} mode` })).toBeVisible();
      await waitFor(() => expect(canvasColour()).not.toBe(colourBefore));
    } finally {
      localStorage.removeItem('color-mode');
      root.classList.remove(other);
      root.classList.add(before);
      root.style.colorScheme = before;
    }
  },
};

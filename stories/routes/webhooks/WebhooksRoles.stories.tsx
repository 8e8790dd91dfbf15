// The Webhooks screen for other roles: an editor is told who may manage webhooks; an older
// server's admin without a role has the screen.
import type { Meta } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { authHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { ready } from '../plays';
import { requestsTo, type ScreenStory as Story, using } from '../screen';
import { t, webhooksScreen } from './webhooksScreen';

export default { title: 'Screens/Webhooks/Roles', tags: ['!autodocs'], ...webhooksScreen } satisfies Meta<typeof AppStory>;

/** The requests for the webhooks. */
const webhooks = requestsTo('*/api/webhooks');

/**
 * An editor reaching /webhooks by a link: the screen says who may manage webhooks, as the server
 * would, and asks the server nothing; the sidebar has no Webhooks link for them.
 */
export const AsEditor: Story = {
  // Counted, then refused as the server would (403 forbidden_role).
  beforeEach: using(webhooks.handlers, () => authHandlers.signedInAs('editor')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: t.title, level: 1 }, ready)).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Only an admin may manage webhooks; you are an editor.');
    await expect(canvas.queryByRole('list', { name: t.list.label })).toBeNull();
    await expect(within(canvas.getByRole('navigation')).queryByRole('link', { name: 'Webhooks' })).toBeNull();
    await expect(webhooks.queries).toHaveLength(0);
  },
};

/** An older server's `me` names no role: it had admins only, and the screen is theirs. */
export const SignedInWithoutRole: Story = {
  beforeEach: using(() => authHandlers.signedInWithoutRole()),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('list', { name: t.list.label }, ready)).toBeVisible();
    await expect(within(canvas.getByRole('navigation')).getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
  },
};

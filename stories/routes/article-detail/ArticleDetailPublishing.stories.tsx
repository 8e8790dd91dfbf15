// The article page's Draft/Published switch: publishing, its failures, and a published article's
// edit blocked until it is a draft again.
import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { articleHandlers } from '../../mocks';
import { AppStory } from '../AppStory';
import { convertToDraft, findTitle, publish, tryToEditPublished } from '../plays';
import { body, type ScreenStory as Story, using } from '../screen';
import { a, articleDetailScreen, atPublished, draft, published } from './articleDetailScreen';

export default { title: 'Screens/ArticleDetail/Publishing', tags: ['!autodocs'], ...articleDetailScreen } satisfies Meta<typeof AppStory>;

/** The switch named `name` pressed on the article titled `title`: the server fails, the page says `message`, and the switch stays as it was. */
async function switchFails(canvasElement: HTMLElement, title: string, name: string, message: string, checked: boolean) {
  const canvas = within(canvasElement);
  await findTitle(canvasElement, title);
  await userEvent.click(canvas.getByRole('switch', { name }));
  const alert = await canvas.findByRole('alert');
  await expect(alert).toHaveTextContent(message);
  if (checked) await expect(canvas.getByRole('switch', { name })).toBeChecked();
  else await expect(canvas.getByRole('switch', { name })).not.toBeChecked();
}

export const PublishFlow: Story = {
  play: async ({ canvasElement }) => {
    await findTitle(canvasElement, draft.title!);
    await publish(canvasElement);
  },
};

export const PublishFails: Story = {
  beforeEach: using(() => articleHandlers.failingPublish()),
  play: ({ canvasElement }) => switchFails(canvasElement, draft.title!, a.draft, a.publishFailed, false),
};

export const ConvertFails: Story = {
  args: atPublished,
  beforeEach: using(() => articleHandlers.failingDraft()),
  play: ({ canvasElement }) => switchFails(canvasElement, published.title!, a.published, a.draftFailed, true),
};

/** At rest: typing into a published article opened 'Cannot Edit Published Article'. */
export const BlockedEdit: Story = {
  name: 'Blocked edit: Cannot Edit Published Article',
  args: atPublished,
  play: async ({ canvasElement }) => {
    await findTitle(canvasElement, published.title!);
    const dialog = await tryToEditPublished(canvasElement, published.slug!);
    await expect(within(dialog).getByRole('button', { name: a.convertToDraft })).toBeEnabled();
    await expect(within(dialog).getByRole('button', { name: a.cancel })).toBeEnabled();
  },
};

export const BlockedEditThenConvert: Story = {
  args: atPublished,
  play: async (context) => {
    await BlockedEdit.play?.(context);
    const { canvasElement } = context;
    const dialog = body(canvasElement).getByRole('alertdialog', { name: a.cannotEditTitle });
    await convertToDraft(canvasElement, dialog);
    await expect(within(canvasElement).getByRole('switch', { name: a.draft })).not.toBeChecked();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ArticleStatusSwitch } from '../../../src/components/article-detail/ArticleStatusSwitch';
import type { ArticleStatus } from '../../../src/contract';
import { accessFor } from '../../../src/lib/access';
import { clickRefused, expectRefused } from '../../refused';

const meta = {
  title: 'Components/ArticleDetail/ArticleStatusSwitch',
  component: ArticleStatusSwitch,
  args: { status: 'draft', pendingAction: null, onPublish: fn(), onConvertToDraft: fn() },
} satisfies Meta<typeof ArticleStatusSwitch>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Toggling a draft asks to publish it; the switch stays off until the status changes. */
export const Draft: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: 'Draft' });
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeEnabled();

    await userEvent.click(toggle);
    await expect(args.onPublish).toHaveBeenCalledTimes(1);
    await expect(args.onConvertToDraft).not.toHaveBeenCalled();
    await expect(canvas.getByRole('switch', { name: 'Draft' })).not.toBeChecked();
  },
};

/** Toggling a published article (here with the keyboard) asks to convert it to draft. */
export const Published: Story = {
  args: { status: 'published' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: 'Published' });
    await expect(toggle).toBeChecked();

    await userEvent.tab();
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(args.onConvertToDraft).toHaveBeenCalledTimes(1);
    await expect(args.onPublish).not.toHaveBeenCalled();
    await expect(canvas.getByRole('switch', { name: 'Published' })).toBeChecked();
  },
};

export const Publishing: Story = {
  args: { status: 'draft', pendingAction: 'publish' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: 'Publishing...' });
    await expect(toggle).toBeDisabled();
    await userEvent.click(canvas.getByText('Publishing...'), { pointerEventsCheck: 0 });
    await expect(args.onPublish).not.toHaveBeenCalled();
  },
};

export const ConvertingToDraft: Story = {
  args: { status: 'published', pendingAction: 'draft' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: 'Converting to draft...' });
    await expect(toggle).toBeDisabled();
    await userEvent.click(canvas.getByText('Converting to draft...'), { pointerEventsCheck: 0 });
    await expect(args.onConvertToDraft).not.toHaveBeenCalled();
  },
};

/** With a parent that applies each change at once: the switch follows the new status both ways. */
export const RoundTrip: Story = {
  render: function RoundTrip(args) {
    const [status, setStatus] = useState<ArticleStatus>(args.status);
    return (
      <ArticleStatusSwitch
        status={status}
        pendingAction={null}
        onPublish={() => {
          args.onPublish();
          setStatus('published');
        }}
        onConvertToDraft={() => {
          args.onConvertToDraft();
          setStatus('draft');
        }}
      />
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: 'Draft' }));
    await expect(args.onPublish).toHaveBeenCalledTimes(1);
    await expect(await canvas.findByRole('switch', { name: 'Published' })).toBeChecked();

    await userEvent.click(canvas.getByText('Published'));
    await expect(args.onConvertToDraft).toHaveBeenCalledTimes(1);
    await expect(await canvas.findByRole('switch', { name: 'Draft' })).not.toBeChecked();
  },
};

const publishRefused = accessFor('author').whyNot('publishArticle')!;

/** A role that may not publish: the switch shows the status, says who may (tooltip and description), and does nothing. */
export const PublishRefused: Story = {
  args: { refused: publishRefused },
  play: async ({ args, canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Draft' });
    await expect(toggle).toHaveAccessibleDescription(publishRefused);
    const trigger = toggle.closest<HTMLElement>('[data-part="trigger"]')!;
    await expectRefused(toggle, publishRefused, trigger);
    await clickRefused(toggle, trigger);
    await expect(toggle).not.toBeChecked();
    await expect(args.onPublish).not.toHaveBeenCalled();
  },
};

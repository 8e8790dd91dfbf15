import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SlugEditor, type SlugEditorProps } from '../../../src/components/article-editor/SlugEditor';
import type { SlugCheckState } from '../../../src/components/article-editor/rules';
import { texts } from '../../../src/lib/texts';
import { draftArticle } from '../../fixtures';
import { accessFor } from '../../../src/lib/access';
import { LockNotice } from '../../../src/components/article-editor/LockNotice';
import { expectBusy } from '../../busy';

const a = texts.article;
const savedSlug = draftArticle.slug as string;

/**
 * Holds the slug like the article page does: typing changes the field and clears the last
 * check, 'Use this' takes the suggestion, Reset restores the saved slug. The spies still see
 * every call.
 */
function StatefulSlugEditor(props: SlugEditorProps) {
  const [value, setValue] = useState(props.value);
  const [check, setCheck] = useState<SlugCheckState>(props.check);
  return (
    <SlugEditor
      {...props}
      value={value}
      check={check}
      onChange={(next) => {
        props.onChange(next);
        setValue(next);
        setCheck({ status: 'idle' });
      }}
      onReset={() => {
        props.onReset();
        setValue(props.savedSlug ?? '');
        setCheck({ status: 'idle' });
      }}
    />
  );
}

const meta = {
  title: 'Components/ArticleEditor/SlugEditor',
  component: SlugEditor,
  subcomponents: { LockNotice },
  args: {
    savedSlug,
    value: savedSlug,
    isPublished: false,
    check: { status: 'idle' },
    isSaving: false,
    onChange: fn(),
    onVerify: fn(),
    onSave: fn(),
    onReset: fn(),
    onBlockedEdit: fn(),
  },
} satisfies Meta<typeof SlugEditor>;
export default meta;

type Story = StoryObj<typeof meta>;

const slugInput = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('textbox', { name: a.slugLabel });

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: a.slugEditor })).toBeVisible();
    await expect(slugInput(canvasElement)).toHaveValue(savedSlug);
    await expect(canvas.getByText(a.slugHint)).toBeVisible();
    await expect(canvas.queryByText(a.unsaved)).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: a.save })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: a.reset })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: a.verify }));
    await expect(args.onVerify).toHaveBeenCalledTimes(1);
  },
};

export const Unsaved: Story = {
  args: { value: 'growing-tomatoes-at-home' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(a.unsaved)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: a.save }));
    await expect(args.onSave).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: a.reset }));
    await expect(args.onReset).toHaveBeenCalledTimes(1);
  },
};

export const Checking: Story = {
  args: { value: 'growing-tomatoes-at-home', check: { status: 'checking' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(a.checking);
    await expect(canvas.getByRole('button', { name: a.verify })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: a.save })).toBeDisabled();
  },
};

export const Available: Story = {
  args: {
    value: 'growing-tomatoes-at-home',
    check: { status: 'available', message: 'Slug is available', suggestion: 'growing-tomatoes-at-home' },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Slug is available');
    await expect(canvas.queryByRole('button', { name: a.useThis })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: a.save }));
    await expect(args.onSave).toHaveBeenCalledTimes(1);
  },
};

/** At rest: the slug is taken, the message and the server's suggestion with its 'Use this' button. */
export const SuggestionShown: Story = {
  name: 'Slug taken, suggestion shown',
  args: {
    value: 'best-hiking-boots-2026',
    check: {
      status: 'unavailable',
      message: 'Slug is already taken',
      suggestion: 'best-hiking-boots-2026-2',
    },
  },
  render: (args) => <StatefulSlugEditor {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Slug is already taken')).toBeVisible();
    await expect(canvas.getByText(a.slugCannotSave)).toBeVisible();
    await expect(canvas.getByText(a.suggestion('best-hiking-boots-2026-2'))).toBeVisible();
    await expect(canvas.getByRole('button', { name: a.useThis })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: a.save })).toBeDisabled();
  },
};

/** 'Use this' takes the suggestion, which can then be saved. */
export const Unavailable: Story = {
  ...SuggestionShown,
  name: 'Use this takes the suggestion',
  play: async (context) => {
    await SuggestionShown.play?.(context);
    const { canvasElement, args } = context;
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: a.useThis }));
    await expect(args.onChange).toHaveBeenCalledWith('best-hiking-boots-2026-2');
    await expect(slugInput(canvasElement)).toHaveValue('best-hiking-boots-2026-2');
    // The taken slug is gone, so the new one can be saved.
    await expect(canvas.queryByText(a.slugCannotSave)).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: a.save })).toBeEnabled();
  },
};

export const CheckError: Story = {
  args: { value: 'growing-tomatoes-at-home', check: { status: 'error' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(a.slugCheckError);
    // A failed check neither blocks saving nor a new check.
    await expect(canvas.getByRole('button', { name: a.verify })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: a.save })).toBeEnabled();
  },
};

export const CannotSave: Story = {
  args: { value: 'best-hiking-boots-2026', check: { status: 'unavailable' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(a.slugCannotSave);
    await expect(canvas.getByText(a.unsaved)).toBeVisible();
    await expect(canvas.getByRole('button', { name: a.save })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: a.useThis })).not.toBeInTheDocument();
  },
};

export const VerifyDisabledEmpty: Story = {
  args: { savedSlug: null, value: '' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(slugInput(canvasElement)).toHaveValue('');
    await expect(canvas.getByRole('button', { name: a.verify })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: a.save })).toBeDisabled();
  },
};

export const Saving: Story = {
  args: { value: 'growing-tomatoes-at-home', check: { status: 'available', message: 'Slug is available' }, isSaving: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const save = canvas.getByRole('button', { name: a.saving });
    await expectBusy(save);
    await expect(canvas.getByRole('button', { name: a.reset })).toBeDisabled();
  },
};

export const Published: Story = {
  args: { isPublished: true },
  render: (args) => <StatefulSlugEditor {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = slugInput(canvasElement);
    await expect(canvas.getByText(a.publishedLocked)).toBeVisible();
    await expect(canvas.getByRole('button', { name: a.verify })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: a.save })).toBeDisabled();

    await userEvent.type(input, 'x');
    await expect(args.onBlockedEdit).toHaveBeenCalledTimes(1);
    await userEvent.paste('pasted');
    await expect(args.onBlockedEdit).toHaveBeenCalledTimes(2);
    await expect(input).toHaveValue(savedSlug);
    await expect(args.onChange).not.toHaveBeenCalled();

    // Moving around the read-only field is not an edit.
    await userEvent.keyboard('{ArrowLeft}{Home}');
    await expect(args.onBlockedEdit).toHaveBeenCalledTimes(2);
  },
};

export const Reset: Story = {
  render: (args) => <StatefulSlugEditor {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = slugInput(canvasElement);
    await userEvent.type(input, '-at-home');
    await expect(input).toHaveValue(`${savedSlug}-at-home`);
    await expect(canvas.getByText(a.unsaved)).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: a.reset }));
    await expect(args.onReset).toHaveBeenCalledTimes(1);
    await expect(input).toHaveValue(savedSlug);
    await expect(canvas.queryByText(a.unsaved)).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: a.reset })).toBeDisabled();
  },
};

const editRefused = accessFor('author').whyNot('updateArticle', { published: true })!;

/**
 * A role that may not edit this article: the slug is read-only and says who may; typing changes
 * nothing and offers no Convert to Draft (that would not be theirs either).
 */
export const RefusedForRole: Story = {
  args: { isPublished: true, refused: editRefused },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(editRefused)).toBeVisible();
    await expect(canvas.queryByText(a.publishedLocked)).toBeNull();
    const input = slugInput(canvasElement);
    await expect(input).toHaveAttribute('readonly');
    await userEvent.type(input, 'x');
    await expect(args.onChange).not.toHaveBeenCalled();
    await expect(args.onBlockedEdit).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: a.verify })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: a.save })).toBeDisabled();
  },
};

import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  HtmlEditorPreview,
  type HtmlEditorPreviewProps,
} from '../../../src/components/article-editor/HtmlEditorPreview';
import { texts } from '../../../src/lib/texts';
import { articleWithoutBlogData, draftArticle, publishedArticle } from '../../fixtures';
import { expectBusy } from '../../busy';

const a = texts.article;
const savedHtml = draftArticle.blogData as string;

/** Holds the HTML like the article page does; Reset restores the saved HTML. */
function StatefulHtmlEditor(props: HtmlEditorPreviewProps) {
  const [value, setValue] = useState(props.value);
  return (
    <HtmlEditorPreview
      {...props}
      value={value}
      onChange={(next) => {
        props.onChange(next);
        setValue(next);
      }}
      onReset={() => {
        props.onReset();
        setValue(props.savedHtml ?? '');
      }}
    />
  );
}

/**
 * The card's code editor is HtmlCodeEditor (CodeMirror 6), lazy-loaded: these stories load it
 * for real, so its typing, read-only and keyboard behaviour are tested here.
 */
const meta = {
  title: 'Components/ArticleEditor/HtmlEditorPreview',
  component: HtmlEditorPreview,
  args: {
    savedHtml,
    value: savedHtml,
    isPublished: false,
    isSaving: false,
    onChange: fn(),
    onSave: fn(),
    onReset: fn(),
    onBlockedEdit: fn(),
  },
} satisfies Meta<typeof HtmlEditorPreview>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The editor is a lazily loaded chunk: wait for it. */
const findEditor = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('textbox', { name: a.htmlEditorLabel }, { timeout: 10_000 });

const previewFrame = (canvasElement: HTMLElement) =>
  within(canvasElement).getByTitle(a.livePreview) as HTMLIFrameElement;

export const Draft: Story = {
  render: (args) => <StatefulHtmlEditor {...args} />,
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement);
    const editor = await findEditor(canvasElement);
    const frame = previewFrame(canvasElement);

    await step('the preview is sandboxed without scripts or the console origin', async () => {
      const sandbox = frame.getAttribute('sandbox');
      await expect(sandbox).not.toBeNull();
      await expect(sandbox).not.toContain('allow-same-origin');
      await expect(sandbox).not.toContain('allow-scripts');
      await expect(frame.getAttribute('srcdoc')).toBe(savedHtml);
    });

    await step('nothing to save before an edit', async () => {
      await expect(canvas.queryByText(a.unsaved)).not.toBeInTheDocument();
      await expect(canvas.getByRole('button', { name: a.save })).toBeDisabled();
    });

    await step('typing updates the preview and marks the HTML unsaved', async () => {
      await userEvent.click(editor);
      await userEvent.keyboard('{Control>}{End}{/Control}Fresh basil helps.');
      await waitFor(() => expect(previewFrame(canvasElement).getAttribute('srcdoc')).toBe(`${savedHtml}Fresh basil helps.`));
      // A new frame for the new text: changing srcdoc would add an entry to the tab's history per keystroke.
      await expect(previewFrame(canvasElement)).not.toBe(frame);
      await expect(args.onChange).toHaveBeenLastCalledWith(`${savedHtml}Fresh basil helps.`);
      await expect(canvas.getByText(a.unsaved)).toBeVisible();
      // Tab leaves the editor instead of indenting: no keyboard trap.
      await userEvent.tab();
      await expect(editor).not.toHaveFocus();
      const save = canvas.getByRole('button', { name: a.save });
      await expect(save).toBeEnabled();
      await userEvent.click(save);
      await expect(args.onSave).toHaveBeenCalledTimes(1);
    });

    await step('Reset restores the saved HTML', async () => {
      await userEvent.click(canvas.getByRole('button', { name: a.reset }));
      await expect(args.onReset).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(previewFrame(canvasElement).getAttribute('srcdoc')).toBe(savedHtml));
      await waitFor(() => expect(editor.textContent).toBe(savedHtml));
      await expect(canvas.queryByText(a.unsaved)).not.toBeInTheDocument();
    });
  },
};

const editedHtml = `${savedHtml}<p>Water them in the morning.</p>`;

export const Unsaved: Story = {
  args: { value: editedHtml },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await findEditor(canvasElement);
    await expect(previewFrame(canvasElement).getAttribute('srcdoc')).toBe(editedHtml);
    await expect(canvas.getByText(a.unsaved)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: a.save }));
    await expect(args.onSave).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: a.reset }));
    await expect(args.onReset).toHaveBeenCalledTimes(1);
  },
};

export const Saving: Story = {
  args: { value: editedHtml, isSaving: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await findEditor(canvasElement);
    await expectBusy(canvas.getByRole('button', { name: a.saving }));
    await expect(canvas.getByRole('button', { name: a.reset })).toBeDisabled();
  },
};

export const Published: Story = {
  args: {
    savedHtml: publishedArticle.blogData,
    value: publishedArticle.blogData as string,
    isPublished: true,
  },
  render: (args) => <StatefulHtmlEditor {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const editor = await findEditor(canvasElement);
    await expect(editor).toHaveAttribute('aria-readonly', 'true');
    await expect(canvas.getByText(a.publishedLocked)).toBeVisible();

    await userEvent.click(editor);
    await userEvent.keyboard('x');
    await expect(args.onBlockedEdit).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Enter}');
    await expect(args.onBlockedEdit).toHaveBeenCalledTimes(2);
    await expect(args.onChange).not.toHaveBeenCalled();
    await expect(previewFrame(canvasElement).getAttribute('srcdoc')).toBe(publishedArticle.blogData);
    await expect(editor.textContent).toBe(publishedArticle.blogData);
    await expect(canvas.queryByText(a.unsaved)).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: a.save })).toBeDisabled();
  },
};

export const Empty: Story = {
  args: { savedHtml: articleWithoutBlogData.blogData, value: '' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const editor = await findEditor(canvasElement);
    await expect(editor).toHaveTextContent('');
    await expect(previewFrame(canvasElement).getAttribute('srcdoc')).toBe('');
    await expect(canvas.queryByText(a.unsaved)).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: a.save })).toBeDisabled();
  },
};

/** On a narrow screen the preview sits below the editor instead of beside it. */
export const NarrowScreen: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const editor = await findEditor(canvasElement);
    const editorBox = editor.getBoundingClientRect();
    const frameBox = previewFrame(canvasElement).getBoundingClientRect();
    await expect(frameBox.top).toBeGreaterThanOrEqual(editorBox.bottom);
    await expect(frameBox.height).toBe(500);
  },
};

/**
 * What the file manager's story files share (Screens/FileManager/…): the meta they start from, and
 * the queries and steps their plays make on the library, its menus, its selection and its trash.
 */
import type { StoryContext } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ReplaceFileInput } from '../../../src/components/files/ReplaceFileInput';
import { texts } from '../../../src/lib/texts';
import { fileExtraTexts as x } from '../../../src/lib/texts-files';
import { files, tinyPngBytes } from '../../fixtures';
import { authHandlers, fileHandlers } from '../../mocks';
import { fileTrigger, openWith } from '../../components/files/fileBrowserStories';
import { ready } from '../plays';
import { body, screen, withoutToasts } from '../screen';

const f = texts.files;

/** Signed in, with working APIs; a story puts the variant it shows in front of them. */
export const fileManagerScreen = {
  ...screen('/file-manager'),
  subcomponents: { ReplaceFileInput },
  beforeEach({ msw }: StoryContext) {
    msw.use(...authHandlers.signedIn(), ...fileHandlers.api());
    return withoutToasts();
  },
};

/** The value of the summary card labelled `label` (Chakra Stat: a dl with dt label and dd value). */
export function summaryValue(canvasElement: HTMLElement, label: string): string {
  const term = within(canvasElement)
    .getAllByText(label)
    .find((el) => el.closest('dl'));
  return term?.closest('dl')?.querySelector('dd')?.textContent ?? '';
}

/** 'Files (N)' once the list has answered ('Files (0)' shows while it loads). */
export const findFilesTitle = (canvasElement: HTMLElement, count: number) =>
  within(canvasElement).findByRole('heading', { name: f.filesCount(count) }, ready);

/** Opens a file's actions menu and picks `item`. */
export async function pickFileAction(canvasElement: HTMLElement, name: string, item: string) {
  await openFileMenu(canvasElement, name);
  await userEvent.click(await body(canvasElement).findByRole('menuitem', { name: item }));
}

/**
 * Opens a file's menu once the library is laid out: a grid drawn before it measured its width
 * draws its cards again, and a press on a card it replaced opens a menu nothing can close.
 */
export async function openFileMenu(canvasElement: HTMLElement, name: string) {
  const trigger = await fileTrigger(canvasElement, name);
  await openWith(trigger, () => userEvent.click(trigger));
}

/**
 * Answers window.confirm with `answer` while `run` runs (one answer per question, in turn, when
 * given several; the last one after that); resolves to the questions asked.
 */
export async function withConfirm(canvasElement: HTMLElement, answer: boolean | boolean[], run: (asked: string[]) => Promise<void>): Promise<string[]> {
  const win = canvasElement.ownerDocument.defaultView!;
  const original = win.confirm;
  const asked: string[] = [];
  const answers = Array.isArray(answer) ? answer : [answer];
  win.confirm = (message?: string) => {
    asked.push(String(message));
    return answers[Math.min(asked.length, answers.length) - 1]!;
  };
  try {
    await run(asked);
  } finally {
    win.confirm = original;
  }
  return asked;
}

/** The Trash tab opened by its address. */
export const atTrash = { path: '/file-manager?tab=trash' };

/**
 * The Trash tab (named with its count once known) is the selected one. The count comes in an
 * answer of its own, which may arrive after the list's: waited for, not asked for at once.
 */
export const expectTrashSelected = (canvasElement: HTMLElement, name: string) =>
  waitFor(() => expect(within(canvasElement).getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true'), ready);

/** The bytes of the 1x1 PNG (fixtures), uploaded under several names. */
export const pngBytes = tinyPngBytes();

/** The chooser's accept list would drop the text file before it is sent: let it through, as a drop does. */
export const uploader = () => userEvent.setup({ applyAccept: false });

/** The sample library newest first, as the grid shows it. */
export const newestFirst = [...files].sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));

export const checkbox = (canvasElement: HTMLElement, name: string) => within(canvasElement).getByRole('checkbox', { name: x.select(name) });
export const selectedCount = (canvasElement: HTMLElement, n: number) => within(canvasElement).findByText(x.selected(n));

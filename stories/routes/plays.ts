/**
 * Steps the route stories share: each does what the admin would do on a screen and asserts what
 * they then see, so a story that stops at a state and the flows that pass through it say it once.
 */
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { texts } from '../../src/lib/texts';

const a = texts.article;
const l = texts.login;

/** The first screen of a story waits for MSW, the lazy route chunk and the session check. */
export const ready = { timeout: 10_000 };

/** Waits for what the page does on its next frame (a scroll handled, rows painted, focus moved, a toast placed). */
export const twoFrames = (view: Window) =>
  new Promise<void>((resolve) => view.requestAnimationFrame(() => view.requestAnimationFrame(() => resolve())));

/**
 * Waits until `container` (a dialog, a menu) has taken the focus: it takes it a frame or more
 * after it opens, so on a busy machine a press made before that ends with the focus moved back.
 */
export async function focusTaken(container: HTMLElement) {
  await waitFor(() => expect(container).toContainElement(container.ownerDocument.activeElement as HTMLElement), ready);
}

/**
 * A dialog or menu as the admin meets it: shown (it fades in) and holding the focus. A press made
 * before it has taken the focus ends with the focus given back to the wrong place, and a shot
 * taken before it lacks the ring its baseline has.
 */
export async function opened(found: HTMLElement | Promise<HTMLElement>) {
  const container = await found;
  await waitFor(() => expect(container).toBeVisible(), ready);
  await focusTaken(container);
  return container;
}

/** Fills the sign-in form and sends it. */
export async function signIn(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText(l.email, undefined, ready), 'admin@example.com');
  await userEvent.type(canvas.getByLabelText(l.password), 'correct horse');
  await userEvent.click(canvas.getByRole('button', { name: l.submit }));
}

/** The article page's title: the article's title (else its slug, else 'Article #…'). */
export function findTitle(canvasElement: HTMLElement, title: string) {
  return within(canvasElement).findByRole('heading', { level: 1, name: title }, ready);
}

/** The article page's title shows the slug under it (its accessible description) once saved. */
export async function expectHeaderSlug(canvasElement: HTMLElement, slug: string) {
  const title = within(canvasElement).getByRole('heading', { level: 1 });
  await waitFor(() => expect(title).toHaveAccessibleDescription(slug));
}

export const slugCard = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: a.slugEditor }));

export const htmlCard = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: a.htmlEditor }));

const slugField = (canvasElement: HTMLElement) => slugCard(canvasElement).getByRole('textbox', { name: a.slugLabel });

/** Types a slug another article has and verifies it: it cannot be saved, a free one is offered. */
export async function askForTakenSlug(canvasElement: HTMLElement, taken: string, suggestion: string) {
  const card = slugCard(canvasElement);
  const field = slugField(canvasElement);
  await userEvent.clear(field);
  await userEvent.type(field, taken);
  await expect(card.getByText(a.unsaved)).toBeVisible();
  await userEvent.click(card.getByRole('button', { name: a.verify }));
  await expect(await card.findByText(a.slugCannotSave)).toBeVisible();
  await expect(card.getByText(a.suggestion(suggestion))).toBeVisible();
  await expect(card.getByRole('button', { name: a.useThis })).toBeEnabled();
  await expect(card.getByRole('button', { name: a.save })).toBeDisabled();
}

/** 'Use this' puts the suggestion in the field; it is unsaved and can be saved. */
export async function takeSuggestion(canvasElement: HTMLElement, suggestion: string) {
  const card = slugCard(canvasElement);
  await userEvent.click(card.getByRole('button', { name: a.useThis }));
  await expect(slugField(canvasElement)).toHaveValue(suggestion);
  await expect(card.queryByText(a.slugCannotSave)).not.toBeInTheDocument();
  await expect(card.getByText(a.unsaved)).toBeVisible();
  await expect(card.getByRole('button', { name: a.save })).toBeEnabled();
}

/** Save: the unsaved mark goes and the page's title shows the new slug under it. */
export async function saveSlug(canvasElement: HTMLElement, slug: string) {
  const card = slugCard(canvasElement);
  await userEvent.click(card.getByRole('button', { name: a.save }));
  await waitFor(() => expect(card.queryByText(a.unsaved)).not.toBeInTheDocument());
  await expect(slugField(canvasElement)).toHaveValue(slug);
  await expectHeaderSlug(canvasElement, slug);
}

/** The Draft switch publishes: the banner says so and the editors lock. */
export async function publish(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(canvas.getByRole('switch', { name: a.draft }));
  await expect(await canvas.findByText(a.publishedOk)).toBeVisible();
  await waitFor(() => expect(canvas.getByRole('switch', { name: a.published })).toBeChecked());
  await expect(slugCard(canvasElement).getByText(a.publishedLocked)).toBeVisible();
}

/** Typing into a published article's slug changes nothing and opens 'Cannot Edit Published Article'. */
export async function tryToEditPublished(canvasElement: HTMLElement, slug: string) {
  const field = slugField(canvasElement);
  await userEvent.type(field, 'x');
  await expect(field).toHaveValue(slug);
  return findCannotEditDialog(canvasElement);
}

/** 'Cannot Edit Published Article', once it has faded in. */
export async function findCannotEditDialog(canvasElement: HTMLElement) {
  const dialog = await opened(within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: a.cannotEditTitle }));
  // It fades in.
  await waitFor(() => expect(within(dialog).getByText(a.cannotEditBody)).toBeVisible());
  return dialog;
}

/** Convert to Draft in 'Cannot Edit Published Article': the banner says so and the dialog goes. */
export async function convertToDraft(canvasElement: HTMLElement, dialog: HTMLElement) {
  await userEvent.click(within(dialog).getByRole('button', { name: a.convertToDraft }));
  await expect(await within(canvasElement).findByText(a.draftOk)).toBeVisible();
  const body = within(canvasElement.ownerDocument.body);
  await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument(), { timeout: 3000 });
}

/** Clicks the button `name` (in `scope`, the story's canvas by default) and waits until the page has none. */
export async function pressUntilGone(canvasElement: HTMLElement, name: string, scope = within(canvasElement)) {
  await userEvent.click(scope.getByRole('button', { name }));
  await waitFor(() => expect(within(canvasElement).queryByRole('button', { name })).not.toBeInTheDocument());
}

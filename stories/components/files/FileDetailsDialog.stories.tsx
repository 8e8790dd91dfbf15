import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { FileDetailsDialog } from '../../../src/components/files';
import { serverMessages } from '../../../src/contract';
import { fileDetailsTexts as t, fileUsageTexts as u } from '../../../src/lib/texts-files';
import { makeFile } from '../../fixtures';
import { errorResponse } from '../../mocks/errors';
import { opened } from '../../routes/plays';

/** A landscape photo (3 : 2) drawn without any network: sky, sea, and a boat right of the middle. */
const photoUrl = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">' +
    '<rect width="600" height="250" fill="#9cc9f0"/><rect y="250" width="600" height="150" fill="#2f6f9f"/>' +
    '<circle cx="110" cy="80" r="36" fill="#f7d154"/>' +
    '<polygon points="400,250 520,250 500,280 420,280" fill="#7a4a2a"/><rect x="455" y="150" width="6" height="100" fill="#5a3a1a"/>' +
    '<polygon points="461,155 461,240 520,240" fill="#fafafa"/></svg>',
)}`;

const photo = makeFile({
  id: 'file_harbour',
  name: 'harbour-at-dawn.jpg',
  type: 'image',
  mimeType: 'image/jpeg',
  url: photoUrl,
  thumbnailUrl: photoUrl,
  width: 4000,
  height: 2667,
});
const described = makeFile({
  ...photo,
  alt: 'A sailing boat moored in the harbour at dawn',
  caption: 'The harbour on the first morning of the season.',
  credit: 'Ana Ruiz',
  focalPoint: { x: 0.8, y: 0.55 },
});
const pdf = makeFile({ name: 'annual-report-2025.pdf' });

const meta = {
  title: 'Components/Files/FileDetailsDialog',
  component: FileDetailsDialog,
  args: { file: photo, isPending: false, error: null, onSave: fn(), onCancel: fn(), usage: { usage: { data: [], total: 0 }, isLoading: false, error: null } },
} satisfies Meta<typeof FileDetailsDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async (canvasElement: HTMLElement, name: string) =>
  within(await opened(within(canvasElement.ownerDocument.body).findByRole('dialog', { name: t.title(name) })));

/** The dialog's 'Used in' (at its end), scrolled into view for the shot. */
const usedIn = (shown: ReturnType<typeof within>) => {
  const region = shown.getByRole('region', { name: u.title });
  region.scrollIntoView({ block: 'center' });
  return within(region);
};

/** An image with nothing said about it yet: the dialog says articles will be flagged, and there is nothing to save. */
export const NoAltText: Story = {
  play: async ({ canvasElement }) => {
    const shown = await dialog(canvasElement, photo.name);
    await expect(shown.getByText(t.noAlt)).toBeVisible();
    await expect(shown.getByRole('status')).toHaveTextContent(t.focalMiddle);
    await expect(shown.getByRole('button', { name: t.save })).toBeDisabled();
  },
};

/** Alt text, caption, credit and a focal point: as saved. */
export const Described: Story = {
  args: { file: described },
  play: async ({ canvasElement }) => {
    const shown = await dialog(canvasElement, described.name);
    await expect(shown.getByLabelText(t.alt)).toHaveValue(described.alt);
    await expect(shown.getByText(t.count(described.alt.length, 1000))).toBeVisible();
    await expect(shown.getByRole('status')).toHaveTextContent(t.focalAt(0.8, 0.55));
    await expect(shown.getByLabelText(t.across)).toHaveValue('80');
    await expect(shown.getByLabelText(t.down)).toHaveValue('55');
  },
};

/** The focal point set by a click on the picture, then by its percentages; Save sends only what changed. */
export const SettingFocalPoint: Story = {
  play: async ({ canvasElement, args }) => {
    const shown = await dialog(canvasElement, photo.name);
    const picture = shown.getByRole('img', { name: t.focalPicture });
    await waitFor(() => expect(picture.getBoundingClientRect().width).toBeGreaterThan(100));
    const box = picture.getBoundingClientRect();
    fireEvent.click(picture, { clientX: box.left + box.width * 0.75, clientY: box.top + box.height * 0.25 });
    // React renders what a dispatched event changed on its next microtask.
    await waitFor(() => expect(shown.getByRole('status')).toHaveTextContent(t.focalAt(0.75, 0.25)));
    await expect(shown.getByLabelText(t.across)).toHaveValue('75');
    await userEvent.clear(shown.getByLabelText(t.down));
    await userEvent.type(shown.getByLabelText(t.down), '60');
    await expect(shown.getByRole('status')).toHaveTextContent(t.focalAt(0.75, 0.6));
    await userEvent.type(shown.getByLabelText(t.alt), 'A sailing boat in the harbour');
    await userEvent.click(shown.getByRole('button', { name: t.save }));
    await expect(args.onSave).toHaveBeenCalledWith({ alt: 'A sailing boat in the harbour', focalPoint: { x: 0.75, y: 0.6 } });
  },
};

/** 'Use the middle' clears the focal point. */
export const BackToTheMiddle: Story = {
  args: { file: described },
  play: async ({ canvasElement, args }) => {
    const shown = await dialog(canvasElement, described.name);
    await userEvent.click(shown.getByRole('button', { name: t.middle }));
    await expect(shown.getByRole('status')).toHaveTextContent(t.focalMiddle);
    await userEvent.click(shown.getByRole('button', { name: t.save }));
    await expect(args.onSave).toHaveBeenCalledWith({ focalPoint: null });
  },
};

/** Alt text past 1,000 characters: the server's rule in its words, and no save. */
export const AltTooLong: Story = {
  args: { file: makeFile({ ...photo, alt: 'a'.repeat(1000) }) },
  play: async ({ canvasElement, args }) => {
    const shown = await dialog(canvasElement, photo.name);
    await userEvent.type(shown.getByLabelText(t.alt), 'b');
    await expect(shown.getByText(serverMessages.fileAltTooLong)).toBeVisible();
    await expect(shown.getByText(t.count(1001, 1000))).toBeVisible();
    await expect(shown.getByRole('button', { name: t.save })).toBeDisabled();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** A focal point outside the picture: the rule, and no save. */
export const FocalPointOutside: Story = {
  play: async ({ canvasElement, args }) => {
    const shown = await dialog(canvasElement, photo.name);
    await userEvent.type(shown.getByLabelText(t.across), '150');
    await userEvent.type(shown.getByLabelText(t.down), '20');
    await expect(shown.getByText(serverMessages.focalPointOutside)).toBeVisible();
    await expect(shown.getByRole('status')).toHaveTextContent(t.focalMiddle);
    await expect(shown.getByRole('button', { name: t.save })).toBeDisabled();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** Saving: the button waits, and the dialog stays until the server answers. */
export const Saving: Story = {
  args: { file: described, isPending: true },
  play: async ({ canvasElement }) => {
    const shown = await dialog(canvasElement, described.name);
    await expect(shown.getByRole('button', { name: t.saving })).toBeVisible();
  },
};

/** Refused by the server: its words, in the dialog, with what was typed kept. */
export const SaveFailed: Story = {
  args: { file: described, error: serverMessages.storageUnavailable },
  play: async ({ canvasElement }) => {
    const shown = await dialog(canvasElement, described.name);
    await expect(shown.getByRole('alert')).toHaveTextContent(serverMessages.storageUnavailable);
    await expect(shown.getByLabelText(t.alt)).toHaveValue(described.alt);
  },
};

/** A PDF: a caption and a credit, no alt text or focal point. */
export const Pdf: Story = {
  args: { file: pdf },
  play: async ({ canvasElement, args }) => {
    const shown = await dialog(canvasElement, pdf.name);
    await expect(shown.queryByLabelText(t.alt)).toBeNull();
    await expect(shown.queryByRole('group', { name: t.focalPoint })).toBeNull();
    await userEvent.type(shown.getByLabelText(t.credit), 'Finance team');
    await userEvent.click(shown.getByRole('button', { name: t.save }));
    await expect(args.onSave).toHaveBeenCalledWith({ credit: 'Finance team' });
  },
};

const inUse = {
  data: [
    { articleId: 'art_1', title: 'The harbour wakes up', slug: 'the-harbour-wakes-up', status: 'published' as const, inTrash: false, places: ['body' as const, 'social' as const] },
    { articleId: 'art_2', title: 'Boats of the north coast', slug: 'boats-of-the-north-coast', status: 'draft' as const, inTrash: false, places: ['body' as const] },
    { articleId: 'art_3', title: null, slug: 'old-notes', status: 'draft' as const, inTrash: true, places: ['body' as const] },
  ],
  total: 5,
};

/** A file in use: the articles that show it, published first, one click away; deleting it would break the published one. */
export const InUse: Story = {
  args: { file: described, usage: { usage: inUse, isLoading: false, error: null } },
  play: async ({ canvasElement }) => {
    const shown = await dialog(canvasElement, described.name);
    const list = usedIn(shown);
    await expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `The harbour wakes up${u.published}${u.place.body}, ${u.place.social}`,
      `Boats of the north coast${u.draft}${u.place.body}`,
      `old-notes${u.inTrash}${u.place.body}`,
    ]);
    await expect(list.getByRole('link', { name: 'The harbour wakes up' })).toHaveAttribute('href', '/articles/art_1');
    await expect(list.getByText(u.more(2))).toBeVisible();
    await expect(list.getByText(u.publishedWarning)).toBeVisible();
  },
};

/** Not used anywhere. */
export const NotUsed: Story = {
  play: async ({ canvasElement }) => {
    const shown = await dialog(canvasElement, photo.name);
    await expect(usedIn(shown).getByText(u.none)).toBeVisible();
  },
};

export const UsageLoading: Story = {
  args: { usage: { usage: undefined, isLoading: true, error: null } },
  play: async ({ canvasElement }) => {
    const shown = await dialog(canvasElement, photo.name);
    await expect(usedIn(shown).getByRole('status')).toHaveTextContent(u.loading);
  },
};

export const UsageFailed: Story = {
  args: { usage: { usage: undefined, isLoading: false, error: serverMessages.databaseUnavailable } },
  play: async ({ canvasElement }) => {
    const shown = await dialog(canvasElement, photo.name);
    await expect(usedIn(shown).getByRole('alert')).toHaveTextContent(`${u.failed}: ${serverMessages.databaseUnavailable}`);
  },
};

/** A photo stored at the server's address, whose 640-pixel copy could not be made (422 derivative_failed). */
const unsized = makeFile({ ...photo, id: 'file_unsized', url: '/api/files/file_unsized/content', thumbnailUrl: '/api/files/file_unsized/thumbnail' });

/**
 * The smaller copy of the picture fails (made past its time or memory): the dialog shows the image
 * as stored instead, and says so; its focal point is set on it as on any other.
 */
export const DerivativeFailing: Story = {
  args: { file: unsized },
  beforeEach({ msw }) {
    msw.use(
      http.get('*/api/files/file_unsized/content', ({ request }) =>
        new URL(request.url).searchParams.has('w')
          ? errorResponse('derivative_failed', { shape: 'file' })
          : new HttpResponse(decodeURIComponent(photoUrl.slice(photoUrl.indexOf(',') + 1)), { headers: { 'content-type': 'image/svg+xml' } }),
      ),
    );
  },
  // The refused copy is a failed request the browser logs.
  parameters: { consoleErrors: ['/api/files/file_unsized/content'] },
  play: async ({ canvasElement }) => {
    const shown = await dialog(canvasElement, unsized.name);
    await expect(await shown.findByText(t.pictureAsStored, {}, { timeout: 5_000 })).toBeVisible();
    const picture = shown.getByRole('img', { name: t.focalPicture });
    await expect(picture.getAttribute('src')).toMatch(/^\/api\/files\/file_unsized\/content\?v=\d+$/);
    await waitFor(() => expect((picture as HTMLImageElement).naturalWidth).toBeGreaterThan(0));
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LibraryImagePicker } from '../../../src/components/article-editor';
import { imagePickerTexts as t } from '../../../src/lib/texts-image-picker';
import { makeFile, tinyPngDataUrl } from '../../fixtures';
import { opened } from '../../routes/plays';

/** Images of the library: one described (alt text, caption, credit), one not. */
const harbour = makeFile({
  id: 'file_11',
  name: 'harbour-at-dawn.jpg',
  type: 'image',
  mimeType: 'image/jpeg',
  url: tinyPngDataUrl,
  thumbnailUrl: tinyPngDataUrl,
  alt: 'Fishing boats at anchor in the harbour at dawn',
  caption: 'The harbour before the market opens',
  credit: 'Photo: A. Lee',
});
const market = makeFile({ id: 'file_12', name: 'fish-market.png', type: 'image', mimeType: 'image/png', url: tinyPngDataUrl, thumbnailUrl: tinyPngDataUrl });
const images = [harbour, market];

const meta = {
  title: 'Components/ArticleEditor/LibraryImagePicker',
  component: LibraryImagePicker,
  args: {
    open: true,
    onClose: fn(),
    search: '',
    onSearch: fn(),
    images,
    total: images.length,
    isLoading: false,
    error: null,
    onRetry: fn(),
    onPick: fn(),
  },
} satisfies Meta<typeof LibraryImagePicker>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async (canvasElement: HTMLElement) => within(await opened(within(canvasElement.ownerDocument.body).findByRole('dialog', { name: t.title })));

/** Each image says the alt text it brings, or that it has none (the checks then ask for some); choosing one inserts it. */
export const Images: Story = {
  play: async ({ canvasElement, args }) => {
    const shown = await dialog(canvasElement);
    const list = within(shown.getByRole('list', { name: t.listLabel }));
    await expect(list.getAllByRole('listitem')).toHaveLength(2);
    await expect(list.getByText(t.alt(harbour.alt))).toBeVisible();
    await expect(list.getByText(t.noAlt)).toBeVisible();
    await userEvent.click(list.getByRole('button', { name: new RegExp(`^${harbour.name}`) }));
    await expect(args.onPick).toHaveBeenCalledWith(harbour);
    // Whether a clicked button's focus ring is drawn follows Chromium's guess: let go for the look.
    (canvasElement.ownerDocument.activeElement as HTMLElement | null)?.blur();
  },
};

/** Typing searches by name. */
export const Search: Story = {
  play: async ({ canvasElement, args }) => {
    const shown = await dialog(canvasElement);
    await userEvent.type(shown.getByLabelText(t.searchLabel), 'h');
    await expect(args.onSearch).toHaveBeenCalledWith('h');
  },
};

/** More images match than are shown: the newest, and a word on finding the others. */
export const MoreThanShown: Story = {
  args: { total: 130 },
  play: async ({ canvasElement }) => {
    await expect((await dialog(canvasElement)).getByText(t.more(2, 130))).toBeVisible();
  },
};

/** The images are being read. */
export const Loading: Story = {
  args: { images: undefined, isLoading: true },
  play: async ({ canvasElement }) => {
    await expect((await dialog(canvasElement)).getByRole('status')).toHaveTextContent(t.loading);
  },
};

/** The library has no images yet: where to add some. */
export const EmptyLibrary: Story = {
  args: { images: [], total: 0 },
  play: async ({ canvasElement }) => {
    await expect((await dialog(canvasElement)).getByText(t.empty)).toBeVisible();
  },
};

/** No image's name holds the search. */
export const NoMatch: Story = {
  args: { images: [], total: 0, search: 'lighthouse' },
  play: async ({ canvasElement }) => {
    await expect((await dialog(canvasElement)).getByText(t.noMatch('lighthouse'))).toBeVisible();
  },
};

/** The images could not be read: the server's words, and Try Again. */
export const Failed: Story = {
  args: { images: undefined, error: 'The database is busy with other requests. Nothing was changed; try again in a moment.' },
  play: async ({ canvasElement, args }) => {
    const shown = await dialog(canvasElement);
    await expect(shown.getByText(new RegExp(`^${t.failedTitle}`))).toBeVisible();
    await userEvent.click(shown.getByRole('button', { name: /try again/i }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

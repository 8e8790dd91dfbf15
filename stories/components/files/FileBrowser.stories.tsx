// The file browser's views: the grid and the list of a library, their loading and empty states,
// each kind of file (thumbnails, a PDF's first page, icons), a file deleting, a file pointed out.
import type { Meta } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { FileBrowser } from '../../../src/components/files/FileBrowser';
import { files, makeFile, pdfPageThumbnailDataUrl, tinyPngBytes } from '../../fixtures';
import { fileBrowserMeta, type FileBrowserStory as Story, image, pdf } from './fileBrowserStories';

export default { title: 'Components/Files/FileBrowser/Views', ...fileBrowserMeta() } satisfies Meta<typeof FileBrowser>;

/** A PDF whose first page the server drew: its thumbnail shows it. */
const reportWithThumbnail = makeFile({ id: 'file_pdf_thumb', name: 'quarterly-report.pdf', thumbnailUrl: pdfPageThumbnailDataUrl });

export const Grid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Files (5)' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5);
    await expect(canvasElement.querySelector('[data-view="grid"]')).not.toBeNull();
    const pdfCard = canvas.getByText('annual-report-2025.pdf').closest('[role="listitem"]') as HTMLElement;
    await expect(within(pdfCard).getByText('PDF')).toBeVisible();
    await expect(within(pdfCard).getByText('2.34 MB')).toBeVisible();
    // Thumbnails for images that have one, named after the file.
    await expect(canvas.getByRole('img', { name: 'hero-banner.png' })).toHaveAttribute('src', image.thumbnailUrl);
    await expect(canvas.getByRole('img', { name: 'team-photo.jpg' })).toBeVisible();
    // logo.svg has no thumbnail: only its icon.
    await expect(canvas.queryByRole('img', { name: 'logo.svg' })).toBeNull();
  },
};

export const List: Story = {
  args: { view: 'list' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('[data-view="list"]')).not.toBeNull();
    const rows = canvas.getAllByRole('listitem');
    await expect(rows).toHaveLength(5);
    const first = within(rows[0]!);
    await expect(first.getByText('annual-report-2025.pdf')).toBeVisible();
    await expect(first.getByText('PDF')).toBeVisible();
    await expect(first.getByText(/2026/)).toBeVisible();
    await expect(canvas.getAllByText('IMAGE')).toHaveLength(3);
  },
};

export const Loading: Story = {
  args: { files: [], isLoading: true, total: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const loading = canvas.getByRole('group', { name: 'Loading files...' });
    await expect(loading).toHaveAttribute('aria-busy', 'true');
    await expect(within(loading).getAllByTestId('file-skeleton')).toHaveLength(6);
    await expect(canvas.queryByText('No files found')).toBeNull();
  },
};

export const EmptyFiltered: Story = {
  args: { files: [], isFiltered: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Files (0)' })).toBeVisible();
    await expect(canvas.getByText('No files found')).toBeVisible();
    await expect(canvas.getByText('Try adjusting your search or filter')).toBeVisible();
    await expect(canvas.queryByText('Upload some files to get started')).toBeNull();
  },
};

export const EmptyUnfiltered: Story = {
  args: { files: [], isFiltered: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No files found')).toBeVisible();
    await expect(canvas.getByText('Upload some files to get started')).toBeVisible();
    await expect(canvas.queryByText('Try adjusting your search or filter')).toBeNull();
  },
};

/** Empty, seen by a role that may not upload (a viewer): no invitation to upload. */
export const EmptyForViewer: Story = {
  args: { files: [], isFiltered: false, canUpload: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No files found')).toBeVisible();
    await expect(canvas.queryByText('Upload some files to get started')).toBeNull();
  },
};

export const OtherType: Story = {
  args: { files: [files[4]!, pdf, makeFile({ id: 'file_img', name: 'no-thumb.gif', type: 'image', mimeType: 'image/gif' })] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByText('notes.bin').closest('[role="listitem"]') as HTMLElement;
    await expect(within(card).getByText('OTHER')).toBeVisible();
    await expect(card.querySelector('[data-file-icon="other"]')).not.toBeNull();
    await expect(card.querySelector('[data-file-icon="pdf"], [data-file-icon="image"]')).toBeNull();
    await expect(within(card).getByText('900 Bytes')).toBeVisible();
    const gif = canvas.getByText('no-thumb.gif').closest('[role="listitem"]') as HTMLElement;
    await expect(gif.querySelector('[data-file-icon="image"]')).not.toBeNull();
  },
};

/** A PDF with a thumbnail shows its first page, named as such; a PDF without one keeps its icon. */
export const PdfThumbnailGrid: Story = {
  name: 'PDF thumbnail (grid)',
  args: { files: [reportWithThumbnail, pdf] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const thumbnail = canvas.getByRole('img', { name: 'First page of quarterly-report.pdf' });
    await expect(thumbnail).toBeVisible();
    await expect(thumbnail).toHaveAttribute('src', pdfPageThumbnailDataUrl);
    const withThumbnail = canvas.getByText('quarterly-report.pdf').closest('[role="listitem"]') as HTMLElement;
    // Only the small icon beside the badge; the large one gave way to the page.
    await expect(withThumbnail.querySelectorAll('[data-file-icon="pdf"]')).toHaveLength(1);
    const without = canvas.getByText('annual-report-2025.pdf').closest('[role="listitem"]') as HTMLElement;
    await expect(within(without).queryByRole('img')).toBeNull();
    await expect(without.querySelectorAll('[data-file-icon="pdf"]')).toHaveLength(2);
  },
};

export const PdfThumbnailList: Story = {
  name: 'PDF thumbnail (list)',
  args: { files: [reportWithThumbnail, pdf], view: 'list' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [withThumbnail, without] = canvas.getAllByRole('listitem');
    await expect(within(withThumbnail!).getByRole('img', { name: 'First page of quarterly-report.pdf' })).toHaveAttribute(
      'src',
      pdfPageThumbnailDataUrl,
    );
    await expect(withThumbnail!.querySelector('[data-file-icon="pdf"]')).toBeNull();
    await expect(within(without!).getByText('annual-report-2025.pdf')).toBeVisible();
    await expect(within(without!).queryByRole('img')).toBeNull();
    await expect(without!.querySelector('[data-file-icon="pdf"]')).not.toBeNull();
  },
};

/** A replaced file's thumbnail is asked for under its version, so the browser shows the new one. */
export const ThumbnailVersioned: Story = {
  beforeEach({ msw }) {
    msw.use(http.get('*/api/files/file_replaced/thumbnail', () => new HttpResponse(tinyPngBytes(), { headers: { 'content-type': 'image/png' } })));
  },
  args: {
    files: [
      makeFile({
        id: 'file_replaced',
        name: 'replaced.png',
        type: 'image',
        mimeType: 'image/png',
        url: '/api/files/file_replaced/content',
        thumbnailUrl: '/api/files/file_replaced/thumbnail',
        lastModified: '2026-11-20T09:30:00.000Z',
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'replaced.png' });
    await expect(img.getAttribute('src')).toBe('/api/files/file_replaced/thumbnail?v=1795167000000');
  },
};

export const Deleting: Story = {
  args: { deletingId: pdf.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Actions for annual-report-2025.pdf' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Actions for hero-banner.png' })).toBeEnabled();
  },
};

/** The file an upload of the same bytes found is pointed out (ringed). */
export const HighlightedFile: Story = {
  args: { highlightId: image.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByText('hero-banner.png').closest('[role="listitem"]') as HTMLElement;
    await expect(card).toHaveAttribute('data-highlighted');
    const others = canvas.getAllByRole('listitem').filter((item) => item !== card);
    for (const other of others) await expect(other).not.toHaveAttribute('data-highlighted');
  },
};

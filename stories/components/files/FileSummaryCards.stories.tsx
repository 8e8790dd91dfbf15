import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FileSummaryCards } from '../../../src/components/files/FileSummaryCards';

const meta = {
  title: 'Components/Files/FileSummaryCards',
  component: FileSummaryCards,
  args: { summary: { total: 42, images: 30, pdfs: 12, totalBytes: 2_457_600 } },
} satisfies Meta<typeof FileSummaryCards>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The value shown under a card's label (a dt/dd pair). */
function valueOf(canvasElement: HTMLElement, label: string) {
  const term = within(canvasElement).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(valueOf(canvasElement, 'Total Files')).toBe('42');
    await expect(valueOf(canvasElement, 'Images')).toBe('30');
    await expect(valueOf(canvasElement, 'PDFs')).toBe('12');
    await expect(valueOf(canvasElement, 'Storage Used')).toBe('2.34 MB');
  },
};

export const Empty: Story = {
  args: { summary: { total: 0, images: 0, pdfs: 0, totalBytes: 0 } },
  play: async ({ canvasElement }) => {
    await expect(valueOf(canvasElement, 'Total Files')).toBe('0');
    await expect(valueOf(canvasElement, 'Storage Used')).toBe('0 Bytes');
  },
};

export const Large: Story = {
  args: { summary: { total: 1250, images: 1000, pdfs: 250, totalBytes: 5 * 1024 ** 3 + 512 * 1024 ** 2 } },
  play: async ({ canvasElement }) => {
    await expect(valueOf(canvasElement, 'Storage Used')).toBe('5.5 GB');
  },
};

export const Loading: Story = {
  args: { summary: undefined, isLoading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByTestId('summary-skeleton')).toHaveLength(4);
    await expect(canvas.getByRole('group', { name: 'Loading file summary...' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByText('Storage Used')).toBeVisible();
  },
};

/** On a phone the four cards sit two to a row. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const [a, b, c] = within(canvasElement)
      .getAllByText(/^(Total Files|Images|PDFs|Storage Used)$/, { selector: 'dt' })
      .map((term) => term.getBoundingClientRect());
    await expect(b?.top).toBe(a?.top);
    await expect(b?.left).toBeGreaterThan(a?.right ?? Infinity);
    await expect(c?.top).toBeGreaterThan(a?.bottom ?? Infinity);
  },
};

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compareShots } from '../.storybook/visual';

/** A white PNG of `width` × `height` with a filled rectangle (a button, say) at `x`, `y`. */
async function shot({ width = 120, height = 60, x = 20, y = 20, color = '#3182ce' } = {}) {
  const rect = await sharp({ create: { width: 40, height: 16, channels: 4, background: color } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 4, background: '#ffffff' } })
    .composite([{ input: rect, left: x, top: y }])
    .png()
    .toBuffer();
}

describe('compareShots (the visual comparison of stories)', () => {
  it('finds no difference between a shot and itself, nor one encoded differently', async () => {
    const a = await shot();
    expect(await compareShots(a, a)).toBeUndefined();
    const reencoded = await sharp(a).png({ compressionLevel: 0 }).toBuffer();
    expect(reencoded.equals(a)).toBe(false);
    expect(await compareShots(a, reencoded)).toBeUndefined();
  });

  it('fails a button moved by one pixel, counting the pixels and drawing the difference', async () => {
    const difference = await compareShots(await shot(), await shot({ x: 21 }));
    // The rectangle's left and right edges: one column of 16 pixels each.
    expect(difference?.changed).toBe(32);
    expect(difference?.total).toBe(120 * 60);
    const diff = await sharp(difference!.diff).metadata();
    expect([diff.width, diff.height]).toEqual([120, 60]);
  });

  it('fails a token colour changed from blue.500 to blue.600 on every pixel it paints', async () => {
    const difference = await compareShots(await shot(), await shot({ color: '#2b6cb0' }));
    expect(difference?.changed).toBe(40 * 16);
  });

  it('reads a change of size as a difference, padding the smaller shot', async () => {
    const difference = await compareShots(await shot(), await shot({ height: 80 }));
    expect(difference?.size).toBe('120×60 → 120×80');
    expect(difference?.changed).toBe(0);
  });

  it('lets a change below the threshold pass (white to #fefefe)', async () => {
    const a = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#ffffff' } }).png().toBuffer();
    const b = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#fefefe' } }).png().toBuffer();
    expect(await compareShots(a, b)).toBeUndefined();
  });
});

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { compareShots, DRIFT_THRESHOLD, PIXEL_THRESHOLD } from '../.storybook/visual';

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

describe('compareShots on another Chromium (the drift tolerance)', () => {
  // A real baseline: text, borders and fields in light and dark.
  const baseline = (mode: 'light' | 'dark') => readFile(join(import.meta.dirname, '__visual__', `components-auth-loginform--default.${mode}.png`));
  /** The same look drawn with another gamma, as another browser's text rendering might. */
  const otherGamma = (png: Buffer) => sharp(png).gamma(2.2, 2.0).png().toBuffer();
  /** Everything moved right by one pixel. */
  const movedOnePixel = async (png: Buffer) => {
    const { width, height } = await sharp(png).metadata();
    return sharp(png).extract({ left: 0, top: 0, width: width! - 1, height: height! }).extend({ left: 1, background: '#ffffff' }).png().toBuffer();
  };

  it.each(['light', 'dark'] as const)('lets another gamma pass in %s, which the exact comparison fails', async (mode) => {
    const png = await baseline(mode);
    const drawn = await otherGamma(png);
    expect(await compareShots(png, drawn, DRIFT_THRESHOLD)).toBeUndefined();
    expect((await compareShots(png, drawn, PIXEL_THRESHOLD))?.changed).toBeGreaterThan(1000);
  });

  it.each(['light', 'dark'] as const)('still fails a layout moved by one pixel in %s', async (mode) => {
    const png = await baseline(mode);
    expect((await compareShots(png, await movedOnePixel(png), DRIFT_THRESHOLD))?.changed).toBeGreaterThan(1000);
  });

  it('still fails a small button moved by one pixel', async () => {
    expect((await compareShots(await shot(), await shot({ x: 21 }), DRIFT_THRESHOLD))?.changed).toBe(32);
  });
});

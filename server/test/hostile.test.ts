/**
 * Hostile uploads, generated here from code: deeply nested and very wide SVGs, images with bad
 * checksums, truncated and interlaced-broken images, then a fuzz pass (fast-check) of random
 * byte mutations of valid PNG, JPEG, GIF, PDF and SVG files. Whatever comes in: a 4xx with a
 * clear message and nothing stored, or a sound stored file; never a 5xx, never a stalled server
 * (GET /api/health keeps answering while it happens).
 */
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverMessages } from '../../src/contract/index.ts';
import { SVG_MAX_DEPTH, SVG_MAX_ELEMENTS } from '../files/inspect.ts';
import { auth, backends, fixtures, openHarness, storedEntries, uploadRequest, type Harness } from './helpers.ts';

// Every upload is inspected in a worker thread; the first ones start it.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';
const nestedSvg = (levels: number) => `<svg ${SVG_NS}>${'<g>'.repeat(levels)}<rect width="1" height="1"/>${'</g>'.repeat(levels)}</svg>`;
const wideSvg = (siblings: number) => `<svg ${SVG_NS}>${'<g/>'.repeat(siblings)}</svg>`;

const noise = (w: number, h: number) => Buffer.from(Array.from({ length: w * h * 3 }, (_, i) => (i * 7919 + (i >> 5)) % 251));
const raw = (w: number, h: number) => sharp(noise(w, h), { raw: { width: w, height: h, channels: 3 } });
const flip = (bytes: Buffer, at: number) => {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at]! ^ 0xff;
  return copy;
};
/** The byte just inside the CRC of the first chunk of `type`. */
const crcOf = (png: Buffer, type: string) => {
  const at = png.indexOf(type);
  return at + 4 + png.readUInt32BE(at - 4) + 2;
};

describe.each(backends)('hostile uploads ($name)', (backend) => {
  let h: Harness;
  let token: string;
  const healthTimes: number[] = [];

  beforeAll(async () => {
    h = await openHarness(backend);
  });
  afterAll(async () => {
    if (healthTimes.length) {
      // For the record (the assertion is per case below).
      console.log(`[${backend.name}] health during hostile uploads: ${healthTimes.length} answers, slowest ${Math.max(...healthTimes).toFixed(0)} ms`);
    }
    await h?.close();
  });
  beforeEach(async () => {
    token = await h.reset();
  });

  const upload = (name: string, data: Buffer | string, type = 'application/octet-stream') => h.app.inject(uploadRequest(token, name, data, type));

  /** Asks for health in a loop while `work` runs; answers the slowest health time. */
  async function withHealthProbe<T>(work: () => Promise<T>): Promise<{ result: T; slowest: number }> {
    let running = true;
    let slowest = 0;
    const loop = (async () => {
      while (running) {
        const started = performance.now();
        const res = await h.app.inject({ url: '/api/health' });
        const took = performance.now() - started;
        healthTimes.push(took);
        slowest = Math.max(slowest, took);
        expect(res.statusCode).toBe(200);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    try {
      return { result: await work(), slowest };
    } finally {
      running = false;
      await loop;
    }
  }

  const expectNothingStored = async () => {
    expect(await storedEntries(h.dataDir)).toEqual({ files: [], thumbs: [], tmp: [] });
    expect(Number((await h.db.query<{ n: string }>('SELECT count(*) AS n FROM files')).rows[0]!.n)).toBe(0);
  };

  it.each([
    ['nested 1,000 levels', () => nestedSvg(1_000)],
    ['nested 5,000 levels', () => nestedSvg(5_000)],
    ['nested 50,000 levels', () => nestedSvg(50_000)],
    ['200,000 siblings', () => wideSvg(200_000)],
    ['one element over the cap', () => wideSvg(SVG_MAX_ELEMENTS)],
  ])('refuses an SVG %s with 422 before building it, and the server keeps answering', async (_label, make) => {
    // The probe checks that every health answer meanwhile is 200; how fast they are is bench:upload's to print.
    const { result: res } = await withHealthProbe(() => upload('deep.svg', make(), 'image/svg+xml'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, message: serverMessages.svgTooComplex, code: 'svg_too_complex' });
    await expectNothingStored();
  });

  it('still stores an SVG nested as deep as real drawings go', async () => {
    const res = await upload('ok.svg', nestedSvg(SVG_MAX_DEPTH - 2), 'image/svg+xml');
    expect(res.statusCode).toBe(201);
  });

  it('still stores an SVG of as many elements as the cap allows', async () => {
    const res = await upload('busy.svg', wideSvg(SVG_MAX_ELEMENTS - 1), 'image/svg+xml');
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['a PNG whose header checksum is wrong', async () => flip(await raw(300, 200).png().toBuffer(), 29)],
    ['a PNG whose image data checksum is wrong', async () => {
      const png = await raw(300, 200).png().toBuffer();
      return flip(png, crcOf(png, 'IDAT'));
    }],
    ['a PNG with damaged image data', async () => {
      const png = await raw(300, 200).png().toBuffer();
      return flip(png, png.indexOf('IDAT') + 100);
    }],
    ['a truncated PNG', async () => (await raw(300, 200).png().toBuffer()).subarray(0, 3000)],
    ['a truncated interlaced PNG', async () => {
      const png = await raw(300, 200).png({ progressive: true }).toBuffer();
      return png.subarray(0, Math.floor(png.length * 0.6));
    }],
    ['an interlaced PNG with damaged data', async () => {
      const png = await raw(300, 200).png({ progressive: true }).toBuffer();
      return flip(png, png.indexOf('IDAT') + 200);
    }],
    ['a truncated JPEG', async () => {
      const jpeg = await raw(300, 200).jpeg().toBuffer();
      return jpeg.subarray(0, Math.floor(jpeg.length / 2));
    }],
  ])('refuses %s as damaged (400), storing nothing', async (_label, make) => {
    const res = await upload('damaged.png', await make(), 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: serverMessages.imageDamaged, code: 'image_damaged' });
    await expectNothingStored();
  });

  it.each([
    ['a truncated GIF', async () => {
      const gif = await raw(120, 80).gif().toBuffer();
      return gif.subarray(0, Math.floor(gif.length / 2));
    }],
    ['a WebP', async () => raw(40, 40).webp().toBuffer()],
    ['a broken WebP', async () => (await raw(40, 40).webp().toBuffer()).subarray(0, 40)],
  ])('refuses %s with a 4xx, storing nothing', async (_label, make) => {
    const res = await upload('x.gif', await make(), 'image/gif');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().message).toBe('string');
    await expectNothingStored();
  });

  it('answers 503 with Retry-After when the file jobs queue is full; nothing half stored', async () => {
    const busy = await h.buildApp({ workers: { threads: 1, maxQueue: 1 } });
    // Sanitising 20,000 elements keeps the one worker busy for a while.
    const heavy = `<svg ${SVG_NS}>${'<rect width="1" height="1" fill="red"/>'.repeat(20_000)}</svg>`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => busy.inject(uploadRequest(token, `p${i}.svg`, heavy, 'image/svg+xml'))),
    );
    // The same bytes five times: stored once (201), then answered as that file (200), or refused.
    expect(answers.every((a) => [200, 201, 422, 503].includes(a.statusCode))).toBe(true);
    expect(answers.filter((a) => a.statusCode === 201).length).toBeLessThanOrEqual(1);
    const refused = answers.filter((a) => a.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.headers['retry-after']).toBe('5');
      expect(r.json()).toEqual({ success: false, message: serverMessages.serverBusy, code: 'busy' });
    }
    const stored = await storedEntries(h.dataDir);
    expect(stored.files).toHaveLength(answers.filter((a) => a.statusCode === 201).length);
    expect(stored.tmp).toEqual([]);
  });

  if (backend.name === 'pglite') {
    it('fuzz: random byte mutations of valid files get a 4xx or are stored soundly, never a 5xx or a stall', async () => {
      const seeds: Record<string, Buffer> = {
        'seed.png': await raw(64, 48).png().toBuffer(),
        'seed.jpg': await raw(64, 48).jpeg().toBuffer(),
        'seed.gif': await fixtures.gif(),
        'seed.pdf': fixtures.pdf(),
        'seed.svg': Buffer.from(`<svg ${SVG_NS} width="10" height="10"><g><rect width="5" height="5" fill="red"/><circle r="2"/></g></svg>`),
      };
      const mutation = fc.record({
        seed: fc.constantFrom(...Object.keys(seeds)),
        edits: fc.array(fc.record({ at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }), { minLength: 1, maxLength: 8 }),
        cut: fc.option(fc.nat(), { nil: undefined }),
      });
      let tried = 0;
      const { slowest } = await withHealthProbe(() =>
        fc.assert(
          fc.asyncProperty(mutation, async ({ seed, edits, cut }) => {
            tried++;
            const bytes = Buffer.from(seeds[seed]!);
            for (const { at, value } of edits) bytes[at % bytes.length] = value;
            const data = cut === undefined ? bytes : bytes.subarray(0, (cut % bytes.length) + 1);
            const res = await upload(seed, data);
            expect(res.statusCode, res.body).toBeLessThan(500);
            if (res.statusCode === 201) {
              const { file } = res.json();
              const back = await h.app.inject({ url: file.url });
              expect(back.statusCode).toBe(200);
              // Deleted for good (a delete alone keeps the bytes in the trash).
              await h.app.inject({ method: 'DELETE', url: `/api/files/${file.id}`, headers: auth(token) });
              await h.app.inject({ method: 'DELETE', url: `/api/files/${file.id}/forever`, headers: auth(token) });
            } else {
              expect(res.statusCode).toBeGreaterThanOrEqual(400);
              expect(typeof res.json().message).toBe('string');
            }
            expect((await storedEntries(h.dataDir)).tmp).toEqual([]);
          }),
          { numRuns: 150, seed: 20261124 },
        ),
      );
      console.log(`fuzz: ${tried} mutated files tried, slowest health answer ${slowest.toFixed(0)} ms`);
      await expectNothingStored();
    });
  }
});

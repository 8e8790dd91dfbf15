/**
 * The visual comparison of the Storybook test-runner: each story, after its play, shot in light
 * and in dark and compared with its baseline in stories/__visual__ (PNG, kept in git). A story
 * that looks different fails, naming each mode and how many pixels changed; its expected,
 * actual and difference images go to the report folder (scripts/test-storybook.mjs gathers them
 * into one page). `npm run test:visual -- --update` writes the baselines instead.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import type { Page } from 'playwright-core';

export const BASELINE_DIR = path.resolve(process.env.VISUAL_BASELINE_DIR ?? 'stories/__visual__');
export const REPORT_DIR = path.resolve(process.env.VISUAL_REPORT_DIR ?? 'visual-report');
/** Off with VISUAL=false (plays and accessibility only). */
export const VISUAL_ON = process.env.VISUAL !== 'false';
/** Writing the baselines (`npm run test:visual -- --update`) rather than comparing with them. */
export const UPDATE = process.env.VISUAL_UPDATE === 'true';

/** Pixels closer than this (pixelmatch's YIQ distance, 0 to 1) count as the same; anti-aliasing is ignored. */
export const PIXEL_THRESHOLD = 0.02;
/**
 * The same on another Chromium than the one that took the baselines (VISUAL_DRIFT, set by
 * scripts/test-storybook.mjs): text drawn with other gamma or hinting passes; a layout moved by
 * one pixel still fails (stories/visual.test.ts shows both on a real baseline).
 */
export const DRIFT_THRESHOLD = 0.15;
const THRESHOLD = process.env.VISUAL_DRIFT === 'true' ? DRIFT_THRESHOLD : PIXEL_THRESHOLD;

/**
 * The time every story starts at (fixDates.ts, set again before each story): relative dates and
 * clocks read the same on every run.
 */
export const FIXED_NOW = new Date('2026-06-15T10:00:00.000Z');

/** Timeouts this long or longer (a banner's 3 s, a toast's 5 s) wait from a play's end to the end of its shots (holdTimers.ts). */
export const HOLD_TIMERS_FROM_MS = 1_000;

export type Mode = 'light' | 'dark';

export const baselinePath = (id: string, mode: Mode) => path.join(BASELINE_DIR, `${id}.${mode}.png`);

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

async function decode(png: Buffer): Promise<Raw> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** `image` on a white canvas of `width` × `height` (top left), so two sizes can be compared. */
async function padded(image: Raw, width: number, height: number): Promise<Raw> {
  if (image.width === width && image.height === height) return image;
  const { data } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .extend({ right: width - image.width, bottom: height - image.height, background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width, height };
}

export interface Difference {
  /** Pixels that differ beyond the threshold. */
  changed: number;
  total: number;
  /** Set when the two images are not the same size. */
  size?: string;
  /** Red where they differ, over a faded copy of the expected image (PNG). */
  diff: Buffer;
}

/** How two screenshots differ; undefined when they are the same. */
export async function compareShots(expectedPng: Buffer, actualPng: Buffer, threshold = THRESHOLD): Promise<Difference | undefined> {
  // The same browser encodes the same pixels to the same bytes: most shots end here.
  if (expectedPng.equals(actualPng)) return undefined;
  const [expected, actual] = await Promise.all([decode(expectedPng), decode(actualPng)]);
  const width = Math.max(expected.width, actual.width);
  const height = Math.max(expected.height, actual.height);
  const [a, b] = await Promise.all([padded(expected, width, height), padded(actual, width, height)]);
  const out = Buffer.alloc(width * height * 4);
  const changed = pixelmatch(a.data, b.data, out, width, height, { threshold });
  const size =
    expected.width !== actual.width || expected.height !== actual.height
      ? `${expected.width}×${expected.height} → ${actual.width}×${actual.height}`
      : undefined;
  if (changed === 0 && !size) return undefined;
  const diff = await sharp(out, { raw: { width, height, channels: 4 } }).png().toBuffer();
  return { changed, total: width * height, diff, ...(size ? { size } : {}) };
}

/**
 * Until the page has settled after a play: every animation that ends has ended (a menu closing,
 * a toast coming in; looping ones, a spinner, never end and are drawn at their start), and the
 * focus has come to rest (it goes back to a menu's trigger once the menu's exit has ended): the
 * same element two frames running. A state, not a time; at most 5 s of the page's own clock.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = () =>
      document.getAnimations().filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
    const timeout = (window as unknown as { __unheldTimeout?: typeof setTimeout }).__unheldTimeout ?? setTimeout;
    const limit = new Promise((resolve) => timeout(resolve, 5_000));
    let expired = false;
    void limit.then(() => (expired = true));
    while (!expired) {
      const running = finite();
      if (running.length) await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), limit]);
      const focused = document.activeElement;
      await frames();
      if (!finite().length && document.activeElement === focused) return;
    }
  });
}

/** The viewport as it stands: fonts and images loaded, animations finished (or held at their start), no caret. */
export async function shoot(page: Page): Promise<Buffer> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const pending = [...document.images].filter((img) => !img.complete);
    const loaded = (img: HTMLImageElement) =>
      new Promise((resolve) => {
        img.addEventListener('load', resolve, { once: true });
        img.addEventListener('error', resolve, { once: true });
      });
    // A lazy image the page never scrolls to would never load: not waited for past 5 s.
    // (The browser's own timeout: the page's long ones are held during the shots.)
    const timeout = (window as unknown as { __unheldTimeout?: typeof setTimeout }).__unheldTimeout ?? setTimeout;
    await Promise.race([Promise.all(pending.map(loaded)), new Promise((resolve) => timeout(resolve, 5_000))]);
  });
  // Until nothing scrolls any more (a list a play scrolled, smooth or not): the same scroll
  // offsets twice, 100 ms apart, at most 3 s. Nothing scrolled two frames on (most stories):
  // nothing is scrolling.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const offsets = () =>
      [document.scrollingElement, ...document.querySelectorAll('*')]
        .filter((el): el is Element => !!el && (el.scrollTop !== 0 || el.scrollLeft !== 0))
        .map((el) => `${el.scrollTop},${el.scrollLeft}`)
        .join(';');
    for (let i = 0, last = ''; i < 30; i++) {
      await frame();
      const now = offsets();
      if (now === '' || (i > 0 && now === last)) break;
      last = now;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  // What the viewport shows (a dialog, the part a play scrolled to): the whole height of a long
  // list would be megabytes a shot. Lossless: a palette of 256 colours halves the bytes, but a
  // change anywhere moves the palette, and with it pixels everywhere. Frames that load an
  // address (a PDF, a website in a device frame) are painted over: they load at their own pace.
  return page.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css', mask: [page.locator('iframe[src]')] });
}

/**
 * Compares a story's shot in `mode` with its baseline (or writes it, updating). Returns what
 * differs, in words, or undefined. With `report: false` a difference leaves no images behind
 * (a first look, which the caller takes again once the page has had a moment).
 */
export async function checkShot(id: string, mode: Mode, shot: Buffer, { report: reporting = true } = {}): Promise<string | undefined> {
  const file = baselinePath(id, mode);
  if (UPDATE) {
    await mkdir(BASELINE_DIR, { recursive: true });
    const old = await readFile(file).catch(() => undefined);
    // An unchanged look keeps its file as it is (no churn in git from re-encoding).
    if (!old || (await compareShots(old, shot))) await writeFile(file, shot);
    return undefined;
  }
  const expected = await readFile(file).catch(() => undefined);
  if (!expected) {
    if (reporting) await report(id, mode, { shot });
    return `${mode}: no baseline (stories/__visual__/${path.basename(file)}); run npm run test:visual -- --update`;
  }
  const difference = await compareShots(expected, shot);
  if (!difference) {
    // A story that looks as it should leaves no report of an earlier run.
    await clearReport(id, mode);
    return undefined;
  }
  if (reporting) await report(id, mode, { expected, shot, difference });
  const share = ((100 * difference.changed) / difference.total).toFixed(2);
  return `${mode}: ${difference.changed} pixels differ (${share}%)${difference.size ? `, size ${difference.size}` : ''}`;
}

/** A story that says why it is not compared keeps no baseline (removed when updating). */
export async function skipShots(id: string) {
  if (!UPDATE) return;
  await Promise.all((['light', 'dark'] as const).map((mode) => rm(baselinePath(id, mode), { force: true })));
}

async function clearReport(id: string, mode: Mode) {
  const base = path.join(REPORT_DIR, `${id}.${mode}`);
  await Promise.all(['actual.png', 'expected.png', 'diff.png', 'json'].map((ext) => rm(`${base}.${ext}`, { force: true })));
}

/** The images of a changed shot, and a line of JSON the report page is made from. */
async function report(id: string, mode: Mode, what: { expected?: Buffer; shot: Buffer; difference?: Difference }) {
  await mkdir(REPORT_DIR, { recursive: true });
  const base = path.join(REPORT_DIR, `${id}.${mode}`);
  await writeFile(`${base}.actual.png`, what.shot);
  if (what.expected) await writeFile(`${base}.expected.png`, what.expected);
  if (what.difference) await writeFile(`${base}.diff.png`, what.difference.diff);
  const entry = {
    id,
    mode,
    changed: what.difference?.changed ?? null,
    total: what.difference?.total ?? null,
    size: what.difference?.size ?? null,
    missing: !what.expected,
  };
  await writeFile(`${base}.json`, JSON.stringify(entry));
}

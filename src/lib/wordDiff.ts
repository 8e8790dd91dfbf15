/**
 * Two versions of a text compared word by word (jsdiff's diffWordsWithSpace, the well-kept
 * diff of the JavaScript world): what the left had that the right has not (removed), what the
 * right added, and the runs they share. Texts too different for a word diff within the time
 * allowed are compared line by line, then not at all (both shown whole). Pure: run here for
 * short texts, in a worker (wordDiff.worker.ts) for long ones, so typing never waits on it.
 */
import { diffLines, diffWordsWithSpace, type ChangeObject } from 'diff';

export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string };

export interface WordDiffResult {
  /** 'words' normally; 'lines' when a word diff took too long; 'none' when even that did. */
  granularity: 'words' | 'lines' | 'none';
  parts: DiffPart[];
}

/** What each attempt may take, in ms (off the main thread for long texts). */
export const DIFF_TIMEOUT_MS = 2_000;

/**
 * Above this many characters (both texts together), the diff runs in a worker. A word diff's
 * worst case grows with the product of the two texts' lengths: two texts of 1,500 characters
 * with no word in common take about 25 ms, two of 10,000 about 800 ms (`npm run bench:diff`).
 */
export const DIFF_IN_WORKER_FROM_CHARS = 3_000;

const partsOf = (changes: ChangeObject<string>[]): DiffPart[] =>
  changes.map((change) => ({ kind: change.added ? 'added' : change.removed ? 'removed' : 'same', text: change.value }));

/** The parts of `left` → `right`, in order. */
export function wordDiff(left: string, right: string, timeout = DIFF_TIMEOUT_MS): WordDiffResult {
  if (left === right) return { granularity: 'words', parts: left ? [{ kind: 'same', text: left }] : [] };
  const words = diffWordsWithSpace(left, right, { timeout });
  if (words) return { granularity: 'words', parts: partsOf(words) };
  const lines = diffLines(left, right, { timeout });
  if (lines) return { granularity: 'lines', parts: partsOf(lines) };
  return {
    granularity: 'none',
    parts: [
      { kind: 'removed', text: left },
      { kind: 'added', text: right },
    ],
  };
}

/** How many words each side changed (for the summary above a comparison). */
export function changeCounts(parts: readonly DiffPart[]): { removed: number; added: number } {
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
  let removed = 0;
  let added = 0;
  for (const part of parts) {
    if (part.kind === 'removed') removed += words(part.text);
    else if (part.kind === 'added') added += words(part.text);
  }
  return { removed, added };
}

/** The text of an HTML body, blocks on lines of their own: to set blog HTML beside raw text. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<\/(p|div|h[1-6]|li|tr|blockquote|pre|figure|figcaption|section|article)>|<br\s*\/?>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The three-way merge of a source's change into an article's blog HTML, block by block
 * (node-diff3): the HTML last imported (`base`), the editor's current HTML and the source's new
 * HTML. A block only the source changed is taken; one only the editor changed stays; where both
 * changed the same blocks differently, a conflict: the editor's blocks stay unless its index is
 * in `take`. Pure: the blocks keep their own whitespace, so a merge that takes nothing gives the
 * editor's HTML back byte for byte. The server's rule (server/sources/changes.ts), and the stories'
 * fake server's; not re-exported by `./index` (the console never merges). Needs node-diff3.
 */
import { diff3MergeRegions, diffIndices } from 'node-diff3';
import type { MergeConflict } from './sourceChange';

/** Elements whose end closes a block of the blog HTML. */
const BLOCK_END = /<\/(?:p|h[1-6]|li|ul|ol|dl|dd|dt|blockquote|figure|figcaption|pre|table|tr|div|section|article|aside|header|footer)\s*>[ \t]*|\n/gi;

/** The HTML cut after each block's end (and each line), whitespace kept with the block before it. */
export function blocksOf(html: string): string[] {
  const blocks: string[] = [];
  let start = 0;
  for (const match of html.matchAll(BLOCK_END)) {
    let end = match.index + match[0].length;
    // Blank lines and indentation after a block belong to it.
    while (end < html.length && /\s/.test(html[end]!)) end++;
    if (end > start) blocks.push(html.slice(start, end));
    start = end;
  }
  if (start < html.length) blocks.push(html.slice(start));
  return blocks;
}

/** Blocks compared without their surrounding whitespace: a re-indented block is the same block. */
const keyOf = (block: string) => block.trim();

export interface MergeOutcome {
  html: string;
  /** Changes of the source's taken where the editor had not touched (a block changed, added or removed). */
  applied: number;
  /** Every conflict, each with its index (what `take` names). */
  conflicts: MergeConflict[];
}

export function mergeSourceChange(base: string, editor: string, source: string, take: ReadonlySet<number> = new Set()): MergeOutcome {
  const [a, o, b] = [blocksOf(editor), blocksOf(base), blocksOf(source)];
  // node-diff3 compares by identity: it gets the trimmed keys, and the blocks are read back by index.
  const [ak, ok, bk] = [a.map(keyOf), o.map(keyOf), b.map(keyOf)];
  // Where a block the editor left as imported stands in the editor's HTML: after every change
  // of the editor's that ends at or before it.
  const editorHunks = diffIndices(ok, ak);
  const editorIndexOf = (baseIndex: number) => {
    let shift = 0;
    for (const { buffer1: [oStart, oLength], buffer2: [, aLength] } of editorHunks) {
      if (oStart + oLength > baseIndex) break;
      shift += aLength - oLength;
    }
    return baseIndex + shift;
  };
  const out: string[] = [];
  const conflicts: MergeConflict[] = [];
  const conflictSpans: [number, number][] = [];
  for (const region of diff3MergeRegions(ak, ok, bk)) {
    if (region.stable) {
      const { buffer, bufferStart: start, bufferLength: length } = region;
      if (buffer === 'o') {
        // Untouched by both: the editor's blocks, whitespace as the editor left it.
        const at = editorIndexOf(start);
        out.push(...a.slice(at, at + length));
      } else if (buffer === 'a') out.push(...a.slice(start, start + length));
      else out.push(...b.slice(start, start + length));
      continue;
    }
    const editorBlocks = a.slice(region.aStart, region.aStart + region.aLength);
    const sourceBlocks = b.slice(region.bStart, region.bStart + region.bLength);
    if (region.aContent.join('\n') === region.bContent.join('\n')) {
      // Both made the same change: no conflict.
      out.push(...editorBlocks);
      continue;
    }
    const index = conflicts.length;
    conflictSpans.push([region.oStart, region.oStart + region.oLength]);
    const baseBlocks = o.slice(region.oStart, region.oStart + region.oLength);
    conflicts.push({ index, base: baseBlocks.join(''), editor: editorBlocks.join(''), source: sourceBlocks.join('') });
    out.push(...(take.has(index) ? sourceBlocks : editorBlocks));
  }
  // The source's changes taken: each of its hunks outside the conflicts (a deletion too).
  const applied = diffIndices(ok, bk).filter(({ buffer1: [start, length] }) =>
    conflictSpans.every(([from, to]) => start + length < from || start > to),
  ).length;
  return { html: out.join(''), applied, conflicts };
}

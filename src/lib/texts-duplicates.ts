/** Texts of near-duplicates: an article that looks like a copy of others (src/contract/duplicates.ts). */
import type { DuplicateReason } from '../contract';

export const duplicatesTexts = {
  /** 'Looks like a copy of "Boats at dawn"' or 'Looks like a copy of 3 articles'. */
  title: (count: number, name: string) => (count === 1 ? `Looks like a copy of "${name}"` : `Looks like a copy of ${count} articles`),
  /** '97% alike · the same address'. */
  why: (similarity: number, reason: DuplicateReason) =>
    reason === 'address' ? `the same address once normalised${similarity > 0 ? ` · text ${Math.round(similarity * 100)}% alike` : ''}` : `text ${Math.round(similarity * 100)}% alike`,
  hint: 'The same story scraped again from another address (a syndicated copy, a print or AMP version)? Keep one, and delete or set the canonical address of the other.',
  listLabel: 'Articles it looks like a copy of',
};

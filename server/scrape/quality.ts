/**
 * How sure an extraction is (src/contract/sources.ts: `extractionQualitySchema`, kept in an
 * article's provenance), from what the page itself shows:
 * how much of the body reads as prose, how little of it is links, whether it is long enough to be
 * an article, and, where the page gives a second opinion (its schema.org `articleBody`, or its one
 * `<article>` element), how alike the two texts are. Each signal is 0 to 1; the score is their
 * weighted mean (a missing second opinion leaves its weight out).
 *
 * The alikeness is the F1 of 4-word shingles, the article extraction benchmark's measure
 * (bench/extraction/score.ts scores with the same shingles).
 */
import type { ExtractionQuality } from '../../src/contract/index.ts';
import { wordCount } from './boilerplate.ts';

const SHINGLE = 4;
const WORD = /[\p{L}\p{N}_]+/gu;

/** Each run of 4 consecutive words of `text`, with its count (a shorter text is one shingle). */
export function shingles(text: string): Map<string, number> {
  const words = text.match(WORD) ?? [];
  const counts = new Map<string, number>();
  const last = words.length ? Math.max(words.length - SHINGLE, 0) : -1;
  for (let i = 0; i <= last; i++) {
    const key = words.slice(i, i + SHINGLE).join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Shingles both texts have, those only `got` has, those only `want` has. */
export function shingleOverlap(got: string, want: string): { tp: number; fp: number; fn: number } {
  const a = shingles(got);
  const b = shingles(want);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [key, n] of a) {
    const m = b.get(key) ?? 0;
    tp += Math.min(n, m);
    fp += Math.max(0, n - m);
  }
  for (const [key, m] of b) fn += Math.max(0, m - (a.get(key) ?? 0));
  return { tp, fp, fn };
}

function f1({ tp, fp, fn }: { tp: number; fp: number; fn: number }): number {
  return tp ? (2 * tp) / (2 * tp + fp + fn) : 0;
}

/** The words of each text the agreement compares at most (their heads): the shingles of 5 MB of text would take hundreds of MB. */
const AGREEMENT_MAX_WORDS = 20_000;
const head = (text: string) => {
  let seen = 0;
  for (const match of text.matchAll(WORD)) if (++seen > AGREEMENT_MAX_WORDS) return text.slice(0, match.index);
  return text;
};

/** The fewest words a second opinion needs to count. */
const SECOND_OPINION_MIN_WORDS = 50;
const WEIGHTS = { prose: 0.3, links: 0.2, length: 0.2, agreement: 0.3 };
/** The shortest block that counts as prose, in words. */
const PROSE_BLOCK_WORDS = 12;
/**
 * Fewer words of prose than this and the page has no article (a home page of teasers, a search
 * result, a login wall): refused rather than drafted.
 */
export const MIN_ARTICLE_PROSE_WORDS = 30;

/** The words of `body` (blocks separated by blank lines) in blocks of at least PROSE_BLOCK_WORDS words. */
export function proseWordCount(body: string): number {
  return body
    .split(/\n{2,}/)
    .map(wordCount)
    .filter((n) => n >= PROSE_BLOCK_WORDS)
    .reduce((sum, n) => sum + n, 0);
}

/**
 * The quality of `body` (blocks separated by blank lines), whose text is `linkShare` links,
 * beside the page's own article text `secondOpinion` (or null).
 */
export function extractionQuality(body: string, linkShare: number, secondOpinion: string | null): ExtractionQuality {
  const words = wordCount(body);
  const prose = words ? proseWordCount(body) / words : 0;
  const agreement = secondOpinion && wordCount(secondOpinion) >= SECOND_OPINION_MIN_WORDS ? f1(shingleOverlap(head(body), head(secondOpinion))) : null;
  const parts: [number, number][] = [
    [WEIGHTS.prose, prose],
    [WEIGHTS.links, 1 - Math.min(1, 2 * linkShare)],
    [WEIGHTS.length, Math.min(1, words / 200)],
  ];
  if (agreement !== null) parts.push([WEIGHTS.agreement, agreement]);
  const weight = parts.reduce((sum, [w]) => sum + w, 0);
  const score = parts.reduce((sum, [w, v]) => sum + w * v, 0) / weight;
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return { score: round(score), signals: { prose: round(prose), links: round(linkShare), words, agreement: agreement === null ? null : round(agreement) } };
}

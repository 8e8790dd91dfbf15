/**
 * Near-duplicates: an article that looks like a copy of another already in the library, the same
 * story scraped again from another address (a syndicated copy, a print version, an AMP page).
 *
 * - By address: the canonical address (else the scraped one) the same once normalised
 *   (`normalAddress`: no scheme, `www.`, `m.` or `amp.`, fragment, tracking parameters, `/amp`
 *   or `/print` ending, trailing slash).
 * - By text: the raw text's SimHash (64 bits over its three-word shingles, `textSignature`): two
 *   texts whose signatures differ in few bits share most of their shingles. `similarity` is the
 *   cosine of the angle those bits estimate (cos(π·d/64) for d differing bits), and a copy is at
 *   least DUPLICATE_SIMILARITY (within MAX_SIGNATURE_DISTANCE bits). The server keeps each
 *   article's signature (24 bytes: the 64 bits and four 16-bit bands, each indexed) and looks a
 *   copy up by its bands and their one-bit neighbours (`signatureProbes`).
 *
 * `GET /articles/:id/duplicates` (any role that may read the article) answers
 * `{ data: [{ id, title, similarity, reason }] }` (the same address first, then most alike); `POST /articles/scrape`
 * answers the new draft's in `duplicates` ("Looks like a copy of …"). Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';

export const DUPLICATE_SIMILARITY = 0.9;
/** The most copies an answer lists. */
export const MAX_DUPLICATES = 20;
/** Texts with fewer shingles than this have no signature: too short to tell a copy from a likeness. */
export const MIN_SHINGLES = 40;

export const duplicateReasonSchema = z.enum(['address', 'text']);
export type DuplicateReason = z.infer<typeof duplicateReasonSchema>;

export const duplicateSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  /** 0 to 1, two decimals: how alike the texts are (1 when the same); by address, the texts' too (0 without a signature). */
  similarity: z.number().min(0).max(1),
  reason: duplicateReasonSchema,
});
export type Duplicate = z.infer<typeof duplicateSchema>;

export const duplicatesResultSchema = z.object({ data: z.array(duplicateSchema) });

/** The order of an answer: the same address first (the page itself), then most alike, then by id. */
export const byLikeness = (a: Duplicate, b: Duplicate) =>
  (a.reason === b.reason ? 0 : a.reason === 'address' ? -1 : 1) || b.similarity - a.similarity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
export type DuplicatesResult = z.infer<typeof duplicatesResultSchema>;

const TRACKING = /^(utm_.*|fbclid|gclid|mc_cid|mc_eid|ref|amp|outputtype|output|print|cmpid|ocid|igshid)$/i;

/** An address as a copy of the same page would have it; null when it is not an http(s) address. */
export function normalAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m|amp)\./, '');
  const path = url.pathname
    .replace(/\/(amp|print)\/?$/i, '/')
    .replace(/\.amp(\.html?)?$/i, '')
    .replace(/\/index\.html?$/i, '/')
    .replace(/\/+$/, '');
  const query = [...url.searchParams].filter(([name]) => !TRACKING.test(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = query.length ? `?${new URLSearchParams(query)}` : '';
  return `${host}${path}${search}`;
}

/** A text's signature: its SimHash as two unsigned 32-bit halves (high, low); null for a text too short. */
export type TextSignature = readonly [number, number];

/** FNV-1a over a string's UTF-16 units, from a seed: one 32-bit hash. */
function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // A final mix, so close strings spread over all the bits.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** The SimHash of a text's three-word shingles (words lowercased, letters and digits only). */
export function textSignature(text: string): TextSignature | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const shingles = words.length - 2;
  if (shingles < MIN_SHINGLES) return null;
  const weights = new Int32Array(64);
  for (let i = 0; i < shingles; i++) {
    const shingle = `${words[i]} ${words[i + 1]} ${words[i + 2]}`;
    const [high, low] = [fnv1a(shingle, 0x811c9dc5), fnv1a(shingle, 0x9747b28c)];
    for (let bit = 0; bit < 32; bit++) {
      weights[bit]! += (high >>> bit) & 1 ? 1 : -1;
      weights[32 + bit]! += (low >>> bit) & 1 ? 1 : -1;
    }
  }
  let [high, low] = [0, 0];
  for (let bit = 0; bit < 32; bit++) {
    if (weights[bit]! > 0) high |= 1 << bit;
    if (weights[32 + bit]! > 0) low |= 1 << bit;
  }
  return [high >>> 0, low >>> 0];
}

const ones = (n: number) => {
  let count = 0;
  for (let v = n >>> 0; v; v &= v - 1) count++;
  return count;
};

/** How many bits two signatures differ in. */
export const signatureDistance = (a: TextSignature, b: TextSignature) => ones(a[0] ^ b[0]) + ones(a[1] ^ b[1]);

/** The texts' similarity two signatures estimate (two decimals). */
// At 0 from half the bits apart on: texts further apart than unrelated ones are not "less than unrelated".
export const signatureSimilarity = (a: TextSignature, b: TextSignature) => Math.max(0, Math.round(Math.cos((Math.PI * signatureDistance(a, b)) / 64) * 100) / 100);

/** The most bits a copy's signature differs in (similarity still DUPLICATE_SIMILARITY): 9. */
export const MAX_SIGNATURE_DISTANCE = (() => {
  let d = 0;
  while (Math.round(Math.cos((Math.PI * (d + 1)) / 64) * 100) / 100 >= DUPLICATE_SIMILARITY) d++;
  return d;
})();

/** The four 16-bit bands of a signature (a copy within 3 bits shares at least one whole). */
export const signatureBands = ([high, low]: TextSignature): [number, number, number, number] => [high >>> 16, high & 0xffff, low >>> 16, low & 0xffff];

/**
 * The band values a lookup asks for, per band: the signature's own and the 16 that differ from
 * it in one bit. Four bands of 16 bits: a copy within 7 bits has a band within one bit of this
 * one's (pigeonhole), and of copies within MAX_SIGNATURE_DISTANCE (9 bits) made as a syndicating
 * site makes them, 99% do (1,898 of 1,917 in a run of `bench/duplicates.ts`'s copies); an exact
 * band alone found 74% of them. 68 index probes, about 100 chance matches among 100,000 articles,
 * which the distance itself then sets aside.
 */
export const signatureProbes = (signature: TextSignature): number[][] =>
  signatureBands(signature).map((band) => [band, ...Array.from({ length: 16 }, (_, bit) => band ^ (1 << bit))]);

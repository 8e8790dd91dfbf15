/**
 * Near-duplicates of an article (src/contract/duplicates.ts): its signature computed in the
 * worker pool (never on the request thread) and kept, then the articles with the same
 * normalised address or a text whose signature is within DUPLICATE_SIMILARITY.
 */
import {
  byLikeness,
  DUPLICATE_SIMILARITY,
  MAX_DUPLICATES,
  normalAddress,
  signatureSimilarity,
  type Duplicate,
} from '../../src/contract/index.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { waitForLock } from '../db/locks.ts';
import { ApiError, apiError } from '../errors.ts';
import type { ArticleRow } from '../repositories/articleRows.ts';
import {
  analyzeSignatures,
  keptSignature,
  signatureCandidates,
  storeCopies,
  storeSignature,
  unsignedArticles,
  withoutParallelWorkers,
  type KeptSignature,
} from '../repositories/signatures.ts';

type SignContext = Pick<AppContext, 'db' | 'workers'>;
type Signed = Pick<ArticleRow, 'id' | 'updated_at' | 'scraped_url' | 'scrapped_data' | 'canonical_url'>;

/**
 * Computes an article's signature from what it is now and keeps it, with the articles it then
 * looks like a copy of (both ways, for the list's filter); nothing when a later version's is kept.
 */
export async function signArticle(ctx: SignContext, article: Signed): Promise<KeptSignature> {
  const signature = await ctx.workers.run(
    'textSignature',
    { text: article.scrapped_data },
    { timeoutMs: 10_000, tooSlow: () => apiError('page_too_slow'), tooBig: () => apiError('page_too_complex') },
  );
  const kept = { address: normalAddress(article.canonical_url ?? article.scraped_url), signature };
  if (await storeSignature(ctx.db, article.id, article.updated_at, kept)) await keepCopies(ctx, article.id, kept);
  return kept;
}

/**
 * Keeps every article it looks like a copy of, those in the trash too (the list's filter leaves
 * them out where it reads, and a restore brings the pair back), however many. Under the copies
 * lock: two alike signed at once (in two workers or processes) would each look before the
 * other's signature was kept, or the first would remove the pair the second had just written;
 * taking turns, the later one's lookup sees the other, whose signature was kept before its turn.
 */
async function keepCopies(ctx: SignContext, articleId: string, kept: KeptSignature) {
  await ctx.db.transaction(async (tx) => {
    await waitForLock(tx, 'copies');
    await withoutParallelWorkers(tx);
    await storeCopies(tx, articleId, (await copiesOf(tx, articleId, kept, { all: true })).map((copy) => copy.id));
  });
}

/** The articles an article looks like a copy of (the same address first, then most alike) (its signature kept first when it has none). */
export async function duplicatesOf(ctx: SignContext, article: Signed): Promise<Duplicate[]> {
  const kept = (await keptSignature(ctx.db, article.id)) ?? (await signArticle(ctx, article));
  return ctx.db.transaction(async (tx) => {
    await withoutParallelWorkers(tx);
    return copiesOf(tx, article.id, kept);
  });
}

/** A page about to become a draft is a near-copy (by its text) of this article. */
export class NearCopyError extends Error {
  constructor(readonly copy: Duplicate) {
    super(`A near-copy of article ${copy.id}`);
  }
}

/**
 * The article (not in the trash) a text about to become a draft is a near-copy of, the most
 * alike, or null: its signature computed in the worker pool, compared with those kept.
 */
export async function nearCopyOfText(ctx: SignContext, text: string): Promise<Duplicate | null> {
  const signature = await ctx.workers.run(
    'textSignature',
    { text },
    { timeoutMs: 10_000, tooSlow: () => apiError('page_too_slow'), tooBig: () => apiError('page_too_complex') },
  );
  if (!signature) return null;
  const alike = await copiesOf(ctx.db, '', { address: null, signature });
  return alike.find((copy) => copy.reason === 'text') ?? null;
}

/** The articles it looks like a copy of, most alike first: the first MAX_DUPLICATES not in the trash, or `all` of them. */
async function copiesOf(db: Queryable, articleId: string, kept: KeptSignature, { all = false } = {}): Promise<Duplicate[]> {
  const found: Duplicate[] = [];
  for (const candidate of await signatureCandidates(db, articleId, kept, { withTrash: all })) {
    const similarity = kept.signature && candidate.signature ? signatureSimilarity(kept.signature, candidate.signature) : 0;
    if (kept.address !== null && candidate.address === kept.address) found.push({ id: candidate.id, title: candidate.title, similarity, reason: 'address' });
    else if (similarity >= DUPLICATE_SIMILARITY) found.push({ id: candidate.id, title: candidate.title, similarity, reason: 'text' });
  }
  found.sort(byLikeness);
  return all ? found : found.slice(0, MAX_DUPLICATES);
}

/** How many articles without a signature one pass of signUnsigned reads at a time. */
const UNSIGNED_BATCH = 200;

/**
 * Signs the articles kept before signatures were (or whose change's run never came), one after
 * the other in the worker pool, in the background at start, until none is left or `stopped()`:
 * an article whose text is too complex to sign is kept with its address alone, one that failed
 * for a passing reason is left for the next start. Answers how many it signed. Several processes may do it at once: a signature is the same whoever makes it.
 */
export async function signUnsigned(ctx: SignContext, stopped: () => boolean): Promise<number> {
  let signed = 0;
  let after = '';
  // The planner's statistics of the signatures refreshed as they grow (after 200, 2,000, 20,000…
  // and at the end): the lookups each signing makes rely on them (analyzeSignatures).
  let analyzeAt = UNSIGNED_BATCH;
  while (!stopped()) {
    const rows = await unsignedArticles(ctx.db, after, UNSIGNED_BATCH);
    if (!rows.length) break;
    for (const row of rows) {
      if (stopped()) break;
      try {
        await signArticle(ctx, row);
        signed++;
      } catch (error) {
        // A text too complex to sign is kept with its address alone; a passing failure (the
        // workers busy or closing) leaves it for the next start.
        if (!(error instanceof ApiError && error.code === 'page_too_complex')) continue;
        const kept = { address: normalAddress(row.canonical_url ?? row.scraped_url), signature: null };
        if (await storeSignature(ctx.db, row.id, row.updated_at, kept)) await keepCopies(ctx, row.id, kept);
      }
    }
    after = rows.at(-1)!.id;
    if (signed >= analyzeAt) {
      await analyzeSignatures(ctx.db);
      analyzeAt *= 10;
    }
  }
  if (signed) await analyzeSignatures(ctx.db);
  return signed;
}

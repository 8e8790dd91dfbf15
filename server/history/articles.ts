/**
 * The history of every article: each write, whatever path it takes (create, scrape, edit,
 * re-scrape, publish, convert, bulk actions, trash and restore, restore of a revision), records
 * a revision in the writing transaction: the article as it was after the write, who, when, why
 * and which fields changed. A trigger bumps the article's version at every such change and a
 * deferred check refuses a commit that changed an article without its revision (migration 11).
 *
 * Consecutive edits by one admin within FOLD_MS fold into one revision; any other write makes
 * its own. Long texts are stored once per article and as the span that changed since the text
 * before (delta.ts), so 1,000 edits of a 12 KB article cost their changes, not 12 MB.
 */
import { createHash } from 'node:crypto';
import {
  revisionReason,
  serverMessages,
  type RevisionAction,
  type RevisionField,
  type RevisionSnapshot,
  type RevisionSummary,
} from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { apiError } from '../errors.ts';
import { selectArticlesById } from '../repositories/articles.ts';
import { seoOf, type ArticleContent, type ArticleRow } from '../repositories/articleRows.ts';
import {
  articlesWithRevisions,
  countRevisions,
  deleteRevisions,
  deleteUnneededTexts,
  foldIntoRevision,
  insertRevision,
  insertRevisionsKeepingTexts,
  latestRevision,
  selectRevision,
  selectRevisionAges,
  selectRevisionPage,
  selectTextChains,
  type LatestRevisionRow,
  type NewText,
  type RevisionRow,
  type TextLink,
  type TextRef,
} from '../repositories/revisions.ts';
import { applySplice, spliceOf, worthADelta } from './delta.ts';
import { DEFAULT_RETENTION, versionsToRemove, type RetentionPolicy } from './retention.ts';

/** Edits by the same admin within this long of a revision's first fold into it. */
export const FOLD_MS = 10 * 60 * 1000;

export const revisionNotFound = () => apiError('not_found', serverMessages.revisionNotFound);

/** What a write says of itself. */
export interface HistoryWrite {
  actor: string | null;
  action: RevisionAction;
  at: Date;
  /** With `restore`: the revision written back. */
  restoredFrom?: number;
  /** With a scrape or re-scrape: the article's HTML as the extractor found it on the page (null: too long to keep). */
  sourceHtml?: string | null;
  /** The cap on revisions per article (the rest of the policy is the sweep's). */
  retention?: RetentionPolicy;
  /** Edits within this long of the last revision's first, by the same admin, fold into it (default FOLD_MS; 0: never). */
  foldMs?: number;
  /** false only in a benchmark's floor (AppOptions.recordHistory): nothing is recorded. */
  record?: boolean;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** A text stored whole. */
const wholeText = (text: string): NewText => ({ sha256: sha256(text), baseId: null, depth: 0, keepStart: 0, keepEnd: 0, body: text });

/**
 * `next` as a text to store: the stored text `base` had (when `next` is the same), or a span
 * changed since it when that is worth it, or the whole text.
 */
function textRef(next: string | null, base: { value: string | null; id: string | null; depth: number } | undefined): TextRef {
  if (next === null) return null;
  if (base?.id && base.value === next) return { id: base.id };
  if (!base?.id || base.value === null) return { text: wholeText(next) };
  const splice = spliceOf(base.value, next);
  if (!worthADelta(splice, next.length, base.depth)) return { text: wholeText(next) };
  return {
    text: { sha256: sha256(next), baseId: base.id, depth: base.depth + 1, keepStart: splice.keepStart, keepEnd: splice.keepEnd, body: splice.insert },
  };
}

const idOf = (id: number | string | null) => (id === null ? null : String(id));

/** The fields that differ between two states of an article. */
function changedFields(before: ArticleRow | null, after: ArticleRow): RevisionField[] {
  const fields: RevisionField[] = [];
  const inTrash = (row: ArticleRow) => row.deleted_at !== null;
  if (!before) {
    if (after.title !== null) fields.push('title');
    if (after.slug !== null) fields.push('slug');
    if (after.blog_data !== null) fields.push('blogData');
    if (after.scrapped_data !== '') fields.push('scrappedData');
    if (after.scraped_url !== null) fields.push('scrapedUrl');
    if (after.new_url !== null) fields.push('newUrl');
    if (Object.values(seoOf(after)).some((value) => value !== null)) fields.push('seo');
    return fields;
  }
  if (before.title !== after.title) fields.push('title');
  if (before.slug !== after.slug) fields.push('slug');
  if (before.status !== after.status) fields.push('status');
  if (before.blog_data !== after.blog_data) fields.push('blogData');
  if (before.scrapped_data !== after.scrapped_data) fields.push('scrappedData');
  if (before.scraped_url !== after.scraped_url) fields.push('scrapedUrl');
  if (before.new_url !== after.new_url) fields.push('newUrl');
  const [seoBefore, seoAfter] = [seoOf(before), seoOf(after)];
  if ((Object.keys(seoAfter) as (keyof typeof seoAfter)[]).some((field) => seoBefore[field] !== seoAfter[field])) fields.push('seo');
  if (inTrash(before) !== inTrash(after)) fields.push('trash');
  return fields;
}

/** The row's content as a revision records it, its texts given. */
const valuesOf = (
  row: ArticleRow,
  write: HistoryWrite,
  changed: RevisionField[],
  texts: { blog: TextRef; raw: TextRef; source: TextRef },
) => ({
  articleVersion: row.version,
  at: write.at,
  actor: write.actor,
  action: write.action,
  restoredFrom: write.restoredFrom ?? null,
  changed,
  status: row.status,
  inTrash: row.deleted_at !== null,
  title: row.title,
  slug: row.slug,
  scrapedUrl: row.scraped_url,
  newUrl: row.new_url,
  seo: seoOf(row),
  ...texts,
});

/**
 * Records how an article written before history began was (`row`, as read before the write),
 * as its revision 1. Answers the revision, read back.
 */
async function recordBaseline(tx: Queryable, row: ArticleRow): Promise<LatestRevisionRow> {
  const baseline: HistoryWrite = { actor: null, action: 'baseline', at: new Date(row.updated_at) };
  await insertRevision(
    tx,
    row.id,
    1,
    valuesOf(row, baseline, [], { blog: textRef(row.blog_data, undefined), raw: textRef(row.scrapped_data, undefined), source: null }),
  );
  return (await latestRevision(tx, row.id))!;
}

/**
 * Records the revision of a write of one article, in the writing transaction (which holds the
 * article's row lock): `before` as the write found it (null for a new article), `after` as it
 * left it (RETURNING, with the version the trigger gave it).
 */
export async function recordRevision(
  tx: Queryable,
  before: ArticleRow | null,
  after: ArticleRow,
  write: HistoryWrite,
  /** The last revision, when the write read it with the article (lockArticleForWrite): not read again. */
  read?: { latest: LatestRevisionRow | undefined },
): Promise<void> {
  if (write.record === false) return;
  let latest = read ? read.latest : await latestRevision(tx, after.id);
  if (!latest && before) latest = await recordBaseline(tx, before);
  // The last revision is `before` (always, but for a change made by hand with history.off):
  // unchanged texts are its texts, and changed ones are stored as changes of them.
  const known = latest && before && String(latest.article_version) === String(before.version) ? latest : undefined;
  const base = (value: string | null | undefined, id: number | string | null | undefined, depth: number | null | undefined) =>
    known && value !== undefined ? { value, id: idOf(id ?? null), depth: depth ?? 0 } : undefined;
  const texts = {
    blog: textRef(after.blog_data, base(before?.blog_data, known?.blog_text_id, known?.blog_depth)),
    raw: textRef(after.scrapped_data, base(before?.scrapped_data, known?.raw_text_id, known?.raw_depth)),
    source:
      write.sourceHtml !== undefined
        ? write.sourceHtml === null
          ? null
          : ({ text: wholeText(write.sourceHtml) } as TextRef)
        : latest?.source_text_id != null
          ? { id: String(latest.source_text_id) }
          : null,
  };
  const changed = changedFields(known ? before : null, after);
  if (write.sourceHtml !== undefined) changed.push('source');

  const fold =
    known !== undefined &&
    write.action === 'edit' &&
    known.action === 'edit' &&
    write.actor !== null &&
    known.actor === write.actor &&
    !known.pinned &&
    write.at.getTime() - Date.parse(known.created_iso) < (write.foldMs ?? FOLD_MS);
  if (fold) {
    const union = [...new Set([...known.changed, ...changed])];
    await foldIntoRevision(tx, after.id, known.number, valuesOf(after, write, union, texts));
    return;
  }
  const number = (latest?.number ?? 0) + 1;
  await insertRevision(tx, after.id, number, valuesOf(after, write, changed, texts));
  // Past the cap, the oldest go, down to a tenth under it: the next writes do not each prune.
  const policy = write.retention ?? DEFAULT_RETENTION;
  if (number > policy.max && (await countRevisions(tx, after.id)) > policy.max) {
    await pruneRevisions(tx, after.id, { ...policy, max: policy.max - Math.max(1, Math.floor(policy.max / 10)) }, write.at);
  }
}

/**
 * Before a change of status or trash made to several articles at once (locked by the caller):
 * the articles of `ids` without a history get their baseline, as they are before the change.
 * Then the change, then `recordBulkRevisions`.
 */
export async function ensureHistories(tx: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const withHistory = await articlesWithRevisions(tx, ids);
  const missing = ids.filter((id) => !withHistory.has(id));
  if (missing.length === 0) return;
  for (const row of await selectArticlesById(tx, missing)) await recordBaseline(tx, row);
}

/** After `ensureHistories` and the change: one revision per article, its texts as they were. */
export async function recordBulkRevisions(
  tx: Queryable,
  ids: readonly string[],
  write: Pick<HistoryWrite, 'actor' | 'action' | 'at'> & { changed: RevisionField[] },
): Promise<void> {
  await insertRevisionsKeepingTexts(tx, ids, write);
}

/**
 * Removes the article's revisions that the policy does not keep, then the texts none of the
 * rest needs. In the caller's transaction, which holds the article's row lock.
 */
export async function pruneRevisions(tx: Queryable, articleId: string, policy: RetentionPolicy, now: Date): Promise<number> {
  const ages = await selectRevisionAges(tx, articleId);
  const remove = versionsToRemove(
    ages.map((row) => ({ number: row.number, createdAt: new Date(row.created_at), pinned: row.pinned })),
    policy,
    now,
  );
  if (remove.length === 0) return 0;
  await deleteRevisions(tx, articleId, remove);
  await deleteUnneededTexts(tx, articleId);
  return remove.length;
}

// Reading -----------------------------------------------------------------------------------------

export function toRevisionSummary(articleId: string, row: RevisionRow, latest: number | null): RevisionSummary {
  return {
    id: `${articleId}:${row.number}`,
    number: row.number,
    createdAt: row.created_iso,
    updatedAt: row.updated_iso,
    actor: row.actor,
    action: row.action,
    reason: revisionReason(row.action, row.restored_from),
    restoredFrom: row.restored_from,
    changed: row.changed,
    pinned: row.pinned,
    name: row.name,
    current: row.number === latest,
  };
}

/** A page of an article's history, newest first (`cursor`: the nextCursor of the page before). */
export async function listRevisions(db: Queryable, articleId: string, options: { limit: number; cursor?: string }) {
  const before = options.cursor === undefined ? undefined : Number(options.cursor);
  const { rows, total, latest } = await selectRevisionPage(db, articleId, before, options.limit);
  const page = rows.slice(0, options.limit);
  return {
    data: page.map((row) => toRevisionSummary(articleId, row, latest)),
    total,
    nextCursor: rows.length > options.limit && page.length ? String(page.at(-1)!.number) : null,
  };
}

/** The texts `ids` (of one article), rebuilt from their chains in one read. */
export async function readTexts(db: Queryable, articleId: string, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const links = new Map((await selectTextChains(db, articleId, wanted)).map((link) => [String(link.id), link]));
  const built = new Map<string, string>();
  const build = (id: string): string => {
    // Down the chain to the nearest text already built, or a whole one; then up again.
    const path: TextLink[] = [];
    let text: string | undefined;
    for (let at: string | null = id; at !== null; ) {
      text = built.get(at);
      if (text !== undefined) break;
      const link = links.get(at);
      if (!link) throw new Error(`The stored text ${at} of article ${articleId} is missing`);
      path.push(link);
      at = idOf(link.base_id);
    }
    for (let link = path.pop(); link; link = path.pop()) {
      text =
        link.base_id === null
          ? link.body
          : applySplice(text!, { keepStart: link.keep_start, keepEnd: link.keep_end, insert: link.body });
      built.set(String(link.id), text);
    }
    return text!;
  };
  for (const id of wanted) build(id);
  return built;
}

/** One revision with its snapshot; 404 when the article has no such revision. */
export async function getRevision(db: Queryable, articleId: string, number: number) {
  const row = await selectRevision(db, articleId, number);
  if (!row) throw revisionNotFound();
  return { ...toRevisionSummary(articleId, row, Number(row.latest)), snapshot: await snapshotOf(db, articleId, row) };
}

/** A revision's content as the article's columns: what a restore writes back. */
export async function revisionContent(db: Queryable, articleId: string, row: RevisionRow): Promise<ArticleContent> {
  const [blog, raw] = [idOf(row.blog_text_id), idOf(row.raw_text_id)!];
  const texts = await readTexts(db, articleId, [blog, raw]);
  // A revision recorded before the SEO fields existed had none set.
  return {
    title: row.title,
    slug: row.slug,
    blog_data: blog === null ? null : texts.get(blog)!,
    scrapped_data: texts.get(raw)!,
    scraped_url: row.scraped_url,
    new_url: row.new_url,
    meta_title: row.seo?.metaTitle ?? null,
    meta_description: row.seo?.metaDescription ?? null,
    canonical_url: row.seo?.canonicalUrl ?? null,
    social_image_id: row.seo?.socialImageId ?? null,
  };
}

export async function snapshotOf(db: Queryable, articleId: string, row: RevisionRow): Promise<RevisionSnapshot> {
  const [blog, raw, source] = [idOf(row.blog_text_id), idOf(row.raw_text_id)!, idOf(row.source_text_id)];
  const texts = await readTexts(db, articleId, [blog, raw, source]);
  return {
    status: row.status,
    inTrash: row.in_trash,
    title: row.title,
    slug: row.slug,
    blogData: blog === null ? null : texts.get(blog)!,
    scrappedData: texts.get(raw)!,
    scrapedUrl: row.scraped_url,
    newUrl: row.new_url,
    sourceHtml: source === null ? null : texts.get(source)!,
    seo: seoOf({
      meta_title: row.seo?.metaTitle,
      meta_description: row.seo?.metaDescription,
      canonical_url: row.seo?.canonicalUrl,
      social_image_id: row.seo?.socialImageId,
    }),
  };
}

/**
 * The mock's article history, as the server keeps it (src/contract/history.ts): a revision per
 * write, one admin's consecutive edits folded into one, keyset pages newest first, snapshots,
 * restore (If-Match, published and slug refusals) and labels. `articlesApi` records into it on
 * every write and serves its routes.
 */
import { HttpResponse } from 'msw';
import {
  revisionReason,
  serverMessages,
  type Article,
  type RevisionAction,
  type RevisionField,
  type RevisionList,
  type RevisionSnapshot,
  type RevisionSummary,
} from '../../src/contract';
import { STORY_ADMIN } from '../fixtures/accounts';
import { errorResponse } from './errors';

export interface MockRevision {
  number: number;
  createdAt: string;
  updatedAt: string;
  actor: string | null;
  action: RevisionAction;
  restoredFrom: number | null;
  changed: RevisionField[];
  pinned: boolean;
  name: string | null;
  snapshot: RevisionSnapshot;
}

/** A revision of a story's seed: what it says of the article and when (its number follows the order). */
export type SeedRevision = Partial<Omit<MockRevision, 'number' | 'snapshot'>> & { snapshot?: Partial<RevisionSnapshot> };

export const snapshotOf = (article: Article, inTrash = false, sourceHtml: string | null = null): RevisionSnapshot => ({
  status: article.status,
  inTrash,
  title: article.title ?? null,
  slug: article.slug,
  blogData: article.blogData,
  scrappedData: article.scrappedData,
  scrapedUrl: article.scrapedUrl,
  newUrl: article.newUrl,
  sourceHtml,
  // (Only where one is set: the seeds of the stories have none.)
  ...(article.metaTitle || article.metaDescription || article.canonicalUrl || article.socialImageId
    ? {
        seo: {
          metaTitle: article.metaTitle ?? null,
          metaDescription: article.metaDescription ?? null,
          canonicalUrl: article.canonicalUrl ?? null,
          socialImageId: article.socialImageId ?? null,
        },
      }
    : {}),
});

const FIELDS: [RevisionField, keyof RevisionSnapshot][] = [
  ['title', 'title'],
  ['slug', 'slug'],
  ['status', 'status'],
  ['blogData', 'blogData'],
  ['scrappedData', 'scrappedData'],
  ['scrapedUrl', 'scrapedUrl'],
  ['newUrl', 'newUrl'],
  ['trash', 'inTrash'],
  ['source', 'sourceHtml'],
];

/** What a revision changed since the one before; the first lists the fields it has (not the status, as the server). */
const changedBetween = (before: RevisionSnapshot | undefined, after: RevisionSnapshot): RevisionField[] => {
  const fields = FIELDS.filter(([field, key]) =>
    before ? before[key] !== after[key] : field !== 'status' && after[key] !== null && after[key] !== '' && after[key] !== false,
  ).map(([field]) => field);
  const seoChanged = JSON.stringify(before?.seo ?? null) !== JSON.stringify(after.seo ?? null);
  // In the server's order: after the addresses, before the trash.
  if (seoChanged) fields.splice(fields.filter((field) => field !== 'trash' && field !== 'source').length, 0, 'seo');
  return fields;
};

export function summaryOf(id: string, revision: MockRevision, latest: number): RevisionSummary {
  const { number, createdAt, updatedAt, actor, action, restoredFrom, changed, pinned, name } = revision;
  return {
    id: `${id}:${number}`,
    number,
    createdAt,
    updatedAt,
    actor,
    action,
    reason: revisionReason(action, restoredFrom),
    restoredFrom,
    changed,
    pinned,
    name,
    current: number === latest,
  };
}

/** The article of a revision seed: the article's own fields where the seed says nothing. */
function seeded(article: Article, seeds: readonly SeedRevision[]): MockRevision[] {
  const revisions: MockRevision[] = [];
  for (const [i, seed] of seeds.entries()) {
    const previous = revisions.at(-1);
    const snapshot = { ...(previous?.snapshot ?? snapshotOf(article)), ...seed.snapshot };
    const at = seed.createdAt ?? article.createdAt;
    revisions.push({
      number: i + 1,
      createdAt: at,
      updatedAt: seed.updatedAt ?? at,
      actor: seed.actor === undefined ? STORY_ADMIN : seed.actor,
      action: seed.action ?? (i === 0 ? (article.scrapedUrl ? 'scrape' : 'create') : 'edit'),
      restoredFrom: seed.restoredFrom ?? null,
      changed: seed.changed ?? changedBetween(previous?.snapshot, snapshot),
      pinned: seed.pinned ?? false,
      name: seed.name ?? null,
      snapshot,
    });
  }
  return revisions;
}

export class MockHistory {
  private readonly byArticle = new Map<string, MockRevision[]>();

  /** Each article starts with one revision (its creation or scrape), or the story's seed. */
  constructor(articles: readonly Article[], seeds: Record<string, readonly SeedRevision[]> = {}) {
    for (const article of articles) this.byArticle.set(article.id, seeded(article, seeds[article.id] ?? [{}]));
  }

  revisions(id: string): MockRevision[] {
    return this.byArticle.get(id) ?? [];
  }

  /** A write's revision, as the server records it (an edit after one's own edit folds into it). */
  record(article: Article, action: RevisionAction, options: { inTrash?: boolean; restoredFrom?: number; sourceHtml?: string | null } = {}) {
    const list = this.byArticle.get(article.id) ?? [];
    const last = list.at(-1);
    const snapshot = snapshotOf(article, options.inTrash ?? false, options.sourceHtml === undefined ? (last?.snapshot.sourceHtml ?? null) : options.sourceHtml);
    const now = new Date().toISOString();
    if (action === 'edit' && last?.action === 'edit' && last.actor === STORY_ADMIN && !last.pinned) {
      const before = list.at(-2)?.snapshot;
      list[list.length - 1] = { ...last, updatedAt: now, snapshot, changed: changedBetween(before, snapshot) };
    } else {
      list.push({
        number: (last?.number ?? 0) + 1,
        createdAt: now,
        updatedAt: now,
        actor: STORY_ADMIN,
        action,
        restoredFrom: options.restoredFrom ?? null,
        changed: changedBetween(last?.snapshot, snapshot),
        pinned: false,
        name: null,
        snapshot,
      });
    }
    this.byArticle.set(article.id, list);
  }

  /** GET /articles/:id/revisions: newest first, `limit` at a time, the cursor the last number shown. */
  page(id: string, params: URLSearchParams): RevisionList {
    const list = [...this.revisions(id)].reverse();
    const latest = list[0]?.number ?? 0;
    const before = Number(params.get('cursor') ?? Infinity);
    const limit = Number(params.get('limit') ?? 50);
    const shown = list.filter((revision) => revision.number < before).slice(0, limit);
    const more = list.filter((revision) => revision.number < before).length > limit;
    return { data: shown.map((revision) => summaryOf(id, revision, latest)), total: list.length, nextCursor: more ? String(shown.at(-1)!.number) : null };
  }

  /** Deleted for good: its history goes with it. */
  forget(id: string) {
    this.byArticle.delete(id);
  }

  find(id: string, number: number): MockRevision | undefined {
    return this.revisions(id).find((revision) => revision.number === number);
  }

  latest(id: string): number {
    return this.revisions(id).at(-1)?.number ?? 0;
  }
}

/** 404 for a revision the article does not have, as the server words it. */
export const revisionNotFound = () => errorResponse('not_found', serverMessages.revisionNotFound);

/** The snapshot answer of GET /articles/:id/revisions/:rev. */
export const revisionAnswer = (id: string, revision: MockRevision, latest: number) =>
  HttpResponse.json({ data: { ...summaryOf(id, revision, latest), snapshot: revision.snapshot } });

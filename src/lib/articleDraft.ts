/**
 * The blog HTML an admin is editing and has not saved, kept in the browser (localStorage) per
 * article, so a closed tab, a reload or a crash does not lose it. Storage may be missing or
 * refuse (private mode, full, blocked by the browser's settings) and a kept value may be
 * damaged: then there is simply no draft, and the page works as without one.
 */
import { formatDateTime } from './format';

export interface ArticleDraft {
  /** The unsaved HTML. */
  html: string;
  /** The article's `updatedAt` when the edit began: the version it is based on. */
  basedOn: string;
  /** When the draft was kept (ISO 8601). */
  savedAt: string;
}

/** Where a draft waits, for the few calls made of it (localStorage's shape). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const draftKey = (articleId: string) => `article-draft:${articleId}`;

/** How long the HTML must stay unchanged before it is kept (each keystroke is not a write). */
export const DRAFT_DEBOUNCE_MS = 500;

/** The browser's localStorage, or null where reading it throws (storage blocked). */
export function browserStorage(): DraftStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isDraft(value: unknown): value is ArticleDraft {
  if (typeof value !== 'object' || value === null) return false;
  const { html, basedOn, savedAt } = value as Record<string, unknown>;
  return typeof html === 'string' && typeof basedOn === 'string' && typeof savedAt === 'string' && !Number.isNaN(Date.parse(savedAt));
}

/** The kept draft of an article; null when there is none, or it cannot be read (a damaged one is removed). */
export function readDraft(articleId: string, storage: DraftStorage | null = browserStorage()): ArticleDraft | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(draftKey(articleId));
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (isDraft(value)) return { html: value.html, basedOn: value.basedOn, savedAt: value.savedAt };
  } catch {
    /* not JSON: damaged, removed below */
  }
  clearDraft(articleId, storage);
  return null;
}

/** Keeps a draft; false when storage refused it (full, private mode): the edit is then only on the page. */
export function writeDraft(articleId: string, draft: ArticleDraft, storage: DraftStorage | null = browserStorage()): boolean {
  if (!storage) return false;
  try {
    storage.setItem(draftKey(articleId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(articleId: string, storage: DraftStorage | null = browserStorage()): void {
  try {
    storage?.removeItem(draftKey(articleId));
  } catch {
    /* storage refused: nothing of ours is kept there either */
  }
}

/** What the page offers when it opens with a kept draft. */
export interface DraftOffer {
  draft: ArticleDraft;
  /** The article was saved (by anyone) since the draft's edit began. */
  changedSince: boolean;
}

/**
 * The kept draft worth offering for the article as saved: one whose HTML differs from the saved
 * HTML. A draft equal to it says nothing new and is removed.
 */
export function draftToOffer(
  article: { id: string; blogData: string | null; updatedAt: string },
  storage: DraftStorage | null = browserStorage(),
): DraftOffer | null {
  const draft = readDraft(article.id, storage);
  if (!draft) return null;
  if (draft.html === (article.blogData ?? '')) {
    clearDraft(article.id, storage);
    return null;
  }
  return { draft, changedSince: draft.basedOn !== article.updatedAt };
}

const dayOf = (date: Date, timeZone?: string) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone });

/**
 * When a draft was kept, as the console writes times: the hour and minute ("12:03 PM") on the
 * same day, else with the date ("Mar 4, 2026, 12:03 PM", as the list cards show dates).
 */
export function draftTime(savedAt: string, now: Date = new Date(), timeZone?: string): string {
  const saved = new Date(savedAt);
  if (Number.isNaN(saved.getTime()) || dayOf(saved, timeZone) !== dayOf(now, timeZone)) return formatDateTime(savedAt, timeZone);
  return saved.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', timeZone });
}

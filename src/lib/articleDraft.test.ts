import { describe, expect, it, vi } from 'vitest';
import {
  browserStorage,
  clearDraft,
  draftKey,
  draftTime,
  draftToOffer,
  readDraft,
  writeDraft,
  type ArticleDraft,
  type DraftStorage,
} from './articleDraft';

/** An in-memory Storage, as localStorage behaves. */
function memoryStorage(entries: Record<string, string> = {}): DraftStorage & { entries: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    entries: map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/** Storage that refuses everything, as in a private window with storage blocked or full. */
const refusing: DraftStorage = {
  getItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  },
};

const draft: ArticleDraft = {
  html: '<p>Edited</p>',
  basedOn: '2026-03-04T14:00:00.000Z',
  savedAt: '2026-03-04T14:03:10.000Z',
};
const article = { id: 'art_1', blogData: '<p>Saved</p>', updatedAt: draft.basedOn };

describe('draft storage', () => {
  it('keeps a draft per article under article-draft:<id> and reads it back', () => {
    const storage = memoryStorage();
    expect(writeDraft('art_1', draft, storage)).toBe(true);
    expect([...storage.entries.keys()]).toEqual(['article-draft:art_1']);
    expect(readDraft('art_1', storage)).toEqual(draft);
    expect(readDraft('art_2', storage)).toBeNull();
    clearDraft('art_1', storage);
    expect(readDraft('art_1', storage)).toBeNull();
  });

  it('reads only the draft fields of a kept value', () => {
    const storage = memoryStorage({ [draftKey('art_1')]: JSON.stringify({ ...draft, extra: 'ignored' }) });
    expect(readDraft('art_1', storage)).toEqual(draft);
  });

  it.each([
    ['not JSON', '{"html": "<p>cut off'],
    ['JSON of another shape', JSON.stringify({ html: 42, basedOn: draft.basedOn, savedAt: draft.savedAt })],
    ['a missing field', JSON.stringify({ html: draft.html, savedAt: draft.savedAt })],
    ['an unreadable time', JSON.stringify({ ...draft, savedAt: 'yesterday-ish' })],
    ['null', 'null'],
    ['a bare string', '"<p>Edited</p>"'],
  ])('treats a damaged value (%s) as no draft, and removes it', (_case, raw) => {
    const storage = memoryStorage({ [draftKey('art_1')]: raw, [draftKey('art_2')]: JSON.stringify(draft) });
    expect(readDraft('art_1', storage)).toBeNull();
    expect(storage.entries.has(draftKey('art_1'))).toBe(false);
    // Other articles' drafts are left alone.
    expect(readDraft('art_2', storage)).toEqual(draft);
  });

  it('works without storage that answers: no draft, writes refused, never a throw', () => {
    expect(readDraft('art_1', refusing)).toBeNull();
    expect(writeDraft('art_1', draft, refusing)).toBe(false);
    expect(() => clearDraft('art_1', refusing)).not.toThrow();
    expect(draftToOffer(article, refusing)).toBeNull();
    // No storage at all.
    expect(readDraft('art_1', null)).toBeNull();
    expect(writeDraft('art_1', draft, null)).toBe(false);
    expect(() => clearDraft('art_1', null)).not.toThrow();
  });

  it('finds no storage where reading window.localStorage throws', () => {
    const getter = vi.fn(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    vi.stubGlobal('window', Object.defineProperty({}, 'localStorage', { get: getter }));
    try {
      expect(browserStorage()).toBeNull();
      expect(readDraft('art_1')).toBeNull();
      expect(writeDraft('art_1', draft)).toBe(false);
      expect(getter).toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('draftToOffer', () => {
  it('offers a draft that differs from the saved HTML, saying whether the article changed since', () => {
    const storage = memoryStorage({ [draftKey('art_1')]: JSON.stringify(draft) });
    expect(draftToOffer(article, storage)).toEqual({ draft, changedSince: false });
    expect(draftToOffer({ ...article, updatedAt: '2026-03-04T15:30:00.000Z' }, storage)).toEqual({ draft, changedSince: true });
  });

  it('removes a draft equal to the saved HTML: there is nothing to restore', () => {
    const storage = memoryStorage({ [draftKey('art_1')]: JSON.stringify(draft) });
    expect(draftToOffer({ ...article, blogData: draft.html }, storage)).toBeNull();
    expect(storage.entries.size).toBe(0);
  });

  it('compares with an article without HTML as with empty HTML', () => {
    const empty = { ...draft, html: '' };
    const storage = memoryStorage({ [draftKey('art_1')]: JSON.stringify(empty) });
    expect(draftToOffer({ ...article, blogData: null }, storage)).toBeNull();
    writeDraft('art_1', draft, storage);
    expect(draftToOffer({ ...article, blogData: null }, storage)?.draft).toEqual(draft);
  });

  it('offers nothing when there is no draft, or a damaged one', () => {
    expect(draftToOffer(article, memoryStorage())).toBeNull();
    expect(draftToOffer(article, memoryStorage({ [draftKey('art_1')]: '{' }))).toBeNull();
  });
});

describe('draftTime', () => {
  const now = new Date('2026-03-04T18:00:00.000Z');
  it('is the hour and minute on the same day, as the console writes times', () => {
    expect(draftTime('2026-03-04T12:03:00.000Z', now, 'UTC')).toBe('12:03 PM');
    expect(draftTime('2026-03-04T00:05:00.000Z', now, 'UTC')).toBe('12:05 AM');
  });
  it('carries the date on another day (the list cards’ format)', () => {
    expect(draftTime('2026-03-03T23:59:00.000Z', now, 'UTC')).toBe('Mar 3, 2026, 11:59 PM');
  });
  it('counts days in the given time zone', () => {
    // 23:30 UTC on the 3rd is 08:30 on the 4th in Tokyo, the day it is there at 10:00 UTC on the 4th.
    const morning = new Date('2026-03-04T10:00:00.000Z');
    expect(draftTime('2026-03-03T23:30:00.000Z', morning, 'Asia/Tokyo')).toBe('08:30 AM');
    expect(draftTime('2026-03-03T23:30:00.000Z', morning, 'UTC')).toBe('Mar 3, 2026, 11:30 PM');
  });
});

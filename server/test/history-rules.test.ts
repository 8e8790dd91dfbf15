/** The pure rules of history: the stored change of a text (delta.ts) and which versions are kept (retention.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySplice, MAX_DELTA_DEPTH, spliceOf, worthADelta } from '../history/delta.ts';
import { versionsToRemove } from '../history/retention.ts';

const isWellFormed = (text: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('a stored change (splice)', () => {
  it('rebuilds the next text from its base, whatever the two texts', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 60 });
    fc.assert(
      fc.property(text, text, (base, next) => {
        const splice = spliceOf(base, next);
        expect(applySplice(base, splice)).toBe(next);
        // What is stored is valid text: never half of a surrogate pair.
        expect(isWellFormed(splice.insert)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('stores only the span that changed', () => {
    const base = `<p>${'a'.repeat(5000)}</p><p>middle</p><p>${'b'.repeat(5000)}</p>`;
    expect(spliceOf(base, base.replace('middle', 'centre'))).toEqual({ keepStart: 5010, keepEnd: 5012, insert: 'centr' });
    expect(spliceOf('😀x😀', '😀y😀')).toEqual({ keepStart: 2, keepEnd: 2, insert: 'y' });
    // The emoji differ in their second unit only: the pair is stored whole.
    expect(spliceOf('a😀b', 'a😃b')).toEqual({ keepStart: 1, keepEnd: 1, insert: '😃' });
  });

  it('refuses a change whose base is shorter than what it keeps', () => {
    expect(() => applySplice('short', { keepStart: 4, keepEnd: 4, insert: '' })).toThrow(/keeps 4\+4 characters of a base of 5/);
  });

  it('is worth storing when small, and not past the chain depth', () => {
    expect(worthADelta({ keepStart: 10, keepEnd: 10, insert: 'x' }, 100, 0)).toBe(true);
    expect(worthADelta({ keepStart: 0, keepEnd: 0, insert: 'x'.repeat(60) }, 100, 0)).toBe(false);
    expect(worthADelta({ keepStart: 10, keepEnd: 10, insert: 'x' }, 100, MAX_DELTA_DEPTH - 1)).toBe(false);
  });
});

describe('retention', () => {
  const now = new Date('2026-06-30T12:00:00.000Z');
  const at = (iso: string) => new Date(iso);
  const policy = { keepAllDays: 30, keepDailyDays: 365, max: 200 };

  it('keeps every version of the last 30 days, the last of each day to a year, the newest and the pinned', () => {
    const versions = [
      { number: 1, createdAt: at('2025-01-01T10:00:00Z'), pinned: false }, // over a year: goes
      { number: 2, createdAt: at('2025-02-01T10:00:00Z'), pinned: true }, // pinned: stays
      { number: 3, createdAt: at('2026-04-01T08:00:00Z'), pinned: false }, // not its day's last: goes
      { number: 4, createdAt: at('2026-04-01T09:00:00Z'), pinned: false }, // its day's last: stays
      { number: 5, createdAt: at('2026-04-02T09:00:00Z'), pinned: false }, // its day's only: stays
      { number: 6, createdAt: at('2026-06-20T09:00:00Z'), pinned: false }, // recent: stays
      { number: 7, createdAt: at('2026-06-20T09:30:00Z'), pinned: false },
    ];
    expect(versionsToRemove(versions, policy, now)).toEqual([1, 3]);
    // An old newest version is the current state of an article: kept; a file's is not special.
    const old = [{ number: 1, createdAt: at('2024-01-01T00:00:00Z'), pinned: false }];
    expect(versionsToRemove(old, policy, now)).toEqual([]);
    expect(versionsToRemove(old, policy, now, false)).toEqual([1]);
  });

  it('keeps at most the cap, the oldest unpinned going first', () => {
    const versions = Array.from({ length: 8 }, (_, i) => ({ number: i + 1, createdAt: at('2026-06-29T00:00:00Z'), pinned: i === 0 }));
    expect(versionsToRemove(versions, { ...policy, max: 5 }, now)).toEqual([2, 3, 4]);
  });
});

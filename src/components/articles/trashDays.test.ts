import { describe, expect, it } from 'vitest';
import { TRASH_RETENTION_DAYS } from '../../contract';
import { trashTexts } from '../../lib/texts-articles';
import { daysLeftInTrash } from './trashDays';

const deletedAt = '2026-11-20T09:30:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('daysLeftInTrash', () => {
  it('counts whole days left, rounded up, from the deletion plus the retention', () => {
    expect(TRASH_RETENTION_DAYS).toBe(30);
    expect(daysLeftInTrash(deletedAt, at(deletedAt))).toBe(30);
    expect(daysLeftInTrash(deletedAt, at('2026-11-20T10:30:00.000Z'))).toBe(30);
    expect(daysLeftInTrash(deletedAt, at('2026-11-21T09:30:00.000Z'))).toBe(29);
    expect(daysLeftInTrash(deletedAt, at('2026-12-18T09:30:00.000Z'))).toBe(2);
    // Two hours before the sweep may take it.
    expect(daysLeftInTrash(deletedAt, at('2026-12-20T07:30:00.000Z'))).toBe(1);
  });

  it('is 0 once the retention is over (the hourly sweep has not run yet)', () => {
    expect(daysLeftInTrash(deletedAt, at('2026-12-20T09:30:00.000Z'))).toBe(0);
    expect(daysLeftInTrash(deletedAt, at('2027-01-05T00:00:00.000Z'))).toBe(0);
  });

  it('never says more than the retention (a clock behind the server’s), nor breaks on a bad date', () => {
    expect(daysLeftInTrash(deletedAt, at('2026-11-19T09:30:00.000Z'))).toBe(30);
    expect(daysLeftInTrash('not a date', at(deletedAt))).toBe(30);
  });
});

describe('the purge wording', () => {
  it('says the days left, one day in the singular, and the next sweep at 0', () => {
    expect(trashTexts.purgeIn(30)).toBe('Deleted for good in 30 days');
    expect(trashTexts.purgeIn(1)).toBe('Deleted for good in 1 day');
    expect(trashTexts.purgeIn(0)).toBe('Deleted for good at the next sweep');
  });
});

import { describe, expect, it } from 'vitest';
import { healthySource, pausedSource } from '../../stories/fixtures';
import { LIST_REFRESH_MS, listRefreshInterval } from './sources';

const now = Date.parse('2026-06-15T10:00:00Z');
const dueAt = (iso: string | null) => ({ ...healthySource, nextPollAt: iso });

describe('listRefreshInterval', () => {
  it('asks again while a source is due within a minute, or overdue', () => {
    expect(listRefreshInterval([dueAt('2026-06-15T10:00:45Z')], now)).toBe(LIST_REFRESH_MS);
    expect(listRefreshInterval([dueAt('2026-06-15T09:58:00Z'), pausedSource], now)).toBe(LIST_REFRESH_MS);
  });

  it('does not while every poll is further away, or the sources are paused, or not loaded yet', () => {
    expect(listRefreshInterval([dueAt('2026-06-15T10:30:00Z')], now)).toBe(false);
    expect(listRefreshInterval([pausedSource], now)).toBe(false);
    expect(listRefreshInterval([], now)).toBe(false);
    expect(listRefreshInterval(undefined, now)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { formatRelativeTime } from './relativeTime';

const now = new Date('2026-11-20T09:30:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('formatRelativeTime', () => {
  it('says now under a minute', () => {
    expect(formatRelativeTime(ago(20_000), now)).toBe('now');
  });

  it('counts minutes, hours and days', () => {
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3600_000), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(5 * 3600_000 + 59 * 60_000), now)).toBe('5 hours ago');
    expect(formatRelativeTime(ago(26 * 3600_000), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 86_400_000), now)).toBe('3 days ago');
  });

  it('shows the date after a week', () => {
    const at = ago(10 * 86_400_000);
    expect(formatRelativeTime(at, now)).toBe(formatDateTime(at));
  });

  it('copes with a clock slightly behind the server', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 2 * 3600_000), now)).toBe('in 2 hours');
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatClock,
  formatDateTime,
  formatDateTimeFull,
  percentChange,
  shortId,
  truncate,
} from './format';

describe('formatBytes', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1234567, '1.18 MB'],
    [10 * 1024 * 1024, '10 MB'],
    [5 * 1024 ** 3 + 123456789, '5.11 GB'],
    [3 * 1024 ** 4, '3072 GB'],
  ])('%d bytes reads %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });

  it('treats negative and non-finite sizes as empty', () => {
    expect(formatBytes(-5)).toBe('0 Bytes');
    expect(formatBytes(Number.NaN)).toBe('0 Bytes');
  });
});

describe('dates', () => {
  const at = '2026-03-04T14:05:09.000Z';

  it('formats the short en-US form', () => {
    expect(formatDateTime(at, 'UTC')).toBe('Mar 4, 2026, 02:05 PM');
  });

  it('formats the full form of the detail page', () => {
    expect(formatDateTimeFull(at, 'UTC')).toBe('Wednesday, March 4, 2026 at 2:05:09 PM');
  });

  it('formats the dashboard clock', () => {
    expect(formatClock(new Date(at), 'UTC')).toBe('Wednesday, March 4, 2026 at 2:05 PM');
  });

  it('says so when a date cannot be read', () => {
    expect(formatDateTime('not a date')).toBe('Unknown date');
    expect(formatDateTimeFull('')).toBe('Unknown date');
  });
});

describe('truncate', () => {
  it('keeps text at the limit', () => {
    expect(truncate('a'.repeat(60), 60)).toBe('a'.repeat(60));
  });
  it('cuts text over the limit and marks it', () => {
    expect(truncate('a'.repeat(61), 60)).toBe(`${'a'.repeat(60)}...`);
    expect(truncate('b'.repeat(400), 150)).toHaveLength(153);
  });
  it('counts characters, never cutting inside a surrogate pair', () => {
    const emoji = '😀'.repeat(61);
    expect(truncate(emoji, 60)).toBe(`${'😀'.repeat(60)}...`);
    expect(truncate('😀'.repeat(60), 60)).toBe('😀'.repeat(60));
    expect(truncate(`${'a'.repeat(59)}😀b`, 60)).toBe(`${'a'.repeat(59)}😀...`);
  });
});

describe('shortId', () => {
  it('keeps the last 8 characters', () => {
    expect(shortId('0123456789abcdef')).toBe('89abcdef');
    expect(shortId('abc')).toBe('abc');
  });
});

describe('percentChange', () => {
  it('compares this week with the last', () => {
    expect(percentChange(12, 10)).toBe(20);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(1, 3)).toBe(-66.7);
  });
  it('has no figure when the previous week is empty', () => {
    expect(percentChange(4, 0)).toBeNull();
  });
});

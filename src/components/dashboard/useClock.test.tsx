// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatClock } from '../../lib/format';
import { CLOCK_INTERVAL_MS, useClock } from './useClock';

// Half a minute past, so a clock that ticked any sooner than every 60 s would already show 10:01.
const start = new Date('2026-11-20T10:00:30.000Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(start);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// The text as the header shows it; compared by its time part, as ICU versions join the date
// and the time differently (", " or " at ").
function clockText(now: Date) {
  return formatClock(now, 'UTC');
}

describe('useClock', () => {
  it('shows the time at mount', () => {
    const { result } = renderHook(() => useClock());
    expect(clockText(result.current)).toContain('November 20, 2026');
    expect(clockText(result.current)).toContain('10:00 AM');
  });

  it('does not change before 60 s have passed, and changes at 60 s', () => {
    const { result } = renderHook(() => useClock());
    expect(CLOCK_INTERVAL_MS).toBe(60_000);

    // 59 s later the real time is 10:01:29, but the clock has not ticked yet.
    act(() => vi.advanceTimersByTime(59_000));
    expect(clockText(result.current)).toContain('10:00 AM');

    act(() => vi.advanceTimersByTime(1_000));
    expect(clockText(result.current)).toContain('10:01 AM');

    act(() => vi.advanceTimersByTime(60_000));
    expect(clockText(result.current)).toContain('10:02 AM');
  });

  it('takes another interval', () => {
    const { result } = renderHook(() => useClock(1_000));
    act(() => vi.advanceTimersByTime(30_000));
    expect(clockText(result.current)).toContain('10:01 AM');
  });

  it('stops its timer when unmounted', () => {
    const { unmount } = renderHook(() => useClock());
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

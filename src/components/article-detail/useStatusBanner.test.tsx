// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStatusBanner } from './useStatusBanner';

describe('useStatusBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing at first', () => {
    const { result } = renderHook(() => useStatusBanner());
    expect(result.current.banner).toBeNull();
  });

  it.each(['published', 'draft'] as const)('hides a %s success banner after exactly 3 s', (kind) => {
    const { result } = renderHook(() => useStatusBanner());
    act(() => result.current.show(kind));
    expect(result.current.banner).toBe(kind);

    act(() => vi.advanceTimersByTime(2999));
    expect(result.current.banner).toBe(kind);

    act(() => vi.advanceTimersByTime(1));
    expect(result.current.banner).toBeNull();
  });

  it.each(['publishFailed', 'draftFailed'] as const)('hides a %s error banner after exactly 5 s', (kind) => {
    const { result } = renderHook(() => useStatusBanner());
    act(() => result.current.show(kind));

    act(() => vi.advanceTimersByTime(4999));
    expect(result.current.banner).toBe(kind);

    act(() => vi.advanceTimersByTime(1));
    expect(result.current.banner).toBeNull();
  });

  it('restarts the timer when a new banner replaces the current one', () => {
    const { result } = renderHook(() => useStatusBanner());
    act(() => result.current.show('publishFailed'));
    act(() => vi.advanceTimersByTime(4000));

    act(() => result.current.show('published'));
    expect(result.current.banner).toBe('published');

    // The first banner's 5 s would end here; the new one must still be shown.
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.banner).toBe('published');

    act(() => vi.advanceTimersByTime(1999));
    expect(result.current.banner).toBe('published');

    act(() => vi.advanceTimersByTime(1));
    expect(result.current.banner).toBeNull();
  });

  it('restarts the timer when the same banner is shown again', () => {
    const { result } = renderHook(() => useStatusBanner());
    act(() => result.current.show('draft'));
    act(() => vi.advanceTimersByTime(2000));
    act(() => result.current.show('draft'));

    act(() => vi.advanceTimersByTime(2999));
    expect(result.current.banner).toBe('draft');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.banner).toBeNull();
  });

  it('dismiss hides the banner at once and cancels its timer', () => {
    const { result } = renderHook(() => useStatusBanner());
    act(() => result.current.show('publishFailed'));
    act(() => result.current.dismiss());
    expect(result.current.banner).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves no timer behind on unmount', () => {
    const { result, unmount } = renderHook(() => useStatusBanner());
    act(() => result.current.show('published'));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

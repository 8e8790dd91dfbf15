// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCopyToClipboard } from './useCopyToClipboard';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('useCopyToClipboard', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('writes the text and shows the check mark for exactly 2 s', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubClipboard(writeText);
    const { result } = renderHook(() => useCopyToClipboard());
    expect(result.current.copied).toBe(false);

    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.copy('https://blog.example.com/a');
    });
    expect(ok).toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://blog.example.com/a');
    expect(result.current.copied).toBe(true);

    act(() => vi.advanceTimersByTime(1999));
    expect(result.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.copied).toBe(false);
  });

  it('restarts the 2 s when copying again', async () => {
    stubClipboard(vi.fn().mockResolvedValue(undefined));
    const { result } = renderHook(() => useCopyToClipboard());
    await act(async () => {
      await result.current.copy('a');
    });
    act(() => vi.advanceTimersByTime(1500));
    await act(async () => {
      await result.current.copy('b');
    });
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.copied).toBe(false);
  });

  it('honours a custom timeout', async () => {
    stubClipboard(vi.fn().mockResolvedValue(undefined));
    const { result } = renderHook(() => useCopyToClipboard(500));
    await act(async () => {
      await result.current.copy('a');
    });
    act(() => vi.advanceTimersByTime(499));
    expect(result.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.copied).toBe(false);
  });

  it('only logs a failed copy', async () => {
    const failure = new Error('denied');
    stubClipboard(vi.fn().mockRejectedValue(failure));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useCopyToClipboard());

    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.copy('a');
    });
    expect(ok).toBe(false);
    expect(result.current.copied).toBe(false);
    expect(log).toHaveBeenCalledWith('Failed to copy to clipboard', failure);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('only logs when the Clipboard API is missing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { result } = renderHook(() => useCopyToClipboard());
    await act(async () => {
      await result.current.copy('a');
    });
    expect(result.current.copied).toBe(false);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('leaves no timer behind on unmount', async () => {
    stubClipboard(vi.fn().mockResolvedValue(undefined));
    const { result, unmount } = renderHook(() => useCopyToClipboard());
    await act(async () => {
      await result.current.copy('a');
    });
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

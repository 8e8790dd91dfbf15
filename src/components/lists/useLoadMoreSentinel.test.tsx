// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLoadMoreSentinel } from './useLoadMoreSentinel';

/** A stand-in IntersectionObserver whose instances the test can trigger. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  disconnected = false;
  constructor(public callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  fire(isIntersecting: boolean) {
    this.callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

function live() {
  return FakeObserver.instances.filter((o) => !o.disconnected);
}

beforeEach(() => {
  FakeObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

describe('useLoadMoreSentinel', () => {
  it('calls onLoadMore when the sentinel comes into view, not when it leaves', () => {
    const onLoadMore = vi.fn();
    const { result } = renderHook(() => useLoadMoreSentinel({ enabled: true, itemCount: 50, onLoadMore }));
    act(() => result.current(document.createElement('div')));
    expect(live()).toHaveLength(1);
    live()[0]!.fire(false);
    expect(onLoadMore).not.toHaveBeenCalled();
    live()[0]!.fire(true);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('observes nothing while disabled (no more pages, or a page is loading)', () => {
    const { result } = renderHook(() => useLoadMoreSentinel({ enabled: false, itemCount: 50, onLoadMore: vi.fn() }));
    act(() => result.current(document.createElement('div')));
    expect(live()).toHaveLength(0);
  });

  it('starts a fresh observer when more items arrive, so a sentinel still in view asks again', () => {
    const onLoadMore = vi.fn();
    const { result, rerender } = renderHook(
      ({ itemCount }) => useLoadMoreSentinel({ enabled: true, itemCount, onLoadMore }),
      { initialProps: { itemCount: 50 } },
    );
    act(() => result.current(document.createElement('div')));
    const first = live()[0]!;
    rerender({ itemCount: 100 });
    expect(first.disconnected).toBe(true);
    expect(live()).toHaveLength(1);
    live()[0]!.fire(true);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('calls the latest callback without rebuilding the observer', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(
      ({ onLoadMore }) => useLoadMoreSentinel({ enabled: true, itemCount: 1, onLoadMore }),
      { initialProps: { onLoadMore: first } },
    );
    act(() => result.current(document.createElement('div')));
    rerender({ onLoadMore: second });
    expect(FakeObserver.instances).toHaveLength(1);
    live()[0]!.fire(true);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});

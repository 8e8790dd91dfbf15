// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSidebarCookie } from '../../lib/sidebarCookie';
import { useSidebarState } from './useSidebarState';

function pressShortcut(init: KeyboardEventInit = { ctrlKey: true }) {
  const event = new KeyboardEvent('keydown', { key: 'b', cancelable: true, ...init });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

afterEach(() => {
  cleanup();
  document.cookie = 'sidebar_state=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('useSidebarState', () => {
  it('starts from defaultOpen and writes no cookie before the user changes anything', () => {
    const { result } = renderHook(() => useSidebarState({ defaultOpen: false, isMobile: false }));
    expect(result.current.open).toBe(false);
    expect(readSidebarCookie(document.cookie)).toBeUndefined();
  });

  it('toggles on Ctrl+B, prevents the browser default, writes the cookie and reports the change', () => {
    const onOpenChange = vi.fn();
    const { result } = renderHook(() => useSidebarState({ onOpenChange, isMobile: false }));
    expect(result.current.open).toBe(true);

    const event = pressShortcut();
    expect(event.defaultPrevented).toBe(true);
    expect(result.current.open).toBe(false);
    expect(readSidebarCookie(document.cookie)).toBe(false);
    expect(onOpenChange).toHaveBeenLastCalledWith(false);

    pressShortcut({ metaKey: true });
    expect(result.current.open).toBe(true);
    expect(readSidebarCookie(document.cookie)).toBe(true);
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
  });

  it('ignores B without a modifier', () => {
    const { result } = renderHook(() => useSidebarState({ isMobile: false }));
    const event = pressShortcut({});
    expect(event.defaultPrevented).toBe(false);
    expect(result.current.open).toBe(true);
  });

  it('on mobile the shortcut opens and closes the sheet and leaves the remembered state alone', () => {
    const onOpenChange = vi.fn();
    const { result } = renderHook(() => useSidebarState({ onOpenChange, isMobile: true }));
    expect(result.current.openMobile).toBe(false);

    pressShortcut();
    expect(result.current.openMobile).toBe(true);
    expect(result.current.open).toBe(true);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(readSidebarCookie(document.cookie)).toBeUndefined();

    pressShortcut();
    expect(result.current.openMobile).toBe(false);
  });

  it('stops listening when unmounted', () => {
    const { result, unmount } = renderHook(() => useSidebarState({ isMobile: false }));
    unmount();
    const event = pressShortcut();
    expect(event.defaultPrevented).toBe(false);
    expect(result.current.open).toBe(true);
  });
});

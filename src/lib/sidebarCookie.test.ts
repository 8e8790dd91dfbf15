import { describe, expect, it } from 'vitest';
import { SIDEBAR_COOKIE_MAX_AGE, readSidebarCookie, sidebarCookie } from './sidebarCookie';

describe('sidebar cookie', () => {
  it('lasts 7 days', () => {
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604800);
    expect(sidebarCookie(true)).toBe('sidebar_state=true; path=/; max-age=604800; SameSite=Lax');
    expect(sidebarCookie(false)).toContain('sidebar_state=false;');
  });

  it('reads back what it wrote', () => {
    expect(readSidebarCookie('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
  });

  it('is undefined when absent or unreadable', () => {
    expect(readSidebarCookie('')).toBeUndefined();
    expect(readSidebarCookie('sidebar_state=maybe')).toBeUndefined();
  });
});

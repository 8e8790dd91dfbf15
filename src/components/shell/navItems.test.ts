import { describe, expect, it } from 'vitest';
import { isActivePath } from './navItems';

describe('isActivePath', () => {
  it('marks Home only on the root path', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/articles')).toBe(false);
  });

  it('marks a section on its own path and on the paths below it', () => {
    expect(isActivePath('/articles', '/articles')).toBe(true);
    expect(isActivePath('/articles', '/articles/art_1')).toBe(true);
  });

  it('does not mark a section whose name is only a prefix of the path', () => {
    expect(isActivePath('/articles', '/articles-archive')).toBe(false);
    expect(isActivePath('/file-manager', '/')).toBe(false);
  });
});

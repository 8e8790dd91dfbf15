// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bulkSummary } from './bulkSummary';
import { rangeBetween, useArticleSelection } from './useArticleSelection';

const ids = ['a', 'b', 'c', 'd', 'e'];

describe('rangeBetween', () => {
  it('takes the ids between the two, in either order', () => {
    expect(rangeBetween(ids, 'b', 'd')).toEqual(['b', 'c', 'd']);
    expect(rangeBetween(ids, 'd', 'b')).toEqual(['b', 'c', 'd']);
  });
  it('takes only the one clicked without an anchor in the list', () => {
    expect(rangeBetween(ids, null, 'c')).toEqual(['c']);
    expect(rangeBetween(ids, 'gone', 'c')).toEqual(['c']);
  });
});

describe('useArticleSelection', () => {
  it('toggles, selects a range from the last clicked, and clears', () => {
    const { result } = renderHook(() => useArticleSelection(ids, 'all'));
    act(() => result.current.toggle('b'));
    act(() => result.current.toggle('d', true));
    expect([...result.current.selected].sort()).toEqual(['b', 'c', 'd']);
    expect(result.current.someSelected).toBe(true);
    // A shift-click on a selected one unselects the range up to it.
    act(() => result.current.toggle('c', true));
    expect([...result.current.selected]).toEqual(['b']);
    act(() => result.current.clear());
    expect(result.current.count).toBe(0);
  });

  it('selects all shown, then none; all selected is not "some"', () => {
    const { result } = renderHook(() => useArticleSelection(ids, 'all'));
    act(() => result.current.toggleAll());
    expect(result.current.count).toBe(5);
    expect(result.current.allSelected).toBe(true);
    expect(result.current.someSelected).toBe(false);
    act(() => result.current.toggleAll());
    expect(result.current.count).toBe(0);
  });

  it('starts empty when the list changes (tab, search, sort, site)', () => {
    const { result, rerender } = renderHook(({ scope }) => useArticleSelection(ids, scope), {
      initialProps: { scope: 'all' },
    });
    act(() => result.current.toggle('a'));
    rerender({ scope: 'published' });
    expect(result.current.count).toBe(0);
    rerender({ scope: 'all' });
    expect(result.current.count).toBe(0);
  });
});

describe('bulkSummary', () => {
  it('counts the changed, the unchanged and the refused grouped by message', () => {
    const summary = bulkSummary('publish', {
      changed: ['a', 'b', 'c'],
      unchanged: ['d'],
      refused: [
        { id: 'x', code: 'not_found', message: 'Article not found' },
        { id: 'y', code: 'not_found', message: 'Article not found' },
      ],
    });
    expect(summary).toEqual({ title: '3 articles published', lines: ['1 already published', '2 could not be changed: Article not found'] });
    expect(bulkSummary('delete', { changed: ['a'], unchanged: [], refused: [] })).toEqual({
      title: '1 article moved to the trash',
      lines: [],
    });
    expect(bulkSummary('draft', { changed: ['a', 'b'], unchanged: [], refused: [] }).title).toBe('2 articles converted to draft');
  });
});

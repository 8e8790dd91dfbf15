// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArticleCard } from '../../contract';
import { system } from '../../theme';
import { ArticleList } from './ArticleList';

function article(i: number): ArticleCard {
  return {
    id: `art_${String(i).padStart(8, '0')}`,
    status: i % 2 ? 'draft' : 'published',
    slug: null,
    blogData: null,
    scrapedUrl: null,
    newUrl: null,
    scrappedData: `Article number ${i}`,
    scrappedDataCut: false,
    blogDataCut: false,
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
  };
}

// The virtualiser puts the window back where it was when it attaches; jsdom cannot scroll.
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(cleanup);

describe('ArticleList', () => {
  it('mounts only the first cards of 10,000 (jsdom has no layout, so the window sits at the top)', () => {
    const articles = Array.from({ length: 10_000 }, (_, i) => article(i));
    render(
      <ChakraProvider value={system}>
        <ArticleList articles={articles} filter="all" onRetry={vi.fn()} onDelete={vi.fn()} />
      </ChakraProvider>,
    );
    const cards = screen.getAllByRole('article');
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThan(30);
    expect(screen.getByRole('heading', { name: 'Article #00000000' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Article #00009999' })).toBeNull();
    // Rows announce their place in the whole list.
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]!.getAttribute('aria-posinset')).toBe('1');
    expect(rows[1]!.getAttribute('aria-posinset')).toBe('2');
    expect(rows[0]!.getAttribute('aria-setsize')).toBe('10000');
    // The rows left out still take their room (estimated), so the page can scroll to them.
    const list = screen.getByRole('list', { name: 'Articles' });
    expect(parseFloat(list.parentElement!.style.height)).toBeGreaterThan(1_000_000);
  });

  it('says the size of the list is unknown while the server has more pages', () => {
    render(
      <ChakraProvider value={system}>
        <ArticleList
          articles={[article(0), article(1)]}
          filter="all"
          onRetry={vi.fn()}
          onDelete={vi.fn()}
          hasMore
          onLoadMore={vi.fn()}
        />
      </ChakraProvider>,
    );
    expect(screen.getAllByRole('listitem')[0]!.getAttribute('aria-setsize')).toBe('-1');
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });
});

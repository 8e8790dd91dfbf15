// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScrapeRequest, ScrapeResult } from '../../contract';
import { useScrapeBatch } from './useScrapeBatch';

/** A scrape whose answers the test hands out one by one. */
function controlledScrape() {
  const pending = new Map<string, { resolve: (r: ScrapeResult) => void; reject: (e: unknown) => void }>();
  const calls: ScrapeRequest[] = [];
  const scrape = vi.fn(
    (request: ScrapeRequest) =>
      new Promise<ScrapeResult>((resolve, reject) => {
        calls.push(request);
        pending.set(request.url, { resolve, reject });
      }),
  );
  const answer = (url: string, warnings: ScrapeResult['warnings'] = []) =>
    act(async () => {
      pending.get(url)!.resolve({
        data: {
          id: `art_${url}`,
          status: 'draft',
          slug: url,
          blogData: null,
          scrapedUrl: url,
          newUrl: null,
          scrappedData: '',
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
        warnings,
        images: { imported: 1, reused: 0 },
      });
    });
  const fail = (url: string, error: unknown) =>
    act(async () => {
      pending.get(url)!.reject(error);
    });
  return { scrape, calls, answer, fail };
}

const statuses = (items: { status: string }[]) => items.map((item) => item.status);

describe('useScrapeBatch', () => {
  it('scrapes two at a time, in order, and reports each outcome', async () => {
    const api = controlledScrape();
    const onBatchEnd = vi.fn();
    const onOpenArticle = vi.fn();
    const { result } = renderHook(() => useScrapeBatch({ scrape: api.scrape, onBatchEnd, onOpenArticle }));

    act(() => void result.current.start({ urls: ['a', 'b', 'c', 'd'], force: true }));
    await waitFor(() => expect(statuses(result.current.items)).toEqual(['scraping', 'scraping', 'waiting', 'waiting']));
    expect(result.current.isRunning).toBe(true);
    expect(api.calls).toEqual([{ url: 'a', force: true }, { url: 'b', force: true }]);

    await api.fail('b', Object.assign(new Error('This page was already scraped.'), { code: 'already_scraped', articleId: 'art_old' }));
    expect(statuses(result.current.items)).toEqual(['scraping', 'alreadyScraped', 'scraping', 'waiting']);
    await api.answer('a');
    await api.fail('c', Object.assign(new Error('No article found on this page'), { code: 'no_article' }));
    expect(onBatchEnd).not.toHaveBeenCalled();
    await api.answer('d');

    expect(result.current.items).toMatchObject([
      { url: 'a', status: 'created', articleId: 'art_a' },
      { url: 'b', status: 'alreadyScraped', articleId: 'art_old' },
      { url: 'c', status: 'failed', message: 'No article found on this page' },
      { url: 'd', status: 'created' },
    ]);
    expect(result.current.isRunning).toBe(false);
    // The lists are refreshed once, at the end; several addresses never open an article.
    expect(onBatchEnd).toHaveBeenCalledTimes(1);
    expect(onOpenArticle).not.toHaveBeenCalled();
  });

  it('cancel stops the waiting addresses; the ones being scraped finish', async () => {
    const api = controlledScrape();
    const onBatchEnd = vi.fn();
    const { result } = renderHook(() => useScrapeBatch({ scrape: api.scrape, onBatchEnd }));

    act(() => void result.current.start({ urls: ['a', 'b', 'c', 'd'], force: false }));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    act(() => result.current.cancel());
    expect(statuses(result.current.items)).toEqual(['scraping', 'scraping', 'cancelled', 'cancelled']);
    await api.answer('a');
    await api.answer('b');

    expect(statuses(result.current.items)).toEqual(['created', 'created', 'cancelled', 'cancelled']);
    expect(api.calls.map((c) => c.url)).toEqual(['a', 'b']);
    expect(onBatchEnd).toHaveBeenCalledTimes(1);
    expect(result.current.isRunning).toBe(false);
  });

  it('one address with nothing to report opens its article; with warnings it stays', async () => {
    const api = controlledScrape();
    const onOpenArticle = vi.fn();
    const { result } = renderHook(() => useScrapeBatch({ scrape: api.scrape, onOpenArticle }));

    act(() => void result.current.start({ urls: ['a'], force: false }));
    await api.answer('a');
    expect(onOpenArticle).toHaveBeenCalledWith('art_a');

    act(() => void result.current.start({ urls: ['b'], force: false }));
    await api.answer('b', [{ url: 'https://cdn.example/x.tiff', message: 'The image type is not accepted.' }]);
    expect(onOpenArticle).toHaveBeenCalledTimes(1);
    expect(result.current.items).toMatchObject([{ url: 'b', status: 'created', warnings: [{ url: 'https://cdn.example/x.tiff' }] }]);
  });

  it('leaving the screen stops the rest and opens nothing, but still ends the batch', async () => {
    const api = controlledScrape();
    const onBatchEnd = vi.fn();
    const onOpenArticle = vi.fn();
    const { result, unmount } = renderHook(() => useScrapeBatch({ scrape: api.scrape, onBatchEnd, onOpenArticle, concurrency: 1 }));

    act(() => void result.current.start({ urls: ['a', 'b'], force: false }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    unmount();
    await api.answer('a');
    expect(api.calls).toHaveLength(1);
    expect(onBatchEnd).toHaveBeenCalledTimes(1);
    expect(onOpenArticle).not.toHaveBeenCalled();
  });

  it('a second start while a batch runs is ignored', async () => {
    const api = controlledScrape();
    const { result } = renderHook(() => useScrapeBatch({ scrape: api.scrape }));
    act(() => void result.current.start({ urls: ['a'], force: false }));
    act(() => void result.current.start({ urls: ['b'], force: false }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(result.current.items.map((i) => i.url)).toEqual(['a']);
  });
});

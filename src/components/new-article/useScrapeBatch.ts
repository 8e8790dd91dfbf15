import { useCallback, useEffect, useRef, useState } from 'react';
import type { ScrapeRequest, ScrapeResult } from '../../contract';
import { articleToOpen, outcomeOf, scrapeRequest, type ScrapeItem } from './scrapeItems';

/** Pages scraped at the same time: quicker than one by one, gentle on the server and the sites. */
export const SCRAPE_CONCURRENCY = 2;

export interface ScrapeBatchOptions {
  /** Scrapes one page; rejects with the API's error (`message`, `code`, `articleId`). */
  scrape: (request: ScrapeRequest) => Promise<ScrapeResult>;
  /** Once per batch, after its last answer (also when cancelled or left): e.g. refresh the lists once. */
  onBatchEnd?: () => void;
  /** A single address became an article with nothing to report: open it (only while on the screen). */
  onOpenArticle?: (articleId: string) => void;
  concurrency?: number;
}

interface Batch {
  items: ScrapeItem[];
  /** No new scrape starts: the admin cancelled the rest, or left the screen. */
  stopped: boolean;
}

/**
 * Scrapes a list of addresses, `concurrency` at a time, keeping what became of each one.
 * Cancelling stops the addresses still waiting; the ones being scraped finish (the server
 * would make their articles anyway) and are reported.
 */
export function useScrapeBatch(options: ScrapeBatchOptions) {
  const [items, setItems] = useState<ScrapeItem[]>([]);
  const [isRunning, setRunning] = useState(false);
  const current = useRef<Batch | null>(null);
  const mounted = useRef(true);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (current.current) current.current.stopped = true;
    };
  }, []);

  const update = useCallback((batch: Batch, index: number, item: ScrapeItem) => {
    batch.items = batch.items.map((old, i) => (i === index ? item : old));
    if (current.current === batch) setItems(batch.items);
  }, []);

  const start = useCallback(
    async ({ urls, force }: { urls: string[]; force: boolean }) => {
      if (urls.length === 0 || (current.current && isBatchRunning(current.current))) return;
      const batch: Batch = { items: urls.map((url) => ({ url, status: 'waiting' })), stopped: false };
      current.current = batch;
      setItems(batch.items);
      setRunning(true);

      let next = 0;
      const worker = async () => {
        while (!batch.stopped && next < urls.length) {
          const index = next++;
          const url = urls[index]!;
          update(batch, index, { url, status: 'scraping' });
          const answer = await latest.current.scrape(scrapeRequest(url, force)).then(
            (result) => ({ result }),
            (error: unknown) => ({ error }),
          );
          update(batch, index, outcomeOf(url, answer));
        }
      };
      const workers = Math.max(1, Math.min(latest.current.concurrency ?? SCRAPE_CONCURRENCY, urls.length));
      await Promise.all(Array.from({ length: workers }, worker));

      latest.current.onBatchEnd?.();
      if (current.current === batch) setRunning(false);
      const toOpen = articleToOpen(batch.items);
      if (toOpen && mounted.current && current.current === batch) latest.current.onOpenArticle?.(toOpen);
    },
    [update],
  );

  const cancel = useCallback(() => {
    const batch = current.current;
    if (!batch || batch.stopped) return;
    batch.stopped = true;
    batch.items = batch.items.map((item) => (item.status === 'waiting' ? { url: item.url, status: 'cancelled' } : item));
    setItems(batch.items);
  }, []);

  return { items, isRunning, start, cancel };
}

function isBatchRunning(batch: Batch): boolean {
  return batch.items.some((item) => item.status === 'waiting' || item.status === 'scraping');
}

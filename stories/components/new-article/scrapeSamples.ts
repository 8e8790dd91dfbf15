/** Scrape outcomes for the New Article component stories, one of each kind. */
import type { ScrapeItem } from '../../../src/components/new-article/scrapeItems';
import type { ScrapeWarning } from '../../../src/contract';

export const imageWarnings: ScrapeWarning[] = [
  { url: 'https://photos.example.com/media/panorama.tiff', message: 'The image type is not accepted.' },
  { url: 'https://photos.example.com/media/poster.png', message: 'The image could not be fetched (HTTP 404).' },
];

export const created: ScrapeItem = {
  url: 'https://news.example.com/world/big-story',
  status: 'created',
  articleId: 'art_01JD8W4G7Q2Z9K3M5N6PNEW001',
  slug: 'big-story',
  images: { imported: 2, reused: 1 },
  warnings: [],
  duplicates: [],
};

/** A new draft that looks like a copy of two articles already in the library. */
export const createdLikeACopy: ScrapeItem = {
  url: 'https://amp.news.example.com/world/big-story/amp',
  status: 'created',
  articleId: 'art_01JD8W4G7Q2Z9K3M5N6PNEW003',
  slug: 'big-story-2',
  images: { imported: 0, reused: 2 },
  warnings: [],
  duplicates: [
    { id: 'art_01JD8W4G7Q2Z9K3M5N6PNEW001', title: 'The big story of the week', similarity: 1, reason: 'address' },
    { id: 'art_01JD8W4G7Q2Z9K3M5N6PSYN01', title: 'The big story, as the wire tells it', similarity: 0.96, reason: 'text' },
  ],
};

export const createdWithWarnings: ScrapeItem = {
  url: 'https://photos.example.com/images/gallery',
  status: 'created',
  articleId: 'art_01JD8W4G7Q2Z9K3M5N6PNEW002',
  slug: 'gallery',
  images: { imported: 3, reused: 0 },
  warnings: imageWarnings,
  duplicates: [],
};

export const alreadyScraped: ScrapeItem = {
  url: 'https://garden.example.com/guides/vegetables/how-to-grow-tomatoes-in-small-spaces',
  status: 'alreadyScraped',
  articleId: 'art_01JD8W4G7Q2Z9K3M5N6P000001',
  message: 'This page was already scraped.',
};

export const failed: ScrapeItem = {
  url: 'https://broken.example.com/missing',
  status: 'failed',
  message: 'The page could not be fetched (HTTP 503).',
};

export const scraping = (url: string): ScrapeItem => ({ url, status: 'scraping' });
export const waiting = (url: string): ScrapeItem => ({ url, status: 'waiting' });
export const cancelled = (url: string): ScrapeItem => ({ url, status: 'cancelled' });

// The scrape and re-scrape handlers answer as the contract says the server does.
import { describe, expect, it } from 'vitest';
import { apiErrorSchema, articleResultSchema, scrapeResultSchema, serverMessages } from '../../src/contract';
import { articles, makeArticle } from '../fixtures';
import { articleHandlers } from './index';
import { testServer } from './testServer';

const server = testServer();
const base = 'http://localhost/api/articles';

const post = (path: string, body: unknown) => fetch(`${base}${path}`, { method: 'POST', body: JSON.stringify(body) });

describe('scrape handlers', () => {
  it('a new page becomes a draft; the same page again is already_scraped, unless forced', async () => {
    server.use(...articleHandlers.api());
    const url = 'https://news.example.com/world/big-story';
    const first = await post('/scrape', { url });
    expect(first.status).toBe(201);
    const created = scrapeResultSchema.parse(await first.json());
    expect(created).toMatchObject({ data: { slug: 'big-story', scrapedUrl: url }, warnings: [] });

    const again = await post('/scrape', { url });
    expect(again.status).toBe(409);
    expect(apiErrorSchema.parse(await again.json())).toEqual({
      message: serverMessages.alreadyScraped,
      code: 'already_scraped',
      articleId: created.data.id,
    });

    const forced = await post('/scrape', { url, force: true });
    expect(forced.status).toBe(201);
    expect(scrapeResultSchema.parse(await forced.json()).data.id).not.toBe(created.data.id);
  });

  it('a page with "images" in its address reports the images kept at their original address', async () => {
    server.use(...articleHandlers.api());
    const result = scrapeResultSchema.parse(await (await post('/scrape', { url: 'https://photos.example.com/images/gallery' })).json());
    expect(result.warnings).toHaveLength(2);
    expect(result.warnings[0]).toEqual({ url: 'https://photos.example.com/media/panorama.tiff', message: 'The image type is not accepted.' });
  });

  it('scrapeFailsFor and slowScrape pick their addresses and leave the rest to the api', async () => {
    server.use(...articleHandlers.scrapeFailsFor('broken'), ...articleHandlers.slowScrape(10, 'slow'), ...articleHandlers.api());
    const failed = await post('/scrape', { url: 'https://broken.example.com/a' });
    expect(failed.status).toBe(502);
    expect(apiErrorSchema.parse(await failed.json()).code).toBe('fetch_failed');
    const slow = await post('/scrape', { url: 'https://slow.example.com/b' });
    expect(slow.status).toBe(201);
    scrapeResultSchema.parse(await slow.json());
  });
});

describe('re-scrape handler', () => {
  const draft = articles[1]!;
  const published = articles[0]!;
  const noSource = makeArticle({ id: 'art_no_source', scrapedUrl: null });

  it('refreshes the raw text; the blog HTML only when asked', async () => {
    server.use(...articleHandlers.api([...articles, noSource]));
    const kept = scrapeResultSchema.parse(await (await post(`/${draft.id}/rescrape`, {})).json());
    expect(kept.data.scrappedData).not.toBe(draft.scrappedData);
    expect(kept.data.blogData).toBe(draft.blogData);
    const replaced = scrapeResultSchema.parse(await (await post(`/${draft.id}/rescrape`, { replaceBlogData: true })).json());
    expect(replaced.data.blogData).not.toBe(draft.blogData);
    const read = articleResultSchema.parse(await (await fetch(`${base}/${draft.id}`)).json());
    expect(read.data.blogData).toBe(replaced.data.blogData);
  });

  it('refuses a published article and one without a source address', async () => {
    server.use(...articleHandlers.api([...articles, noSource]));
    const refused = await post(`/${published.id}/rescrape`, {});
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: serverMessages.articlePublished, code: 'article_published' });
    const noUrl = await post(`/${noSource.id}/rescrape`, {});
    expect(noUrl.status).toBe(400);
    expect(await noUrl.json()).toMatchObject({ code: 'no_scraped_url' });
  });
});

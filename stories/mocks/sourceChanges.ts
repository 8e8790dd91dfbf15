/**
 * The fake server's side of an article's source (src/contract/sourceChange.ts), over the
 * articles API's in-memory state: each story names what the source's page says now (`pages`);
 * a check flags the article when its text differs from the raw text imported, the change is read
 * with its merge by the server's own rule (src/contract/sourceMerge.ts), merged (If-Match, a new
 * revision) or set aside.
 */
import { http, HttpResponse } from 'msw';
import {
  serverMessages,
  sourceChangeMessages,
  sourceMergeSchema,
  type Article,
  type SourceChange,
  type SourceCheck,
  type SourceMergeResult,
} from '../../src/contract';
import { mergeSourceChange } from '../../src/contract/sourceMerge';
import { wordDiff } from '../../src/lib/wordDiff';
import { fixturesNow } from '../fixtures';
import { errorResponse, invalidInput } from './errors';
import type { MockHistory } from './history';

const API = '*/api/articles';

/** What an article's source page says now; `base`: the blog HTML as imported (else the article's own, unedited). */
export interface SourcePage {
  text: string;
  html: string;
  title?: string | null;
  base?: string;
}

export function sourceChangeApi(
  db: Map<string, Article>,
  touch: (article: Article, patch: Partial<Article>) => Article,
  history: MockHistory,
  pages: Record<string, SourcePage>,
) {
  const bases = new Map(Object.entries(pages).map(([id, page]) => [id, page.base ?? db.get(id)?.blogData ?? '']));
  const notFound = () => errorResponse('not_found', serverMessages.articleNotFound);
  const noChange = () => errorResponse('no_source_change');
  const changeOf = (article: Article): SourceChange => {
    const page = pages[article.id]!;
    const merge = mergeSourceChange(bases.get(article.id) ?? '', article.blogData ?? '', page.html);
    return {
      articleId: article.id,
      detectedAt: fixturesNow,
      oldText: article.scrappedData,
      newText: page.text,
      diff: wordDiff(article.scrappedData, page.text),
      newTitle: page.title ?? null,
      provenance: { ...(article.provenance ?? { sourceId: null, url: article.scrapedUrl ?? '', finalUrl: article.scrapedUrl ?? '', httpStatus: 200, robots: 'not-checked', extractor: '@mozilla/readability 0.6.0', etag: null, lastModified: null }), fetchedAt: fixturesNow, etag: '"source-v2"' },
      merge: { applied: merge.applied, conflicts: merge.conflicts },
    };
  };
  return [
    http.post(`${API}/:id/source-check`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return notFound();
      if (!article.scrapedUrl) return errorResponse('no_scraped_url');
      const page = pages[article.id];
      if (!page || page.text === article.scrappedData) return HttpResponse.json<{ data: SourceCheck }>({ data: { changed: false, notModified: true } });
      db.set(article.id, { ...article, sourceChanged: true });
      return HttpResponse.json<{ data: SourceCheck }>({ data: { changed: true, notModified: false } });
    }),
    http.get(`${API}/:id/source-change`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return notFound();
      if (!article.sourceChanged || !pages[article.id]) return noChange();
      return HttpResponse.json({ data: changeOf(article) });
    }),
    http.post(`${API}/:id/source-change/merge`, async ({ params, request }) => {
      const article = db.get(String(params.id));
      if (!article) return notFound();
      const parsed = sourceMergeSchema.safeParse(await request.json().catch(() => ({})));
      if (!parsed.success) return invalidInput('body', parsed.error);
      if (!article.sourceChanged || !pages[article.id]) return noChange();
      if (article.status === 'published') return errorResponse('article_published');
      const ifMatch = request.headers.get('if-match');
      if (ifMatch && ifMatch !== article.updatedAt) return errorResponse('stale_article');
      const page = pages[article.id]!;
      const take = new Set(parsed.data.take ?? []);
      const merged = mergeSourceChange(bases.get(article.id) ?? '', article.blogData ?? '', page.html, take);
      if ([...take].some((index) => index >= merged.conflicts.length)) return errorResponse('validation_failed', sourceChangeMessages.takeUnknown);
      const next = touch(article, { blogData: merged.html, scrappedData: page.text, sourceChanged: false });
      bases.set(article.id, page.html);
      history.record(next, 'source_merge');
      return HttpResponse.json<SourceMergeResult>({ data: next, conflicts: merged.conflicts.filter((conflict) => !take.has(conflict.index)) });
    }),
    http.post(`${API}/:id/source-change/dismiss`, ({ params }) => {
      const article = db.get(String(params.id));
      if (!article) return notFound();
      if (!article.sourceChanged) return noChange();
      db.set(article.id, { ...article, sourceChanged: false });
      delete pages[article.id];
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

// @vitest-environment jsdom
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { articleResultSchema } from '../contract';
import { makeArticle } from '../../stories/fixtures';
import { ApiError, LEGACY_TOKEN_KEY, api, onUnauthorized } from './client';
import { normaliseArticleList } from './schemas';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

describe('api client', () => {
  it('sends credentials and never a bearer token (the session is the httpOnly cookie); reads the answer through the contract', async () => {
    localStorage.setItem(LEGACY_TOKEN_KEY, 'left-by-an-old-console');
    let seen: Headers | undefined;
    server.use(
      http.get('*/api/articles/a1', ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ data: makeArticle({ id: 'a1' }) });
      }),
    );
    const answer = await api('/articles/a1', { schema: articleResultSchema });
    expect(answer.data.id).toBe('a1');
    expect(seen?.get('authorization')).toBeNull();
  });

  it('on 401 forgets any token an old console stored and calls the unauthorized handler', async () => {
    localStorage.setItem(LEGACY_TOKEN_KEY, 'stale');
    const handler = vi.fn();
    const off = onUnauthorized(handler);
    server.use(http.get('*/api/files', () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })));
    await expect(api('/files')).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(localStorage.getItem(LEGACY_TOKEN_KEY)).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
    off();
  });

  it('does not treat a refused sign-in as a lost session', async () => {
    const handler = vi.fn();
    const off = onUnauthorized(handler);
    server.use(
      http.post('*/api/auth/login', () =>
        HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 }),
      ),
    );
    await expect(api('/auth/login', { method: 'POST', body: {} })).rejects.toThrow('Invalid email or password');
    expect(handler).not.toHaveBeenCalled();
    off();
  });

  it('turns an answer outside the contract into a clear error', async () => {
    server.use(http.get('*/api/articles/a2', () => HttpResponse.json({ data: { id: 3 } })));
    const error = await api('/articles/a2', { schema: articleResultSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('bad_response');
  });

  it('checks answers against the lazily loaded answer schemas', async () => {
    server.use(
      http.get('*/api/articles/a3', () => HttpResponse.json(makeArticle({ id: 'a3' }))),
      http.get('*/api/articles/a4', () => HttpResponse.json({ id: 4 })),
    );
    // A bare article is read as the article (./schemas), whichever shape the server sent.
    const article = await api('/articles/a3', { schema: (s) => s.articleDetailAnswerSchema });
    expect(article.id).toBe('a3');
    const error = await api('/articles/a4', { schema: (s) => s.articleDetailAnswerSchema }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'bad_response' });
  });

  it('says so when the server cannot be reached', async () => {
    server.use(http.get('*/api/health', () => HttpResponse.error()));
    await expect(api('/health')).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});

describe('normaliseArticleList', () => {
  it('accepts a bare array and counts it', () => {
    const list = normaliseArticleList([makeArticle({ id: '1' }), makeArticle({ id: '2', status: 'published' })]);
    expect(list.counts).toEqual({ all: 2, published: 1, draft: 1 });
    expect(list.nextCursor).toBeNull();
  });

  it('cuts whole articles from another server into cards', () => {
    const list = normaliseArticleList([makeArticle({ id: '1', scrappedData: 'x'.repeat(400), blogData: null })]);
    expect(list.data[0]).toMatchObject({ scrappedData: 'x'.repeat(150), scrappedDataCut: true, blogData: null, blogDataCut: false });
  });

  it('accepts a data array without counts', () => {
    expect(normaliseArticleList({ data: [makeArticle()] }).counts.all).toBe(1);
  });

  it('keeps the server counts and cursor when present', () => {
    const full = { data: [], counts: { all: 9, published: 4, draft: 5 }, nextCursor: 'c' };
    expect(normaliseArticleList(full)).toBe(full);
  });
});

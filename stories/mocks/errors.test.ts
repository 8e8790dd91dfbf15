// Every error a story's MSW handler can answer is one the server sends: a code of the contract's
// list, with its status, its message and the body's shape. Every variant of every handler set
// is driven through msw/node with requests that reach its refusals; each error answer is checked.
import { http, HttpResponse, type HttpHandler, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  apiErrors,
  errorBodyOf,
  isApiErrorCode,
  MAX_UPLOAD_BYTES,
  type ApiErrorCode,
  type ApiErrorSpec,
} from '../../src/contract';
import { articles, articleWithoutUrls, files, publishedArticle, scheduledSamples, trashedFileSamples, trashedSamples } from '../fixtures';
import { accountHandlers } from './account';
import { articleHandlers } from './articles';
import { fileHandlers } from './files';
import { authHandlers, systemHandlers } from './system';
import { webhookHandlers } from './webhooks';

// Loading and slow variants would never answer: here they wait for nothing and pass the request on.
vi.mock('msw', async (importOriginal) => ({ ...(await importOriginal<typeof import('msw')>()), delay: async () => {} }));
// The checks' handler parses the article's HTML as a browser would.
vi.stubGlobal('DOMParser', new JSDOM('').window.DOMParser);

type Factory = (...args: never[]) => RequestHandler[];

/** Another page on the article, holding the editing lease. */
const editingPage = {
  tab: 'tab-other-01',
  userId: 'u2',
  email: 'dana@example.com',
  role: 'editor',
  openedAt: '2026-01-01T09:00:00.000Z',
  editingSince: '2026-01-01T09:01:00.000Z',
};

const sets: Record<string, Record<string, Factory>> = {
  articleHandlers,
  fileHandlers,
  authHandlers,
  systemHandlers,
  accountHandlers,
  webhookHandlers,
};

/** Arguments a variant is called with instead of none: it has no defaults. */
const onlyArguments: Record<string, unknown[][]> = {
  'authHandlers.signedInAs': [['editor'], ['author'], ['viewer']],
};

/** Arguments a variant is also called with, besides none (its defaults), to reach its other answers. */
const moreArguments: Record<string, unknown[][]> = {
  'articleHandlers.api': [[[...articles, articleWithoutUrls, publishedArticle]], [articles, trashedSamples()], [scheduledSamples()]],
  'articleHandlers.scrapeFailsFor': [['']],
  'articleHandlers.presence': [[{ others: [editingPage] }], [{ others: [editingPage], lapsed: true }]],
  'articleHandlers.failingArticle': [[500]],
  'articleHandlers.restoreRefused': [['article_published'], ['slug_taken']],
  'fileHandlers.api': [[files, trashedFileSamples()]],
  'accountHandlers.api': [[{ invitations: { enabled: false, data: [] } }]],
};

/** Values tried for each route parameter. */
const params: Record<string, string[]> = {
  id: [
    articles[0]!.id,
    articles[1]!.id,
    articleWithoutUrls.id,
    ...trashedSamples().map((t) => t.article.id),
    'u1',
    's1',
    'i1',
    files[1]!.id,
    trashedFileSamples()[0]!.id,
    'missing',
    ...scheduledSamples().map((a) => a.id),
    'wh_ok',
    'wh_disabled',
  ],
  slug: [articles[0]!.slug!, 'a-free-slug'],
  rev: ['1'],
  deliveryId: ['msg_2KXQ0023OK.wh_ok', 'missing'],
  v: ['1'],
};

const json = (body: unknown) => () => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const form = (file?: File) => () => {
  const data = new FormData();
  if (file) data.append('file', file);
  else data.append('note', 'no file here');
  return { body: data };
};

/** Bodies sent to each route, by `METHOD /path` as the handler declares it. */
const bodies: Record<string, (() => RequestInit)[]> = {
  'POST /api/articles/scrape': [
    json({ url: 'https://news.example.com/world/fresh' }),
    json({ url: articles[0]!.scrapedUrl }),
  ],
  'POST /api/articles/:id/rescrape': [json({}), json({ replaceBlogData: true })],
  'POST /api/articles': [json({ slug: 'fresh' })],
  'POST /api/articles/bulk': [
    json({ action: 'publish', ids: [articles[1]!.id, 'art_unknown'] }),
    json({ action: 'delete', ids: Array.from({ length: 501 }, (_, i) => `art_${i}`) }),
    json({ action: 'schedule', ids: [articles[0]!.id], publishAt: '2020-01-01T09:00:00Z' }),
    json({ action: 'schedule', ids: [articles[0]!.id] }),
  ],
  'POST /api/articles/:id/restore': [() => ({}), json({}), json({ slug: 'a-free-slug' }), json({ slug: articles[0]!.slug })],
  'PATCH /api/articles/:id': [
    json({ slug: 'changed' }),
    json({ blogData: '<p>Changed</p>' }),
    json({ publishAt: '2020-01-01T09:00:00+01:00' }),
    json({ publishAt: new Date(Date.now() + 86_400_000).toISOString(), timeZone: 'Europe/Paris' }),
    json({ unpublishAt: new Date(Date.now() + 86_400_000).toISOString() }),
  ],
  'PUT /api/articles/:id/presence': [json({ tab: 'tab-probe-01', editing: true }), json({ tab: 'tab-probe-01', editing: false })],
  'POST /api/articles/:id/presence/takeover': [json({ tab: 'tab-probe-01' })],
  'PATCH /api/articles/:id/revisions/:rev': [json({ name: 'x'.repeat(101) }), json({}), json({ pinned: true })],
  'POST /api/articles/:id/revisions/:rev/restore': [() => ({}), () => ({ headers: { 'if-match': '2020-01-01T00:00:00.000Z' } })],
  'POST /api/auth/login': [json({ email: 'admin@example.com', password: 'wrong' })],
  'POST /api/auth/password': [json({ currentPassword: 'wrong', newPassword: 'a long enough password' })],
  'POST /api/auth/signup': [json({ token: 'used', email: 'new@example.com', password: 'a long enough password' })],
  'POST /api/users': [json({ email: 'admin@example.com' }), json({ email: 'new@example.com', role: 'author' })],
  'PATCH /api/users/:id': [json({ role: 'editor' }), json({ role: 'admin' })],
  'PUT /api/invitations/settings': [json({ enabled: false })],
  'POST /api/webhooks': [
    json({ url: 'https://hooks.example.com/new', events: ['article.published'] }),
    json({ url: 'http://10.0.0.8/hook', events: ['article.published'] }),
    json({ url: 'https://nowhere.invalid/hook', events: ['article.published'] }),
    json({ url: 'ftp://hooks.example.com/', events: ['article.published'] }),
    json({ url: 'https://hooks.example.com/new', events: [] }),
  ],
  'PATCH /api/webhooks/:id': [json({ enabled: true }), json({ url: 'http://localhost:8080/' }), json({})],
  'POST /api/files': [
    form(),
    form(new File(['hello'], 'notes.txt', { type: 'text/plain' })),
    form(new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'huge.png', { type: 'image/png' })),
    form(new File(['png'], 'small.png', { type: 'image/png' })),
  ],
  'PUT /api/files/:id/content': [
    form(),
    form(new File(['hello'], 'notes.txt', { type: 'text/plain' })),
    form(new File(['png'], 'small.png', { type: 'image/png' })),
  ],
  'POST /api/files/bulk': [
    json({ action: 'purge', ids: [files[1]!.id, trashedFileSamples()[0]!.id, 'missing'] }),
    json({ action: 'delete', ids: Array.from({ length: 501 }, (_, i) => `file_${i}`) }),
    json({ action: 'empty', ids: [files[1]!.id] }),
  ],
};

interface Probe {
  variant: string;
  handlers: () => RequestHandler[];
  method: string;
  url: string;
  init: () => RequestInit;
}

/** Requests for every handler of every variant: each route parameter and body tried. */
function probes(): Probe[] {
  const found: Probe[] = [];
  for (const [setName, set] of Object.entries(sets)) {
    for (const [name, factory] of Object.entries(set)) {
      const variant = `${setName}.${name}`;
      for (const args of onlyArguments[variant] ?? [[], ...(moreArguments[variant] ?? [])]) {
        const handlers = () => (factory as (...a: unknown[]) => RequestHandler[])(...args);
        for (const handler of handlers() as HttpHandler[]) {
          const { method, path } = handler.info;
          if (typeof path !== 'string') throw new Error(`${variant}: a handler this test cannot drive`);
          const route = path.replace(/^\*/, '');
          const verb = typeof method === 'string' ? method : 'GET'; // http.all matches any method
          const names = [...route.matchAll(/:(\w+)/g)].map((m) => m[1]!);
          const fills = names.length === 0 ? [{}] : (params[names[0]!] ?? ['x']).map((value) => ({ [names[0]!]: value }));
          for (const fill of fills) {
            // The first parameter takes each of its values; the others their first (a revision's number).
            const value = (key: string) => (fill as Record<string, string>)[key] ?? params[key]?.[0] ?? 'x';
            const url = `http://localhost${route.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(value(key))).replace(/\*$/, 'x')}`;
            for (const init of bodies[`${verb} ${route}`] ?? [() => ({})]) {
              found.push({ variant, handlers, method: verb, url, init });
            }
          }
        }
      }
    }
  }
  return found;
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

/** What passes a request on (a slow variant, a scrape of another address) meets no handler: it answers this. */
const passedOn = http.all('*', () => new HttpResponse(null, { status: 204 }));

const all = probes();
/** At most this many requests to a test: a variant with more is swept in parts, each a test. */
const PER_TEST = 400;
const sweeps = [...new Set(all.map((probe) => probe.variant))].flatMap((variant) => {
  const mine = all.filter((probe) => probe.variant === variant);
  const parts = Math.ceil(mine.length / PER_TEST);
  return Array.from({ length: parts }, (_, i) => ({
    name: parts === 1 ? variant : `${variant} (part ${i + 1} of ${parts})`,
    probes: mine.slice(i * PER_TEST, (i + 1) * PER_TEST),
  }));
});
/** The codes the sweeps of the variants met (read by the last test). */
const seen = new Set<ApiErrorCode>();

describe('the error answers of every mock', () => {
  it('are asked of every handler, each route parameter and body tried', () => {
    expect(all.length).toBeGreaterThan(100);
  });

  // A sweep per variant (a few thousand requests in all through msw/node; the largest in parts), each reported on its own.
  it.each(sweeps)('of $name carry a code of the contract list, its status and message, in the route’s shape', async ({ probes: mine }) => {
    const wrong: string[] = [];
    for (const probe of mine) {
      server.resetHandlers(...probe.handlers(), passedOn);
      let res: Response;
      try {
        res = await fetch(probe.url, { method: probe.method, ...probe.init() });
      } catch {
        continue; // a network error (the API unreachable): no answer to check
      }
      if (res.status < 400) {
        // An answer that is a stream (an article page's presence) stays open: let it go.
        await res.body?.cancel().catch(() => {});
        continue;
      }
      const where = `${probe.variant}: ${probe.method} ${probe.url} → ${res.status}`;
      // A HEAD answer has no body (a resumable upload's offset asked for): its status is all.
      if (probe.method === 'HEAD') continue;
      const body = (await res.json().catch(() => undefined)) as
        | { code?: string; message?: string; articleId?: string; suggestion?: string }
        | undefined;
      if (!body || typeof body.code !== 'string' || typeof body.message !== 'string') {
        wrong.push(`${where}: not an error body of the API: ${JSON.stringify(body)}`);
        continue;
      }
      const { code, message } = body;
      if (!isApiErrorCode(code)) {
        wrong.push(`${where}: code ${code} is not in the list`);
        continue;
      }
      seen.add(code);
      const listed: ApiErrorSpec = apiErrors[code];
      if (res.status !== listed.status) wrong.push(`${where}: ${code} is sent with ${listed.status}`);
      const messageOk =
        listed.message === null || (typeof listed.message === 'string' ? message === listed.message : listed.message.includes(message));
      if (!messageOk) wrong.push(`${where}: "${message}" is not the message of ${code}`);
      const extra = {
        ...(body.articleId === undefined ? {} : { articleId: body.articleId }),
        ...(body.suggestion === undefined ? {} : { suggestion: body.suggestion }),
      };
      if (code === 'restore_slug_taken' && !body.suggestion) wrong.push(`${where}: ${code} without a suggestion`);
      // The file routes and the resumable uploads add `success: false`.
      const shape = /^\/api\/(files|uploads)(\/|$)/.test(new URL(probe.url).pathname) ? 'file' : 'api';
      const expected = errorBodyOf({ code, message, extra }, shape);
      if (JSON.stringify(body) !== JSON.stringify(expected)) {
        wrong.push(`${where}: body ${JSON.stringify(body)} is not the server's ${JSON.stringify(expected)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('met the refusals the stories show: the sweeps above are not blind', () => {
    expect(seen.size, 'run with the sweeps above').toBeGreaterThan(0);
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        'already_scraped',
        'article_published',
        'cannot_remove_self',
        'current_password_wrong',
        'database_unavailable',
        'email_taken',
        'endpoint_disabled',
        'fetch_failed',
        'file_too_large',
        'file_type_not_allowed',
        'internal',
        'invalid_credentials',
        'invitation_invalid',
        'invitations_disabled',
        'last_admin',
        'missing_file',
        'no_scraped_url',
        'not_found',
        'not_in_trash',
        'restore_slug_taken',
        'schedule_failed',
        'schedule_needs_publish',
        'schedule_not_failed',
        'schedule_published',
        'too_many_attempts',
        'unauthorized',
        'url_not_allowed',
      ]),
    );
  });

  it('the check itself fails on a drifted code, message or shape', () => {
    expect(isApiErrorCode('published')).toBe(false);
    expect(isApiErrorCode('rate_limited')).toBe(false);
    expect(apiErrors.too_many_attempts.message).not.toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(errorBodyOf({ code: 'not_found', message: 'File not found' }, 'file')).toEqual({
      success: false,
      message: 'File not found',
      code: 'not_found',
    });
  });
});

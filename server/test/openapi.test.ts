/**
 * The OpenAPI document (/api/docs/openapi.json) and its page (/api/docs): an OpenAPI 3.1
 * document that lists every route the app registers, and a page that loads under the console's
 * CSP, both without a session.
 */
import { execFile } from 'node:child_process';
import dc from 'node:diagnostics_channel';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openHarness, type Harness } from './helpers.ts';

interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  /** Left out of the document on purpose (`schema.hide`): the OpenID Connect redirects. */
  hidden?: boolean;
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<
    string,
    Record<string, { security?: unknown[]; tags?: string[]; summary?: string; operationId?: string; requestBody?: unknown }>
  >;
  components?: { securitySchemes?: Record<string, Record<string, string>> };
  security?: Record<string, string[]>[];
}

const DOCS_PREFIX = '/api/docs';
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

interface RedoclyProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
}

/** The problems `redocly lint --extends recommended` reports on `doc`, errors and warnings alike. */
async function redoclyProblems(doc: object): Promise<RedoclyProblem[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'openapi-lint-'));
  try {
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(doc));
    const run = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', '--extends', 'recommended', '--format', 'json', file], {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((err: { stdout: string }) => ({ stdout: err.stdout }));
    const report = JSON.parse(run.stdout) as { problems: RedoclyProblem[] };
    return report.problems.map(({ ruleId, severity, message }) => ({ ruleId, severity, message }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `/api/articles/:id` → `/api/articles/{id}` (a parameter's regexp, if any, dropped); no trailing slash. */
function toOpenApiPath(url: string): string {
  const path = url.replace(/:([A-Za-z0-9_]+)(\([^/]*\))?/g, '{$1}');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

/**
 * `METHOD /path` of each route that the document should have: all but the docs' own routes and
 * the HEAD routes Fastify adds beside each GET.
 */
function expectedOperations(routes: RegisteredRoute[]): string[] {
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => toOpenApiPath(r.url)));
  const keys = routes
    .filter((r) => !(r.url === DOCS_PREFIX || r.url.startsWith(`${DOCS_PREFIX}/`)))
    .filter((r) => !r.hidden)
    .filter((r) => !(r.method === 'HEAD' && gets.has(toOpenApiPath(r.url))))
    // CORS preflights answer browsers, not API clients: not operations.
    .filter((r) => r.method !== 'OPTIONS')
    .map((r) => `${r.method} ${toOpenApiPath(r.url)}`);
  return [...new Set(keys)].sort();
}

/** `METHOD /path` of each operation in the document. */
function documentedOperations(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).filter((key) => HTTP_METHODS.includes(key)).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();
}

/** The routes the document leaves out. */
const missingFrom = (doc: OpenApiDocument, routes: RegisteredRoute[]) => {
  const documented = new Set(documentedOperations(doc));
  return expectedOperations(routes).filter((key) => !documented.has(key));
};

/**
 * Builds the harness while recording every route its app registers: Fastify announces each new
 * instance on the `fastify.initialization` diagnostics channel, before any plugin or route, and
 * an onRoute hook on the root instance sees the routes of every context.
 */
async function openRecordingHarness(): Promise<{ h: Harness; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = [];
  const onInit = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => {
      // Copied now: Fastify reuses the options object for a prefix's trailing-slash twin.
      for (const method of [route.method].flat()) {
        routes.push({ method, url: route.url, public: route.config?.public === true, hidden: route.schema?.hide === true });
      }
    });
  };
  dc.subscribe('fastify.initialization', onInit);
  try {
    const h = await openHarness(backends[0]!);
    return { h, routes };
  } finally {
    dc.unsubscribe('fastify.initialization', onInit);
  }
}

describe('OpenAPI document and reference page', () => {
  let h: Harness;
  let routes: RegisteredRoute[];
  let doc: OpenApiDocument;

  beforeAll(async () => {
    ({ h, routes } = await openRecordingHarness());
    const res = await h.app.inject({ url: `${DOCS_PREFIX}/openapi.json` });
    expect(res.statusCode).toBe(200);
    doc = res.json<OpenApiDocument>();
  }, 60_000);
  afterAll(() => h?.close());

  it('serves an OpenAPI 3.1 document without a session, with both ways to authenticate', async () => {
    const res = await h.app.inject({ url: `${DOCS_PREFIX}/openapi.json` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi.startsWith('3.1')).toBe(true);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    const schemes = doc.components?.securitySchemes ?? {};
    const bearer = Object.entries(schemes).find(([, s]) => s.type === 'http' && s.scheme === 'bearer');
    const cookie = Object.entries(schemes).find(([, s]) => s.type === 'apiKey' && s.in === 'cookie' && s.name === 'session');
    expect(bearer).toBeDefined();
    expect(cookie).toBeDefined();
    // Either one satisfies the default requirement.
    expect(doc.security).toEqual(expect.arrayContaining([{ [bearer![0]]: [] }, { [cookie![0]]: [] }]));
    // Swagger UI's own copy is the same document.
    expect((await h.app.inject({ url: `${DOCS_PREFIX}/json` })).json()).toEqual(doc);
  });

  it('documents every route the app registered, and nothing else', () => {
    // The recording works: the API's routes were seen, and the docs' own too.
    expect(routes.some((r) => r.method === 'POST' && r.url === '/api/auth/login')).toBe(true);
    expect(routes.some((r) => r.url === DOCS_PREFIX)).toBe(true);
    const expected = expectedOperations(routes);
    expect(expected.length).toBeGreaterThan(20);
    expect(missingFrom(doc, routes)).toEqual([]);
    expect(documentedOperations(doc)).toEqual(expected);
  });

  it('leaves out only the browser redirects of OpenID Connect sign-in', () => {
    const hidden = routes.filter((r) => r.hidden && r.method === 'GET' && !r.url.startsWith(DOCS_PREFIX));
    expect(hidden.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/auth/oidc/callback',
      'GET /api/auth/oidc/start',
    ]);
  });

  it('names and sums up every operation, each name once', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => HTTP_METHODS.includes(method))
        .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, ...operation })),
    );
    expect(operations.filter((o) => !o.operationId || !o.summary).map((o) => o.key)).toEqual([]);
    const ids = operations.map((o) => o.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const problems = await redoclyProblems(doc);
    expect(problems).toEqual([]);
    // The linter is read right: a document without servers and a summary is reported.
    const broken = structuredClone(doc) as OpenApiDocument & { servers?: unknown };
    delete broken.servers;
    delete broken.paths['/api/auth/login']!.post!.summary;
    expect((await redoclyProblems(broken)).map((p) => p.ruleId).sort()).toEqual(['no-empty-servers', 'operation-summary']);
  }, 60_000);

  it('the comparison notices a route left out of the document', () => {
    const expected = expectedOperations(routes);
    for (const victim of [expected[0]!, expected[expected.length - 1]!]) {
      const [method, path] = victim.split(' ') as [string, string];
      const copy = structuredClone(doc);
      delete copy.paths[path]![method.toLowerCase()];
      expect(missingFrom(copy, routes)).toEqual([victim]);
    }
    const withoutPath = structuredClone(doc);
    const [, firstPath] = expected[0]!.split(' ') as [string, string];
    delete withoutPath.paths[firstPath];
    expect(missingFrom(withoutPath, routes)).toContain(expected[0]);
    // A route the app would have and the document not.
    expect(missingFrom(doc, [...routes, { method: 'GET', url: '/api/not-documented/:id', public: false }])).toEqual([
      'GET /api/not-documented/{id}',
    ]);
  });

  it('converts Fastify paths to OpenAPI ones', () => {
    expect(toOpenApiPath('/api/articles/:id/publish')).toBe('/api/articles/{id}/publish');
    expect(toOpenApiPath('/api/things/:id(^\\d+)')).toBe('/api/things/{id}');
    expect(toOpenApiPath('/api/articles/')).toBe('/api/articles');
  });

  it('tags each operation, keeps the zod schemas, and marks public routes as needing no session', () => {
    const byKey = new Map(routes.map((r) => [`${r.method} ${toOpenApiPath(r.url)}`, r]));
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!HTTP_METHODS.includes(method)) continue;
        const route = byKey.get(`${method.toUpperCase()} ${path}`)!;
        // A tag from the URL unless the route names its own: /api/articles/... → articles.
        expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
        if (route.public) expect(operation.security, `${method} ${path}`).toEqual([]);
        else expect(operation.security, `${method} ${path}`).not.toEqual([]);
      }
    }
    expect(doc.paths['/api/articles/{id}']!.get!.tags).toEqual(['articles']);
    const login = doc.paths['/api/auth/login']!.post!;
    expect(login.summary).toBeTruthy();
    expect(login.requestBody).toMatchObject({
      content: { 'application/json': { schema: { type: 'object', required: ['email', 'password'] } } },
    });
  });

  it('serves the reference page as HTML without a session, under the strict CSP, with its assets', async () => {
    for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/`]) {
      const res = await h.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
      // No inline script: every <script> loads a file.
      const scripts = [...res.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const attrs of scripts) expect(attrs).toMatch(/\bsrc="/);
      if (url === DOCS_PREFIX) {
        // Scripts and styles come from this server (no CDN): each one answers.
        const assets = [...res.body.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
        expect(assets.length).toBeGreaterThanOrEqual(4);
        for (const asset of assets) {
          expect(asset.startsWith(`${DOCS_PREFIX}/`), asset).toBe(true);
          const file = await h.app.inject({ url: asset });
          expect(file.statusCode, asset).toBe(200);
          expect(file.headers['content-type'], asset).toMatch(/javascript|css/);
        }
      }
    }
    // The docs' public marking stays in the docs: the API still wants a session.
    expect((await h.app.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
  });
});

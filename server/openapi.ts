/**
 * The API's OpenAPI 3.1 document, generated from the routes' zod schemas, and a page to browse
 * it: `GET /api/docs/openapi.json` and `GET /api/docs` (Swagger UI), both without a session.
 *
 * Route files stay as they are: tags come from the URL (`/api/articles/...` → `articles`), the
 * summaries from the table below (a route's own `schema.summary`/`tags` win), and the security
 * requirement from the route's `config.public`.
 */
import { readFileSync } from 'node:fs';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyPluginAsync, FastifySchema } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { OPERATIONS } from '../src/contract/index.ts';

/** Where the docs live, under the API's prefix. */
export const DOCS_PATH = '/docs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

const DESCRIPTION = [
  'The JSON API behind the scraped-articles console.',
  '',
  'Every route needs a session unless it says otherwise: send `Authorization: Bearer <accessToken>` ' +
    '(the `accessToken` of `POST /api/auth/login`), or the `session` cookie that sign-in sets. ' +
    'Writes with the cookie alone are refused (403 `cross_site`) when they come from another site.',
  '',
  'Errors are `{ "message": string, "code": string }` with a fitting status; file calls add `success: false`.',
  '',
  "'Login with Google' is a browser flow of redirects (`GET /api/auth/oidc/start`, then the provider, then " +
    '`GET /api/auth/oidc/callback`), not an operation a client calls: it is not in this document.',
].join('\n');


/**
 * The 4xx answers of an operation beyond those every operation of its kind can give (400 for a
 * request its schemas refuse, 401 and 403 without a session or from another site, 404 for an
 * unknown `:id`): the refusals of its own, by `METHOD /path`.
 */
const OWN_4XX: Record<string, number[]> = {
  'POST /api/auth/login': [429],
  'POST /api/auth/signup': [409, 410],
  'POST /api/auth/password': [429],
  'POST /api/articles': [409],
  'PATCH /api/articles/:id': [409],
  'POST /api/articles/scrape': [409, 422],
  'POST /api/articles/:id/rescrape': [409, 422],
  'POST /api/site-rules/try': [422],
  'POST /api/articles/:id/restore': [409],
  'DELETE /api/articles/:id/forever': [409],
  'POST /api/articles/:id/revisions/:rev/restore': [409],
  'POST /api/files': [413, 415, 422],
  'PUT /api/files/:id/content': [409, 413, 415, 422],
  'DELETE /api/files/:id/forever': [409],
  'DELETE /api/files/:id': [409],
  'GET /api/files/:id/content': [422],
  'POST /api/files/:id/versions/:v/restore': [409, 422],
  'PATCH /api/files/:id': [422],
  'POST /api/files/bulk': [422],
  'POST /api/folders': [409, 422],
  'PATCH /api/folders/:id': [409, 422],
  'DELETE /api/folders/:id': [409, 422],
  'PUT /api/articles/:id/presence': [409],
  'POST /api/articles/:id/presence/takeover': [409],
  'POST /api/users': [409],
  'PATCH /api/users/:id': [409],
  'DELETE /api/users/:id': [409],
  'POST /api/invitations': [409],
  'POST /api/articles/:id/schedule/retry': [409],
  'POST /api/webhooks/:id/deliveries/:deliveryId/redeliver': [409],
  'POST /api/webhooks/:id/test': [409],
};

const STATUS_TEXTS: Record<number, string> = {
  400: 'The request is not valid (its message says which field and why)',
  401: 'No valid session',
  403: 'Refused: from another site, the password must be changed first, or the account\'s role may not do this (`forbidden_role`)',
  404: 'Not found',
  409: 'Refused: it conflicts with the current state (its code and message say how)',
  410: 'Gone: the invitation was used, revoked or has expired',
  413: 'Too large',
  415: 'Not a type this takes',
  422: 'Could not be processed (its message says why)',
  429: 'Too many attempts (Retry-After says when to try again)',
};

const TAGS = [
  { name: 'auth', description: 'Sign-in, sessions, password' },
  { name: 'articles', description: 'Scraped articles: list, edit, publish' },
  { name: 'files', description: 'The file library: upload, list, serve' },
  { name: 'folders', description: 'Folders of the file library: nested, each file in one or in none' },
  { name: 'users', description: 'Admin accounts' },
  { name: 'invitations', description: 'Sign-up by invitation' },
  { name: 'health', description: 'Health check' },
  { name: 'activity', description: 'Activity feed' },
  { name: 'webhooks', description: 'Endpoints told of changes (Standard Webhooks), their delivery log' },
  { name: 'site-rules', description: 'Rules per site: what to drop from its pages, what to keep as the article, where its title is' },
];

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * The type provider's transform (zod → JSON Schema), plus what the route files do not say:
 * a tag from the URL, a summary, and no security requirement on public routes.
 */
const createDocsTransform = (apiPrefix: string): SwaggerTransform => (input) => {
  const result = zodTransform(input);
  const schema: FastifySchema = { ...result.schema };
  if (schema.hide) return result;
  const { route } = input;
  // A plugin's root route (`POST /api/articles`) answers with and without the trailing slash;
  // Fastify leaves the route's options with the second spelling. Document the first.
  const url = result.url.length > 1 ? result.url.replace(/\/$/, '') : result.url;
  const [method] = [route.method].flat();
  const tag = url.slice(apiPrefix.length).split('/')[1];
  if (!schema.tags && tag) schema.tags = [tag];
  const key = `${method} ${url}`;
  const operation = OPERATIONS[key];
  if (operation) {
    schema.operationId ??= operation.operationId;
    schema.summary ??= operation.summary;
  }
  // The 4xx answers one by one, beside the 4XX range (a client generator types each).
  const responses = schema.response as Record<string, unknown> | undefined;
  const error = responses?.['4xx'];
  if (responses && error) {
    const isPublic = Boolean(route.config?.public);
    const input = ['body', 'querystring', 'params', 'headers'].some((part) => (route.schema as Record<string, unknown> | undefined)?.[part]);
    const statuses = new Set(OWN_4XX[key] ?? []);
    if (input) statuses.add(400);
    if (!isPublic) statuses.add(401).add(403);
    if (url.includes(':')) statuses.add(404);
    for (const status of [...statuses].sort()) {
      responses[String(status)] ??= { ...(error as object), description: STATUS_TEXTS[status] ?? 'Refused' };
    }
  }
  if (route.config?.public && !schema.security) schema.security = [];
  return { schema, url };
};

type OpenApiObject = ReturnType<typeof jsonSchemaTransformObject>;
interface RequestBody {
  required?: boolean;
  content?: Record<string, { schema?: { type?: string; anyOf?: { type?: string }[] } }>;
}

/**
 * A body whose every field is optional is declared `.nullish()` (no body reaches a handler as
 * null); @fastify/swagger marks every body required. Such a body becomes optional, its schema
 * the object alone, so a generated client may call the operation without one.
 */
function optionalBodies(document: OpenApiObject): OpenApiObject {
  for (const item of Object.values((document as { paths?: Record<string, Record<string, unknown>> }).paths ?? {})) {
    for (const operation of Object.values(item)) {
      const body = (operation as { requestBody?: RequestBody } | undefined)?.requestBody;
      for (const media of Object.values(body?.content ?? {})) {
        const branches = media.schema?.anyOf;
        if (!branches?.some((branch) => branch.type === 'null')) continue;
        const rest = branches.filter((branch) => branch.type !== 'null');
        if (rest.length !== 1) continue;
        media.schema = rest[0];
        body!.required = false;
      }
    }
  }
  return document;
}

/**
 * Registers @fastify/swagger on `app` itself (it is a fastify-plugin): its onRoute hook then
 * sees every route registered after this call, in `app` and its children. Call it first.
 */
export async function registerOpenApi(app: FastifyInstance, options: { sessionCookie: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Scraped articles admin API',
        version,
        description: DESCRIPTION,
        // Not published under a licence: the console's own API (an SPDX reference of our own).
        license: { name: 'All rights reserved', identifier: 'LicenseRef-AllRightsReserved' },
      },
      // Paths carry their /api prefix: the server is the console's own origin.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'The `accessToken` of `POST /api/auth/login` (or of sign-up).',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: options.sessionCookie,
            description: "The console's session cookie, set at sign-in (httpOnly).",
          },
        },
      },
      // Either one: a bearer token or the session cookie.
      security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    },
    transform: createDocsTransform(app.prefix),
    transformObject: (input) => optionalBodies(jsonSchemaTransformObject(input)),
  });
}

/**
 * The document and Swagger UI under `DOCS_PATH`, reachable without a session. Swagger UI serves
 * its own scripts and styles from here (no CDN) and has no inline script, so the console's CSP
 * (`script-src 'self'`) applies to it unchanged. Register after `registerOpenApi`.
 */
export const docsRoutes: FastifyPluginAsync = async (app) => {
  // Every route of this context (ours, Swagger UI's and its static files') is public.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: true };
  });

  app.get(`${DOCS_PATH}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());

  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    // The page's links to its assets when asked without a trailing slash: `/api/docs/static/...`.
    indexPrefix: app.prefix,
    theme: { title: 'Scraped articles admin API' },
    uiConfig: { deepLinking: true, displayRequestDuration: true },
    // No call to validator.swagger.io.
    validatorUrl: false,
  });
};

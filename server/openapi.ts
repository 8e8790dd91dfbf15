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
].join('\n');

/** Summaries by `METHOD /path` as the routes are declared (`:id`); unknown routes go without one. */
const SUMMARIES: Record<string, string> = {
  'POST /api/auth/login': 'Sign in with email and password',
  'GET /api/auth/options': 'Sign-in options (invitations, OpenID Connect)',
  'POST /api/auth/signup': 'Create an account from an invitation',
  'GET /api/auth/oidc/start': 'Start an OpenID Connect sign-in (redirect)',
  'GET /api/auth/oidc/callback': "OpenID Connect provider's callback (redirect)",
  'POST /api/auth/logout': 'Sign out (ends this session)',
  'POST /api/auth/password': 'Change the password',
  'GET /api/auth/sessions': "List the user's sessions",
  'DELETE /api/auth/sessions/:id': 'End a session',
  'GET /api/auth/me': 'The signed-in user',
  'GET /api/articles/admin/articles': 'List articles (cards, filtered, paged)',
  'GET /api/articles/admin/stats': 'Article counts',
  'GET /api/articles/slug/check/:slug': 'Check that a slug is free (or suggest one)',
  'GET /api/articles/:id': 'Get an article',
  'POST /api/articles': 'Create a draft article',
  'POST /api/articles/scrape': 'Scrape a page into a new draft',
  'POST /api/articles/:id/rescrape': "Scrape an article's page again",
  'PATCH /api/articles/:id': "Edit an article's blog HTML or slug",
  'PATCH /api/articles/:id/publish': 'Publish an article',
  'PATCH /api/articles/:id/draft': 'Turn an article back into a draft',
  'DELETE /api/articles/:id': 'Delete an article',
  'GET /api/files': 'List files (filtered, paged)',
  'GET /api/files/latest': 'The latest uploads',
  'POST /api/files': 'Upload a file (multipart/form-data, part "file")',
  'DELETE /api/files/:id': 'Delete a file',
  'GET /api/files/:id/content': "A file's content",
  'GET /api/files/:id/thumbnail': "An image's thumbnail",
  'GET /api/users': 'List admin accounts',
  'POST /api/users': 'Create an admin account',
  'DELETE /api/users/:id': 'Remove an admin account',
  'GET /api/invitations': 'List invitation links',
  'PUT /api/invitations/settings': 'Turn sign-up by invitation on or off',
  'POST /api/invitations': 'Create an invitation link',
  'DELETE /api/invitations/:id': 'Revoke an invitation link',
  'GET /api/health': 'Health of the API, database and storage',
  'GET /api/activity': 'Recent activity',
};

const TAGS = [
  { name: 'auth', description: 'Sign-in, sessions, password' },
  { name: 'articles', description: 'Scraped articles: list, edit, publish' },
  { name: 'files', description: 'The file library: upload, list, serve' },
  { name: 'users', description: 'Admin accounts' },
  { name: 'invitations', description: 'Sign-up by invitation' },
  { name: 'health', description: 'Health check' },
  { name: 'activity', description: 'Activity feed' },
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
  if (!schema.summary) {
    const summary = SUMMARIES[`${method} ${url}`];
    if (summary) schema.summary = summary;
  }
  if (route.config?.public && !schema.security) schema.security = [];
  return { schema, url };
};

/**
 * Registers @fastify/swagger on `app` itself (it is a fastify-plugin): its onRoute hook then
 * sees every route registered after this call, in `app` and its children. Call it first.
 */
export async function registerOpenApi(app: FastifyInstance, options: { sessionCookie: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Scraped articles admin API', version, description: DESCRIPTION },
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
    transformObject: jsonSchemaTransformObject,
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

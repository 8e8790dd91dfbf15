/**
 * The app factory, used by server/main.ts and by every test alike: the same plugins, hooks,
 * schemas and error handling; only the options differ (where the data lives, limits, costs).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES, SOURCE_HOST_PACE_MS, SOURCE_RECHECK_HOURS } from '../src/contract/index.ts';
import {
  defaultPasswordHashing,
  ensureAdmin,
  hashPassword,
  SESSION_REVOKED_CHANNEL,
  SessionCache,
  type AdminBootstrap,
  type PasswordHashing,
  type SessionUser,
} from './accounts/auth.ts';
import type { AppContext } from './context.ts';
import { inBackground, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { refreshStatistics, STATISTICS_REFRESH_MS } from './db/statistics.ts';
import { CHECKPOINT_CHECK_MS, checkpointIfDue } from './db/wal.ts';
import { runIfFree } from './db/locks.ts';
import { OidcClient, type OidcSettings } from './accounts/oidc.ts';
import { enforceRoles } from './accounts/access.ts';
import { docsRoutes, registerOpenApi } from './openapi.ts';
import { historyRoutes } from './routes/history.ts';
import { presenceRoutes } from './routes/presence.ts';
import { PresenceHub } from './presence/hub.ts';
import { NotificationHub } from './notifications/hub.ts';
import { CalendarCache, mayChangeCalendar } from './articles/calendarCache.ts';
import { sweepArticleHistory, sweepFileVersions } from './history/sweep.ts';
import { DEFAULT_RETENTION, type RetentionPolicy } from './history/retention.ts';
import { FOLD_MS } from './history/articles.ts';
import { apiError, installErrorHandling, notFound, sendError } from './errors.ts';
import { DEFAULT_MAX_IMAGE_PIXELS } from './files/limits.ts';
import type { ObjectStore } from './files/objects.ts';
import { FileStorage } from './files/storage.ts';
import { articleRoutes } from './routes/articles.ts';
import { sweepTrash } from './articles/operations/index.ts';
import { ResumableUploads, sweepFileTrash } from './files/operations.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { publicRoutes } from './routes/public.ts';
import { ViewCounter } from './articles/views.ts';
import { authRoutes, SESSION_COOKIE } from './routes/auth.ts';
import { fileRoutes } from './routes/files.ts';
import { folderRoutes } from './routes/folders.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { systemRoutes } from './routes/system.ts';
import { invitationRoutes, memberRoutes, userRoutes } from './routes/users.ts';
import { commentRoutes } from './routes/comments.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import type { SafeFetchOptions } from './shared/safe-fetch.ts';
import { WorkerPool, type WorkerPoolOptions } from './workers/pool.ts';
import { afterContentChange, ChecksQueue } from './articles/runChecks.ts';
import { signUnsigned } from './articles/duplicates.ts';
import { startScheduler } from './schedule/scheduler.ts';
import { startPoller } from './sources/poller.ts';
import { PoliteFetcher } from './sources/polite.ts';
import { sourceChangeRoutes, sourceRoutes } from './routes/sources.ts';
import { siteRuleRoutes } from './routes/siteRules.ts';
import { sweepDeliveryLog } from './webhooks/log.ts';
import { webhookAllowList } from './webhooks/urls.ts';
import { startDeliveryWorker } from './webhooks/worker.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, health). */
    public?: boolean;
    /** Open to a session whose one-time password is still to be changed (me, password, logout). */
    beforePasswordChange?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
  }
  interface FastifyInstance {
    /** Writes the views counted so far now (they are written every few seconds anyway). */
    flushViews(): Promise<void>;
    /** Resolves once the checks this process queued by itself have run (tests). */
    checksIdle(): Promise<void>;
    /** Resolves once the articles kept before signatures were are signed (tests). */
    signaturesBackfilled(): Promise<void>;
  }
}

export interface AppOptions {
  db: Database;
  /** Stored files (files/, thumbs/, tmp/) live here; health reports this disk. */
  dataDir: string;
  /** Where the library's bytes go instead of DATA_DIR (an S3 bucket); uploads still pass through DATA_DIR/tmp. */
  objects?: ObjectStore;
  /** Downloads redirect to a presigned URL of the object store, when it gives one. */
  presignedDownloads?: boolean;
  maxUploadBytes?: number;
  maxImagePixels?: number;
  /** JSON body limit (blog HTML can be large). */
  bodyLimit?: number;
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyBaseLogger;
  trustProxy?: FastifyServerOptions['trustProxy'];
  passwordHashing?: PasswordHashing;
  admin?: AdminBootstrap;
  /** Called once when the first admin is created (main prints a generated password). */
  onAdminCreated?: (admin: { email: string; generatedPassword?: string }) => void;
  scrape?: SafeFetchOptions;
  /** Bring a scraped article's images into the library (default true). */
  importImages?: boolean;
  /** The worker pool's limits (threads, memory per worker). */
  workers?: WorkerPoolOptions;
  /** The built console (dist/): served with a fallback to index.html for client routes. */
  staticDir?: string;
  /** Age after which upload leftovers and orphan files are swept at start. */
  sweepGraceMs?: number;
  /** How long a checked session is trusted without asking the database again (see SessionCache). */
  sessionCacheMs?: number;
  /** How often open article pages are renewed and their lists re-sent (PRESENCE_RENEW_MS; tests go faster). */
  presenceRenewMs?: number;
  /** Sign-in through an OpenID Connect provider ('Login with Google'). */
  oidc?: OidcSettings;
  /** Origins the public read API sends CORS headers to (`*`: any); none by default. */
  publicCorsOrigins?: readonly string[];
  /** How often counted views are written (default VIEW_FLUSH_MS). */
  viewFlushMs?: number;
  /** Which article revisions and file versions are kept (default DEFAULT_RETENTION). */
  retention?: RetentionPolicy;
  /** One admin's consecutive edits within this long are one revision (default FOLD_MS; 0: never). */
  historyFoldMs?: number;
  /** An approved article whose content changes goes back to review (default true). */
  reviewAgainAfterEdit?: boolean;
  /**
   * false only for a benchmark's floor (bench/history): an article's writes then record no
   * revision, as before history existed (the benchmark drops the database's version trigger and
   * its check at commit). No entry of the product sets it.
   */
  recordHistory?: boolean;
  /** Private ranges webhook endpoints may be at anyway (WEBHOOK_ALLOW_CIDRS). */
  webhookAllowCidrs?: readonly string[];
  /** Two requests of the sources to one host are at least this far apart (SOURCE_HOST_PACE_MS). */
  sourcePaceMs?: number;
  /** The pages of a watching source's articles are fetched again this often (SOURCE_RECHECK_HOURS). */
  sourceRecheckHours?: number;
  /**
   * The background work of this process: the scheduler and the webhook delivery worker (both
   * on by default; a test that drives them with its own clock turns them off).
   */
  background?: {
    scheduler?: false | { pollMs?: number };
    webhooks?: false | { pollMs?: number; concurrency?: number };
    /** The sources' poller (server/sources/poller.ts). */
    sources?: false | { pollMs?: number; batch?: number };
    /** The checks before publishing run after each change of an article's content (server/articles/runChecks.ts); on unless false. */
    checks?: boolean;
  };
}

export const DEFAULT_BODY_LIMIT = 4 * 1024 * 1024;
/** A revoked session whose notice a process missed works there for at most this long. */
export const SESSION_CACHE_MS = 5_000;
/** How often the trash is swept of articles past their 30 days. */
const TRASH_SWEEP_MS = 60 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1];
  }
  return request.cookies[SESSION_COOKIE];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write that a browser sent from another site: judged from `Origin` (against this server's
 * own origin), else from `Sec-Fetch-Site`. Requests with a bearer token, and clients that send
 * neither header (curl, scripts), are not browsers riding a cookie.
 */
export function isCrossSiteWrite(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method) || request.headers.authorization) return false;
  const origin = request.headers.origin;
  if (origin) return origin !== `${request.protocol}://${request.host}`;
  const site = request.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}

/** The console's page may load and run only its own code; nothing may frame it. */
const CONSOLE_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Chakra (emotion) writes its styles at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Previews show scraped articles' images and the library's.
  imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // The website preview frames the article's source and new pages (sandboxed).
  frameSrc: ["'self'", 'https:', 'http:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** The /api plugin: session check, routes, JSON 404. */
const api: FastifyPluginAsync<AppContext & { prefix?: string }> = async (app, options) => {
  // The options carry this plugin's prefix; the route plugins get the context without it.
  const ctx: AppContext = { ...options };
  delete (ctx as { prefix?: string }).prefix;
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  // A browser's cookie goes with every request to this origin, also from other sites' pages:
  // a state-changing call without a bearer token must come from the console's own origin.
  app.addHook('onRequest', async (request) => {
    if (isCrossSiteWrite(request)) throw apiError('cross_site');
  });

  app.addHook('onRequest', async (request) => {
    // Unknown paths get the JSON 404 from the not-found handler, session or not.
    if (request.routeOptions.config?.public || !request.routeOptions.url) return;
    const token = sessionToken(request);
    const user = token && TOKEN_PATTERN.test(token) ? await ctx.sessions.lookup(ctx.db, token) : undefined;
    if (!user || !token) {
      throw apiError('unauthorized', { headers: { 'www-authenticate': 'Bearer' } });
    }
    request.user = user;
    request.sessionToken = token;
    if (user.mustChangePassword && !request.routeOptions.config?.beforePasswordChange) {
      throw apiError('password_change_required');
    }
  });
  // Then what the account's role may do (one table: src/contract/roles.ts).
  enforceRoles(app, ctx.db);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, notFound()));

  // The OpenAPI document: registered before the routes, so that it sees every one of them.
  await registerOpenApi(app, { sessionCookie: SESSION_COOKIE });
  await app.register(authRoutes, { ...ctx, prefix: '/auth' });
  await app.register(articleRoutes, { ...ctx, prefix: '/articles' });
  await app.register(historyRoutes, { ...ctx, prefix: '/articles' });
  await app.register(presenceRoutes, { ...ctx, prefix: '/articles' });
  await app.register(publicRoutes, { ...ctx, prefix: '/public' });
  await app.register(analyticsRoutes, { ...ctx, prefix: '/analytics' });
  await app.register(fileRoutes, { ...ctx, prefix: '/files' });
  await app.register(folderRoutes, { ...ctx, prefix: '/folders' });
  await app.register(uploadRoutes, { ...ctx, prefix: '/uploads' });
  await app.register(userRoutes, { ...ctx, prefix: '/users' });
  await app.register(invitationRoutes, { ...ctx, prefix: '/invitations' });
  await app.register(memberRoutes, { ...ctx, prefix: '/members' });
  await app.register(commentRoutes, { ...ctx, prefix: '/comments' });
  await app.register(notificationRoutes, { ...ctx, prefix: '/notifications' });
  await app.register(calendarRoutes, { ...ctx, prefix: '/calendar' });
  await app.register(webhookRoutes, { ...ctx, prefix: '/webhooks' });
  await app.register(sourceRoutes, { ...ctx, prefix: '/sources' });
  await app.register(sourceChangeRoutes, { ...ctx, prefix: '/articles' });
  await app.register(siteRuleRoutes, { ...ctx, prefix: '/site-rules' });
  await app.register(systemRoutes, ctx);
  // GET /api/docs (Swagger UI) and /api/docs/openapi.json, public.
  await app.register(docsRoutes);
};

/**
 * One log line per request, when it completes (method, URL, client, status, time), instead of
 * Fastify's two (one on arrival, one on completion): half the logging cost on every request.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const passwordHashing = options.passwordHashing ?? defaultPasswordHashing;
  const maxUploadBytes = options.maxUploadBytes ?? MAX_UPLOAD_BYTES;
  const retention: RetentionPolicy = options.retention ?? DEFAULT_RETENTION;
  const startedAt = new Date();

  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    logController: new OneLinePerRequest(),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // Fastify's default (100) is under the longest valid slug (200, GET /articles/slug/check/:slug);
    // longer parameters reach the routes, whose schemas refuse them in the API's error shape.
    routerOptions: { maxParamLength: 1024 },
    // A slow or stuck client cannot hold a connection for ever.
    requestTimeout: 120_000,
    keepAliveTimeout: 10_000,
    trustProxy: options.trustProxy ?? false,
  });
  app.server.headersTimeout = 30_000;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  // The console sends `Content-Type: application/json` on bodiless PATCH/DELETE calls.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return defaultJsonParser(request, body as string, done);
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('referrer-policy', 'same-origin');
  });

  // Start-up work, before the first request: schema, storage, first admin.
  const applied = await migrate(options.db);
  if (applied.length) app.log.info({ versions: applied }, 'database migrations applied');
  const storage = new FileStorage(options.dataDir, options.objects);
  await storage.init();
  // The sweeps and the statistics are shared work: when several processes share the database,
  // the one holding the job's advisory lock does it and the others skip (server/db/locks.ts).
  const graceMs = options.sweepGraceMs ?? 60 * 60 * 1000;
  // Upload leftovers are this host's own (DATA_DIR/tmp); orphan objects are shared.
  const tmpSwept = await storage.sweepTmp(graceMs);
  const swept = await runIfFree(options.db, 'storageSweep', () => storage.sweepOrphans(options.db, graceMs));
  const orphans = swept.ran ? swept.value : 0;
  if (tmpSwept || orphans) app.log.info({ tmp: tmpSwept, orphans }, 'removed upload leftovers and orphan files');
  // The trash empties itself: articles and files deleted more than TRASH_RETENTION_DAYS ago go for good,
  // at start and then hourly.
  const emptyTrash = async () => {
    const purged = await runIfFree(options.db, 'trashSweep', () => sweepTrash({ db: options.db }));
    if (purged.ran && purged.value) app.log.info({ purged: purged.value }, 'deleted articles of the trash for good');
    // Files too: the rows first, then their bytes through the storage.
    const files = await runIfFree(options.db, 'trashSweep', () =>
      sweepFileTrash({ db: options.db, storage }, new Date(), (err, id) => app.log.warn({ err, id }, 'could not remove stored file')),
    );
    if (files.ran && files.value) app.log.info({ purged: files.value }, 'deleted files of the trash for good');
    // Past versions the retention policy no longer keeps, under the same lock.
    const revisions = await runIfFree(options.db, 'trashSweep', () => sweepArticleHistory(options.db, retention));
    if (revisions.ran && revisions.value) app.log.info({ removed: revisions.value }, 'removed article revisions past their retention');
    const versions = await runIfFree(options.db, 'trashSweep', () =>
      sweepFileVersions({ db: options.db, storage }, retention, new Date(), (err, id) =>
        app.log.warn({ err, id }, 'could not remove a file version'),
      ),
    );
    if (versions.ran && versions.value) app.log.info({ removed: versions.value }, 'removed file versions past their retention');
    const deliveries = await runIfFree(options.db, 'trashSweep', () => sweepDeliveryLog(options.db));
    if (deliveries.ran && deliveries.value) app.log.info({ removed: deliveries.value }, 'removed webhook deliveries past the log\'s retention');
  };
  await emptyTrash();
  const trashTimer = setInterval(() => {
    emptyTrash().catch((err: unknown) => app.log.warn({ err }, 'the trash was not swept'));
  }, TRASH_SWEEP_MS);
  trashTimer.unref();
  app.addHook('onClose', async () => clearInterval(trashTimer));

  // The embedded database has no autovacuum: its planner statistics (which search counts and
  // plans rely on) are refreshed when due, as autovacuum would (asked at start and every ten
  // minutes). PostgreSQL keeps its own.
  if (options.db.kind === 'pglite') {
    const refresh = async () => {
      const refreshed = await runIfFree(options.db, 'statistics', () => refreshStatistics(options.db));
      if (refreshed.ran && refreshed.value) app.log.info('refreshed the planner statistics of the articles');
    };
    await refresh();
    const timer = setInterval(() => {
      refresh().catch((err: unknown) => app.log.warn({ err }, 'planner statistics not refreshed'));
    }, STATISTICS_REFRESH_MS);
    timer.unref();
    // Nor a checkpointer: its WAL is checkpointed once it has grown (server/db/wal.ts).
    const walTimer = setInterval(() => {
      runIfFree(options.db, 'checkpoint', () => checkpointIfDue(options.db)).catch((err: unknown) =>
        app.log.warn({ err }, 'the embedded database was not checkpointed'),
      );
    }, CHECKPOINT_CHECK_MS);
    walTimer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      clearInterval(walTimer);
    });
  }
  const admin = await ensureAdmin(options.db, options.admin ?? {}, passwordHashing);
  if (admin) {
    app.log.info({ email: admin.email }, 'first admin created');
    options.onAdminCreated?.(admin);
  }

  // Sessions checked in the last few seconds; a logout anywhere on the database evicts its own.
  const sessions = new SessionCache(options.sessionCacheMs ?? SESSION_CACHE_MS);
  const stopListening = await options.db.listen(
    SESSION_REVOKED_CHANNEL,
    (tokenHash) => sessions.forget(tokenHash),
    () => sessions.clear(),
  );
  app.addHook('onClose', async () => {
    await stopListening();
    sessions.clear();
  });

  const presence = new PresenceHub(options.db, (err) => app.log.warn({ err }, 'presence not sent'), options.presenceRenewMs);
  await presence.start();
  app.addHook('preClose', () => presence.close());
  const notifications = new NotificationHub(options.db, (err) => app.log.warn({ err }, 'notification count not sent'));
  await notifications.start();
  app.addHook('preClose', () => notifications.close());
  const calendar = new CalendarCache(options.db);
  await calendar.start();
  app.addHook('preClose', () => calendar.close());
  // A write answered here is seen by the next read its console sends (server/articles/calendarCache.ts).
  app.addHook('onSend', async (request, _reply, payload) => {
    if (mayChangeCalendar(request.method, request.url)) calendar.forget();
    return payload;
  });

  const views = new ViewCounter(
    options.db,
    (err) => app.log.warn({ err }, 'views not written yet (kept for the next write)'),
    options.viewFlushMs,
  );
  app.addHook('onClose', () => views.close());
  app.decorate('flushViews', () => views.flush());

  const workers = new WorkerPool({
    ...options.workers,
    onError: (error) => app.log.error({ err: error }, 'worker failed'),
  });
  const scrape = options.scrape ?? {};
  // The checks run after a change, the poller polls: no request waits on either (inBackground).
  const checks = new ChecksQueue((id) => afterContentChange({ db: inBackground(options.db), workers, scrape }, id, app.log), app.log, options.background?.checks !== false);
  app.decorate('checksIdle', () => checks.idle());
  // Resumable uploads keep their bytes on this host until they are finished (a day at most).
  const uploads = new ResumableUploads(
    { db: options.db, storage, maxImagePixels: options.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS, workers },
    path.join(options.dataDir, 'uploads'),
    maxUploadBytes,
    (err) => app.log.warn({ err }, 'resumable upload failed'),
  );
  await uploads.init();
  const uploadsTimer = setInterval(() => {
    uploads.sweep().then(
      (removed) => removed && app.log.info({ removed }, 'removed resumable uploads past their day'),
      (err: unknown) => app.log.warn({ err }, 'resumable uploads not swept'),
    );
  }, TRASH_SWEEP_MS);
  uploadsTimer.unref();
  app.addHook('onClose', async () => clearInterval(uploadsTimer));
  const ctx: AppContext = {
    db: options.db,
    checks,
    views,
    publicCorsOrigins: options.publicCorsOrigins ?? [],
    sessions,
    presence,
    notifications,
    calendar,
    storage,
    uploads,
    presignedDownloads: options.presignedDownloads ?? false,
    dataDir: options.dataDir,
    maxUploadBytes,
    maxImagePixels: options.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS,
    scrape,
    importImages: options.importImages ?? true,
    workers,
    passwordHashing,
    dummyPasswordHash: await hashPassword(randomBytes(16).toString('hex'), passwordHashing),
    oidc: options.oidc ? new OidcClient(options.oidc) : null,
    retention,
    historyFoldMs: options.historyFoldMs ?? FOLD_MS,
    reviewAgainAfterEdit: options.reviewAgainAfterEdit ?? true,
    recordHistory: options.recordHistory ?? true,
    startedAt,
    webhookAllow: webhookAllowList(options.webhookAllowCidrs ?? []),
    polite: new PoliteFetcher({ fetch: scrape, paceMs: options.sourcePaceMs ?? SOURCE_HOST_PACE_MS }),
    sourceRecheckMs: (options.sourceRecheckHours ?? SOURCE_RECHECK_HOURS) * 60 * 60_000,
  };

  // Articles kept before signatures were are signed in the background (near-duplicates).
  let closing = false;
  const signing =
    options.background?.checks === false
      ? Promise.resolve()
      : signUnsigned({ db: options.db, workers }, () => closing).then(
          (signed) => signed && app.log.info({ signed }, 'signed the articles kept before near-duplicates were found'),
          (err: unknown) => app.log.warn({ err }, 'articles not signed for near-duplicates'),
        );
  app.decorate('signaturesBackfilled', async () => {
    await signing;
  });
  // Nothing more is queued or signed; the workers close at once (a run asking slow sites would
  // hold the close for minutes), so the run under way fails and ends before the database closes.
  app.addHook('onClose', async () => {
    closing = true;
    const stopping = checks.stop();
    await ctx.workers.close();
    await stopping;
    await signing;
  });

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_CSP },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // Stored files set their own (they are embedded by published pages).
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()');
  });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: maxUploadBytes, files: 1, fields: 10, parts: 20, headerPairs: 100 },
  });
  await app.register(api, { ...ctx, prefix: '/api' });

  // Scheduled publishing and webhook deliveries, shared with every other process on the
  // database (each claims its work with FOR UPDATE SKIP LOCKED). Stopped before the database closes.
  const scheduling = options.background?.scheduler;
  if (scheduling !== false) {
    const scheduler = startScheduler({ db: options.db, log: app.log, startedAt: ctx.startedAt }, scheduling ?? {});
    app.addHook('onClose', () => scheduler.stop());
  }
  const delivering = options.background?.webhooks;
  if (delivering !== false) {
    const worker = startDeliveryWorker({ db: options.db, log: app.log, allow: ctx.webhookAllow, ...delivering });
    app.addHook('onClose', () => worker.stop());
  }

  const polling = options.background?.sources;
  if (polling !== false) {
    const poller = startPoller({ ...ctx, db: inBackground(ctx.db), log: app.log }, polling ?? {});
    app.addHook('onClose', () => poller.stop());
  }

  if (options.staticDir) await serveConsole(app, options.staticDir);
  else app.setNotFoundHandler((request, reply) => sendError(request, reply, notFound()));

  return app;
}

/** Serves the built console; client-side routes (no file extension) get index.html. */
async function serveConsole(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    setHeaders(res, file) {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.header('x-content-type-options', 'nosniff');
    },
  });
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if ((request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return sendError(request, reply, notFound());
  });
}

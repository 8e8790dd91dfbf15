import type net from 'node:net';
import type { ChecksQueue } from './articles/runChecks.ts';
import type { ViewCounter } from './articles/views.ts';
import type { PasswordHashing, SessionCache } from './accounts/auth.ts';
import type { Database } from './db/database.ts';
import type { PresenceHub } from './presence/hub.ts';
import type { NotificationHub } from './notifications/hub.ts';
import type { CalendarCache } from './articles/calendarCache.ts';
import type { FileStorage } from './files/storage.ts';
import type { ResumableUploads } from './files/resumable.ts';
import type { RetentionPolicy } from './history/retention.ts';
import type { OidcClient } from './accounts/oidc.ts';
import type { SafeFetchOptions } from './shared/safe-fetch.ts';
import type { WorkerPool } from './workers/pool.ts';
import type { PoliteFetcher } from './sources/polite.ts';

/** What the route plugins share; built once by buildApp. */
export interface AppContext {
  db: Database;
  /** The checks before publishing run after each change of an article's content. */
  checks: ChecksQueue;
  /** Public reads of articles, counted in memory and written in batches. */
  views: ViewCounter;
  /** Origins the public read API answers with CORS headers (`*`: any). */
  publicCorsOrigins: readonly string[];
  /** Sessions checked in the last few seconds (bounded; see SessionCache). */
  sessions: SessionCache;
  /** Who has which article open, live across processes (server/presence/hub.ts). */
  presence: PresenceHub;
  /** The bell's live count per account, across processes (server/notifications/hub.ts). */
  notifications: NotificationHub;
  /** The calendar's answers, kept until a change could alter them (server/articles/calendarCache.ts). */
  calendar: CalendarCache;
  storage: FileStorage;
  /** Resumable uploads (tus), their bytes in DATA_DIR/uploads until they are finished. */
  uploads: ResumableUploads;
  /** Downloads redirect to a presigned URL of the object store (S3_PRESIGNED_DOWNLOADS). */
  presignedDownloads: boolean;
  dataDir: string;
  maxUploadBytes: number;
  maxImagePixels: number;
  scrape: SafeFetchOptions;
  /** Bring a scraped article's images into the library (SCRAPE_IMPORT_IMAGES). */
  importImages: boolean;
  /** Worker threads for heavy work (scraping), with time and memory limits. */
  workers: WorkerPool;
  passwordHashing: PasswordHashing;
  /** A hash verified when the email is unknown, so both failures take the same time. */
  dummyPasswordHash: string;
  /** Sign-in through an OpenID Connect provider (OIDC_ISSUER…), when one is configured. */
  oidc: OidcClient | null;
  /** Which article revisions and file versions are kept (HISTORY_*). */
  retention: RetentionPolicy;
  /** One admin's consecutive edits within this long fold into one revision (HISTORY_FOLD_MINUTES; 0: never). */
  historyFoldMs: number;
  /** An approved article whose content changes goes back to review (REVIEW_AGAIN_AFTER_EDIT). */
  reviewAgainAfterEdit: boolean;
  /** Always true but in a benchmark's floor (AppOptions.recordHistory). */
  recordHistory: boolean;
  /** When this process started (a scheduled change due before it and made late: the server was not running). */
  startedAt: Date;
  /** WEBHOOK_ALLOW_CIDRS: private ranges webhook endpoints may be at anyway. */
  webhookAllow: net.BlockList | undefined;
  /** The sources' requests: robots.txt, one at a time per host at SOURCE_HOST_PACE_MS (server/sources/polite.ts). */
  polite: PoliteFetcher;
  /** How often the page of a watching source's article is fetched again (SOURCE_RECHECK_HOURS, server/sources/changes.ts). */
  sourceRecheckMs: number;
}

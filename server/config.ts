/**
 * The server's environment (docs/configuration.md), read and checked once.
 *
 * One zod schema over the environment: each variable is a field that reads the raw string, applies
 * its default (an empty value counts as unset) and checks it, with `.describe()` as its one-line
 * meaning. `npm run server -- --help` and docs/configuration.md's table are generated from /
 * checked against this schema (server/test/config.test.ts), so add a variable here and nowhere else.
 */
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { readLowMemory } from '../scripts/server-flags.mjs';
import { MAX_UPLOAD_BYTES } from '../src/contract/index.ts';
import { DEFAULT_RETENTION, type RetentionPolicy } from './history/retention.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  maxUploadBytes: number;
  /** Private ranges the scraper may fetch from anyway (an intranet, test fixtures). */
  scrapeAllowCidrs: string[];
  /** Private ranges webhook endpoints may be at anyway (a receiver on the intranet, tests). */
  webhookAllowCidrs: string[];
  /** Webhook deliveries this process has in flight at once. */
  webhookConcurrency: number;
  /** Bring a scraped article's images into the file library. */
  scrapeImportImages: boolean;
  /** SOURCE_HOST_PACE_MS */
  sourcePaceMs: number;
  /** SOURCE_RECHECK_HOURS */
  sourceRecheckHours: number;
  /** WORKER_NICE: the worker threads' scheduling priority (nice), 0 to 19. */
  workerNice: number;
  /** pino's level: trace, debug, info, warn, error, fatal or silent. */
  logLevel: string;
  /** LOW_MEMORY as set (`npm start` applies it: scripts/server-flags.mjs). */
  lowMemory: 'auto' | boolean;
  /** Behind a reverse proxy: believe its X-Forwarded-* headers (client address, https). */
  trustProxy: boolean;
  /** Origins whose pages may read the public API (`*`: any). */
  publicCorsOrigins: string[];
  /** 'Login with Google' (any OpenID Connect provider), when all three are set. */
  oidc?: { issuer: string; clientId: string; clientSecret: string };
  /** Where the library's bytes are kept: DATA_DIR (default) or an S3-compatible bucket. */
  storage: StorageConfig;
  /** Which article revisions and file versions the hourly sweep keeps. */
  retention: RetentionPolicy;
  /** One admin's consecutive edits within this long fold into one revision (0: never). */
  historyFoldMs: number;
  /** An approved article whose content changes goes back to review (REVIEW_AGAIN_AFTER_EDIT). */
  reviewAgainAfterEdit: boolean;
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      endpoint?: string;
      region: string;
      forcePathStyle: boolean;
      /** Downloads redirect to a short-lived presigned URL of the bucket instead of passing through. */
      presignedDownloads: boolean;
    };

/** The setting's problem, without the variable's name: it is prefixed from the issue's path. */
type Problem = string;

/** "10.0.0.0/8, 192.168.1.5" → checked CIDRs (a bare address is one host), or the first bad entry. */
function readCidrs(value: string | undefined): { cidrs: string[] } | { bad: string } {
  if (!value?.trim()) return { cidrs: [] };
  const cidrs: string[] = [];
  for (const raw of value.split(',')) {
    const cidr = raw.trim();
    const [address = '', prefix] = cidr.split('/');
    const family = net.isIP(address);
    const max = family === 6 ? 128 : 32;
    const bits = prefix === undefined ? max : Number(prefix);
    if (!family || !Number.isInteger(bits) || bits < 0 || bits > max || (prefix !== undefined && !/^\d+$/.test(prefix))) {
      return { bad: cidr };
    }
    cidrs.push(`${address}/${bits}`);
  }
  return { cidrs };
}

const cidrProblem = (cidr: string): Problem => `must be comma-separated CIDRs such as 10.0.0.0/8, got "${cidr}"`;

/** "10.0.0.0/8, 192.168.1.5" → checked CIDRs (a bare address is one host). */
export function parseCidrs(name: string, value: string | undefined): string[] {
  const read = readCidrs(value);
  if ('bad' in read) throw new Error(`${name} ${cidrProblem(read.bad)}`);
  return read.cidrs;
}

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

type Read<T> = { ok: T } | { problem: Problem };

/**
 * A variable read from its raw string: `read` gets the value (undefined when unset or empty) and
 * returns the setting or a problem. Parsing `undefined` gives the default, which is how --help and
 * the configuration table's test learn it.
 */
function variable<T>(read: (value: string | undefined) => Read<T>) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const result = read(value === '' ? undefined : value);
      if ('ok' in result) return result.ok;
      ctx.addIssue({ code: 'custom', message: result.problem, input: value });
      return z.NEVER;
    });
}

const text = (fallback: string) => variable((value) => ({ ok: value ?? fallback }));

const optionalText = () => variable((value) => ({ ok: value }));

const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  variable((value): Read<number> => {
    if (value === undefined) return { ok: fallback };
    const n = Number(value);
    if (!Number.isInteger(n) || n <= 0 || n > max) return { problem: `must be a positive integer, got "${value}"` };
    return { ok: n };
  });

const nonNegativeInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  variable((value): Read<number> => {
    if (value === undefined) return { ok: fallback };
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > max) return { problem: `must be a whole number from 0 to ${max}, got "${value}"` };
    return { ok: n };
  });

const flag = (fallback: boolean) =>
  variable((value): Read<boolean> => {
    if (value === undefined) return { ok: fallback };
    if (/^(1|true|yes|on)$/i.test(value)) return { ok: true };
    if (/^(0|false|no|off)$/i.test(value)) return { ok: false };
    return { problem: `must be true or false, got "${value}"` };
  });

const oneOf = <const L extends readonly string[]>(levels: L, fallback: L[number]) =>
  variable((value): Read<L[number]> => {
    if (value === undefined) return { ok: fallback };
    const level = levels.find((l) => l === value);
    return level === undefined ? { problem: `must be one of ${levels.join(', ')}, got "${value}"` } : { ok: level };
  });

/**
 * `auto`, or a flag's value. It is read by `npm start` (scripts/server-flags.mjs: a V8 flag is
 * the process's, so it is given when the process starts); the server checks it and says whether
 * it runs that way.
 */
const lowMemoryVariable = () => variable((value): Read<'auto' | boolean> => readLowMemory(value));

const cidrList = () =>
  variable((value): Read<string[]> => {
    const read = readCidrs(value);
    return 'bad' in read ? { problem: cidrProblem(read.bad) } : { ok: read.cidrs };
  });

/** Origins as a browser sends them (`https://host[:port]`, no path), or `*` alone. */
const originList = () =>
  variable((value): Read<string[]> => {
    const origins = (value ?? '').split(',').map((o) => o.trim()).filter(Boolean);
    if (origins.includes('*')) return origins.length === 1 ? { ok: ['*'] } : { problem: `must be \`*\` alone or origins, got "${value}"` };
    for (const origin of origins) {
      let url: URL | undefined;
      try {
        url = new URL(origin);
      } catch {
        url = undefined;
      }
      if (!url || !/^https?:$/.test(url.protocol) || url.origin !== origin.replace(/\/$/, '')) {
        return { problem: `must be origins such as https://www.example.com (scheme and host, no path), got "${origin}"` };
      }
    }
    return { ok: origins.map((o) => o.replace(/\/$/, '')) };
  });

/** Every variable the server reads, in the order --help and docs/configuration.md list them. */
export const configVariables = z.object({
  PORT: positiveInt(3000, 65535).describe('HTTP port (console and `/api`)'),
  HOST: text('127.0.0.1').describe('bind address (`0.0.0.0` or `::` to listen on every interface)'),
  DATA_DIR: text('./data').describe('embedded database and stored files (relative to the working directory)'),
  DATABASE_URL: optionalText().describe(
    '`postgres://…`: use this PostgreSQL server instead of the embedded one (same schema, same migrations)',
  ),
  ADMIN_EMAIL: optionalText().describe('the first admin, created on a start with no user yet (unset: `admin@localhost`)'),
  ADMIN_PASSWORD: optionalText().describe(
    "the first admin's password (unset: one is generated, printed once, and must be changed at the first sign-in)",
  ),
  MAX_UPLOAD_BYTES: positiveInt(MAX_UPLOAD_BYTES).describe('per-file upload limit, in bytes'),
  SCRAPE_ALLOW_CIDRS: cidrList().describe(
    'comma-separated CIDRs (`10.0.0.0/8, 192.168.1.5`) the scraper may fetch from although they are private: an intranet you mean to scrape, or a test fixture on 127.0.0.1. Every other private, loopback and link-local address stays refused',
  ),
  WEBHOOK_ALLOW_CIDRS: cidrList().describe(
    'comma-separated CIDRs webhook endpoints may be at although they are private (a receiver on the intranet, or 127.0.0.1 for a local test receiver), as `SCRAPE_ALLOW_CIDRS` does for the scraper; every other private, loopback and link-local address is refused',
  ),
  WEBHOOK_CONCURRENCY: positiveInt(16, 100).describe(
    'webhook deliveries each server process sends at once (each waits up to 5 s for its receiver)',
  ),
  SOURCE_HOST_PACE_MS: positiveInt(1000, 3_600_000).describe(
    "the least time between two of the sources' requests to one host, in milliseconds (one request at a time per host; a robots.txt `Crawl-delay` may ask for more)",
  ),
  SOURCE_RECHECK_HOURS: positiveInt(24, 720).describe(
    "how often the page of each article from a source that watches its articles is fetched again (conditionally) to see whether the source changed it, in hours",
  ),
  WORKER_NICE: nonNegativeInt(10, 19).describe(
    "how far the worker threads (scrapes, images, PDFs, checks) yield to the threads that answer requests and run the embedded database: their nice value on Linux, 0 (none) to 19; 10 keeps health and lists quick while the sources scrape on every core",
  ),
  SCRAPE_IMPORT_IMAGES: flag(true).describe(
    "bring a scraped article's images into the file library and point the article at them; `false` keeps the source's addresses",
  ),
  LOW_MEMORY: lowMemoryVariable().describe(
    "with the embedded database, run the server on V8's baseline compiler alone (`npm start` adds `--liftoff-only`): it peaks near 240 MB at start instead of about 290 MB (about 800 MB on Node 24, before the project moved to 26), and its statements run 0 to 65% slower. `auto` turns it on when the process has less than 2 GiB (its cgroup's memory limit, else the machine's memory); `true` or `false` decide. No effect with `DATABASE_URL`",
  ),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'info').describe(`pino log level (${LOG_LEVELS.map((l) => `\`${l}\``).join(', ')})`),
  TRUST_PROXY: flag(false).describe(
    'behind a reverse proxy: believe its `X-Forwarded-*` headers, so the session cookie is `Secure` over HTTPS and failed sign-ins are counted per real client address',
  ),
  PUBLIC_CORS_ORIGINS: originList().describe(
    'comma-separated origins (`https://www.example.com, https://example.com`, or `*`) whose pages may read the public API (`/api/public`) from the browser; none by default (a server-side reader or a CDN needs none)',
  ),
  OIDC_ISSUER: optionalText().describe(
    "'Login with Google' (or any OpenID Connect provider): the `https://` issuer. With `OIDC_CLIENT_ID` and `OIDC_CLIENT_SECRET`, all three or none; the sign-in page shows the button only when they are set",
  ),
  OIDC_CLIENT_ID: optionalText().describe(
    'the OpenID Connect client id; register `https://<console>/api/auth/oidc/callback` as its redirect URI',
  ),
  OIDC_CLIENT_SECRET: optionalText().describe('the OpenID Connect client secret'),
  STORAGE: oneOf(['local', 's3'], 'local').describe(
    'where uploaded files and thumbnails are kept: `local` (under `DATA_DIR`) or `s3` (an S3-compatible bucket: AWS S3, MinIO, Cloudflare R2, Ceph; credentials from the AWS SDK\'s usual sources: `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`, a profile or a role)',
  ),
  S3_BUCKET: optionalText().describe('with `STORAGE=s3`: the bucket (required; it must exist)'),
  S3_ENDPOINT: optionalText().describe('with `STORAGE=s3`: the server\'s URL for S3-compatible storage other than AWS (`http://127.0.0.1:9000` for MinIO)'),
  S3_REGION: text('us-east-1').describe('with `STORAGE=s3`: the region (R2 takes `auto`)'),
  S3_FORCE_PATH_STYLE: flag(false).describe(
    'with `STORAGE=s3`: address the bucket as `endpoint/bucket` instead of `bucket.endpoint` (MinIO and most self-hosted servers need it)',
  ),
  S3_PRESIGNED_DOWNLOADS: flag(false).describe(
    'with `STORAGE=s3`: downloads redirect to a presigned bucket URL valid for 5 minutes instead of passing through the server (the bucket answers with the file\'s type and disposition, but not the server\'s `nosniff` and CSP headers)',
  ),
  HISTORY_KEEP_ALL_DAYS: positiveInt(DEFAULT_RETENTION.keepAllDays, 36_500).describe(
    'article revisions and earlier file versions younger than this many days are all kept',
  ),
  HISTORY_KEEP_DAILY_DAYS: positiveInt(DEFAULT_RETENTION.keepDailyDays, 36_500).describe(
    'older ones: the last of each UTC day is kept up to this many days, then they go (pinned revisions never do)',
  ),
  HISTORY_FOLD_MINUTES: nonNegativeInt(10, 1440).describe(
    "one admin's consecutive edits of an article within this many minutes are one revision; `0`: every save is a revision of its own",
  ),
  REVIEW_AGAIN_AFTER_EDIT: flag(true).describe(
    'an approved article whose title, slug or blog HTML changes goes back to review; `false`: it stays approved',
  ),
  HISTORY_MAX_VERSIONS: positiveInt(DEFAULT_RETENTION.max, 100_000).describe(
    'at most this many revisions per article and versions per file; past it the oldest go first (pinned revisions stay)',
  ),
});

type Variables = z.output<typeof configVariables>;

/** The rules that span variables; run even when some variable is already bad, so all are reported. */
function checkOidc(env: Variables, ctx: z.RefinementCtx<Variables>) {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env;
  if (!issuer && !clientId && !clientSecret) return;
  if (!issuer || !clientId || !clientSecret) {
    ctx.addIssue({
      code: 'custom',
      message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three or none',
      path: [],
    });
    return;
  }
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: `must be a URL such as https://accounts.google.com, got "${issuer}"`,
      path: ['OIDC_ISSUER'],
    });
    return;
  }
  if (url.protocol !== 'https:') {
    ctx.addIssue({ code: 'custom', message: `must be an https URL, got "${issuer}"`, path: ['OIDC_ISSUER'] });
  }
}

function checkHistory(env: Variables, ctx: z.RefinementCtx<Variables>) {
  if (env.HISTORY_KEEP_DAILY_DAYS < env.HISTORY_KEEP_ALL_DAYS) {
    ctx.addIssue({
      code: 'custom',
      message: `must be at least HISTORY_KEEP_ALL_DAYS (${env.HISTORY_KEEP_ALL_DAYS}), got "${env.HISTORY_KEEP_DAILY_DAYS}"`,
      path: ['HISTORY_KEEP_DAILY_DAYS'],
    });
  }
}

function checkStorage(env: Variables, ctx: z.RefinementCtx<Variables>) {
  if (env.STORAGE !== 's3') return;
  if (!env.S3_BUCKET) {
    ctx.addIssue({ code: 'custom', message: 'is required with STORAGE=s3', path: ['S3_BUCKET'] });
  } else if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(env.S3_BUCKET)) {
    ctx.addIssue({ code: 'custom', message: `must be a bucket name (3-63 lowercase letters, digits, dots, hyphens), got "${env.S3_BUCKET}"`, path: ['S3_BUCKET'] });
  }
  if (env.S3_ENDPOINT) {
    let url: URL | undefined;
    try {
      url = new URL(env.S3_ENDPOINT);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol)) {
      ctx.addIssue({ code: 'custom', message: `must be an http(s) URL, got "${env.S3_ENDPOINT}"`, path: ['S3_ENDPOINT'] });
    }
  }
}

/** The whole environment → ServerConfig. */
export const configSchema = configVariables
  .superRefine(checkOidc, { when: () => true })
  .superRefine(checkStorage, { when: () => true })
  .superRefine(checkHistory, { when: () => true })
  .transform(
    (env): ServerConfig => ({
      port: env.PORT,
      host: env.HOST,
      dataDir: path.resolve(env.DATA_DIR),
      databaseUrl: env.DATABASE_URL,
      adminEmail: env.ADMIN_EMAIL,
      adminPassword: env.ADMIN_PASSWORD,
      maxUploadBytes: env.MAX_UPLOAD_BYTES,
      scrapeAllowCidrs: env.SCRAPE_ALLOW_CIDRS,
      webhookAllowCidrs: env.WEBHOOK_ALLOW_CIDRS,
      webhookConcurrency: env.WEBHOOK_CONCURRENCY,
      scrapeImportImages: env.SCRAPE_IMPORT_IMAGES,
      sourcePaceMs: env.SOURCE_HOST_PACE_MS,
      sourceRecheckHours: env.SOURCE_RECHECK_HOURS,
      workerNice: env.WORKER_NICE,
      logLevel: env.LOG_LEVEL,
      lowMemory: env.LOW_MEMORY,
      trustProxy: env.TRUST_PROXY,
      publicCorsOrigins: env.PUBLIC_CORS_ORIGINS,
      oidc:
        env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
          ? { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET }
          : undefined,
      storage:
        env.STORAGE === 's3' && env.S3_BUCKET
          ? {
              kind: 's3',
              bucket: env.S3_BUCKET,
              endpoint: env.S3_ENDPOINT,
              region: env.S3_REGION,
              forcePathStyle: env.S3_FORCE_PATH_STYLE,
              presignedDownloads: env.S3_PRESIGNED_DOWNLOADS,
            }
          : { kind: 'local' },
      retention: { keepAllDays: env.HISTORY_KEEP_ALL_DAYS, keepDailyDays: env.HISTORY_KEEP_DAILY_DAYS, max: env.HISTORY_MAX_VERSIONS },
      historyFoldMs: env.HISTORY_FOLD_MINUTES * 60 * 1000,
      reviewAgainAfterEdit: env.REVIEW_AGAIN_AFTER_EDIT,
    }),
  );

/** Every bad variable at once: `message` has one line per problem, `problems` lists them. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) =>
      issue.path.length ? `${issue.path.map(String).join('.')} ${issue.message}` : issue.message,
    ),
  );
}

export interface ConfigVariable {
  name: string;
  /** What an unset variable means: the value itself, or "unset" / "empty". */
  default: string;
  meaning: string;
}

function shownDefault(value: unknown): string {
  if (value === undefined) return 'unset';
  if (Array.isArray(value)) return value.length ? value.join(', ') : 'empty';
  return String(value);
}

/** The variables with their defaults (parsed from an unset value) and meanings, from the schema. */
export function configTable(): ConfigVariable[] {
  return Object.entries(configVariables.shape).map(([name, schema]) => ({
    name,
    default: shownDefault(schema.parse(undefined)),
    meaning: schema.description ?? '',
  }));
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** `npm run server -- --help`: the variables as a table, meanings wrapped to `width` columns. */
export function configHelp(width = 100): string {
  const rows = configTable();
  const nameWidth = Math.max('VARIABLE'.length, ...rows.map((r) => r.name.length)) + 2;
  const defaultWidth = Math.max('DEFAULT'.length, ...rows.map((r) => r.default.length)) + 2;
  const indent = ' '.repeat(nameWidth + defaultWidth);
  const meaningWidth = Math.max(30, width - indent.length);
  const table = [
    'VARIABLE'.padEnd(nameWidth) + 'DEFAULT'.padEnd(defaultWidth) + 'MEANING',
    ...rows.flatMap((row) => {
      const [first = '', ...rest] = wrap(row.meaning, meaningWidth);
      return [row.name.padEnd(nameWidth) + row.default.padEnd(defaultWidth) + first, ...rest.map((l) => indent + l)];
    }),
  ];
  return [
    'Usage: npm run server            start the API (and the built console) server',
    '       npm run server -- --help  print this and exit',
    '',
    'Settings come from the environment (an empty value counts as unset):',
    '',
    ...table,
    '',
  ].join('\n');
}

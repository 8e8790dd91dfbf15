/**
 * The server's configuration: one zod schema (server/config.ts). Its variables, defaults and
 * meanings are what `--help` prints and what docs/configuration.md's table lists; bad values are
 * refused with a clear message each, all of them at once.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, configHelp, configTable, loadConfig } from '../config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Rows of docs/configuration.md that are not the server's: read by the build, the tests or the C library, not by server/config.ts. */
const BUILD_AND_TEST_TIME = ['VITE_API_URL', 'CHROMIUM_PATH', 'TEST_DATABASE_URL', 'MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_', 'MALLOC_TRIM_THRESHOLD_'];

interface DocumentedRow {
  name: string;
  default: string;
  meaning: string;
}

/** The `| variable | default | meaning |` table under docs/configuration.md's `## Variables`. */
function documentedTable(): DocumentedRow[] {
  const text = readFileSync(path.join(root, 'docs', 'configuration.md'), 'utf8');
  const section = text.split(/^## /m).find((s) => s.startsWith('Variables\n'));
  if (!section) throw new Error('docs/configuration.md has no "## Variables" section');
  const lines = section.split('\n').filter((line) => line.trim().startsWith('|'));
  expect(lines[0]?.replace(/\s/g, '')).toBe('|variable|default|meaning|');
  return lines.slice(2).flatMap((line) => {
    const cells = line
      .trim()
      .replace(/^\||\|$/g, '')
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim());
    expect(cells, `Row "${line}" should have three cells`).toHaveLength(3);
    const [names = '', shown = '', meaning = ''] = cells;
    const variables = [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? '');
    expect(variables.length, `Row "${line}" names no variable`).toBeGreaterThan(0);
    // A default is written as `value`, or as the word unset / empty.
    return variables.map((name) => ({ name, default: shown.replace(/`/g, ''), meaning }));
  });
}

describe('the configuration table (docs/configuration.md)', () => {
  const schema = configTable();
  const documented = documentedTable();
  const expectedRow = (v: (typeof schema)[number]) =>
    `| \`${v.name}\` | ${v.default === 'unset' || v.default === 'empty' ? v.default : `\`${v.default}\``} | ${v.meaning} |`;

  it('lists each variable once', () => {
    const names = documented.map((row) => row.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('lists every variable of the schema, with its default and meaning', () => {
    const byName = new Map(documented.map((row) => [row.name, row]));
    for (const variable of schema) {
      const row = byName.get(variable.name);
      expect(row, `docs/configuration.md's table misses ${variable.name}; add:\n${expectedRow(variable)}`).toBeDefined();
      expect(row?.default, `Default of ${variable.name} in docs/configuration.md; expected row:\n${expectedRow(variable)}`).toBe(variable.default);
      expect(row?.meaning, `Meaning of ${variable.name} in docs/configuration.md; expected row:\n${expectedRow(variable)}`).toBe(variable.meaning);
    }
  });

  it('lists no server variable the schema does not know; build and test-time rows say so', () => {
    const known = new Set(schema.map((v) => v.name));
    const unknown = documented.filter((row) => !known.has(row.name) && !BUILD_AND_TEST_TIME.includes(row.name));
    expect(unknown.map((row) => row.name), 'docs/configuration.md lists variables server/config.ts does not read').toEqual([]);
    for (const name of BUILD_AND_TEST_TIME) {
      expect(known.has(name), `${name} is build/test-time, yet in the server's schema`).toBe(false);
      const row = documented.find((r) => r.name === name);
      expect(row?.meaning, `Row of ${name} in docs/configuration.md`).toMatch(/^\*((build|test) time, not read by the server|start time, read by the C library, not by the server):\*/);
    }
  });
});

describe('loadConfig', () => {
  it('gives the defaults for an empty environment, and an empty value counts as unset', () => {
    const expected = {
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      adminEmail: undefined,
      adminPassword: undefined,
      maxUploadBytes: 10 * 1024 * 1024,
      scrapeAllowCidrs: [],
      webhookAllowCidrs: [],
      webhookConcurrency: 16,
      scrapeImportImages: true,
      sourcePaceMs: 1000,
      sourceRecheckHours: 24,
      workerNice: 10,
      logLevel: 'info',
      lowMemory: 'auto',
      trustProxy: false,
      publicCorsOrigins: [],
      oidc: undefined,
      storage: { kind: 'local' },
      retention: { keepAllDays: 30, keepDailyDays: 365, max: 200 },
      historyFoldMs: 10 * 60 * 1000,
      reviewAgainAfterEdit: true,
    };
    expect(loadConfig({})).toEqual(expected);
    const blank = Object.fromEntries(configTable().map((v) => [v.name, '']));
    expect(loadConfig(blank)).toEqual(expected);
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: '/srv/articles',
        DATABASE_URL: 'postgres://db/articles',
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'change-me-now',
        MAX_UPLOAD_BYTES: '1024',
        SCRAPE_ALLOW_CIDRS: '10.0.0.0/8, 192.168.1.5',
        WEBHOOK_ALLOW_CIDRS: '127.0.0.1',
        WEBHOOK_CONCURRENCY: '4',
        SCRAPE_IMPORT_IMAGES: 'no',
        SOURCE_HOST_PACE_MS: '2500',
        SOURCE_RECHECK_HOURS: '6',
        WORKER_NICE: '0',
        LOG_LEVEL: 'warn',
        LOW_MEMORY: 'TRUE',
        TRUST_PROXY: 'on',
        PUBLIC_CORS_ORIGINS: 'https://www.example.com, http://localhost:8080/',
        OIDC_ISSUER: 'https://accounts.google.com',
        OIDC_CLIENT_ID: 'id',
        OIDC_CLIENT_SECRET: 'secret',
        STORAGE: 's3',
        S3_BUCKET: 'site-media',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-west-1',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PRESIGNED_DOWNLOADS: 'yes',
        HISTORY_KEEP_ALL_DAYS: '7',
        HISTORY_KEEP_DAILY_DAYS: '90',
        HISTORY_MAX_VERSIONS: '50',
        HISTORY_FOLD_MINUTES: '0',
        REVIEW_AGAIN_AFTER_EDIT: 'false',
        UNRELATED: 'ignored',
      }),
    ).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/articles',
      databaseUrl: 'postgres://db/articles',
      adminEmail: 'admin@example.com',
      adminPassword: 'change-me-now',
      maxUploadBytes: 1024,
      scrapeAllowCidrs: ['10.0.0.0/8', '192.168.1.5/32'],
      webhookAllowCidrs: ['127.0.0.1/32'],
      webhookConcurrency: 4,
      scrapeImportImages: false,
      sourcePaceMs: 2500,
      sourceRecheckHours: 6,
      workerNice: 0,
      logLevel: 'warn',
      lowMemory: true,
      trustProxy: true,
      publicCorsOrigins: ['https://www.example.com', 'http://localhost:8080'],
      oidc: { issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret' },
      storage: {
        kind: 's3',
        bucket: 'site-media',
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-west-1',
        forcePathStyle: true,
        presignedDownloads: true,
      },
      retention: { keepAllDays: 7, keepDailyDays: 90, max: 50 },
      historyFoldMs: 0,
      reviewAgainAfterEdit: false,
    });
  });

  it.each([
    [{ PORT: '0' }, 'PORT must be a positive integer, got "0"'],
    [
      { PUBLIC_CORS_ORIGINS: 'https://a.example/path' },
      'PUBLIC_CORS_ORIGINS must be origins such as https://www.example.com (scheme and host, no path), got "https://a.example/path"',
    ],
    [{ PUBLIC_CORS_ORIGINS: '*, https://a.example' }, 'PUBLIC_CORS_ORIGINS must be `*` alone or origins, got "*, https://a.example"'],
    [{ PORT: '65536' }, 'PORT must be a positive integer, got "65536"'],
    [{ PORT: 'http' }, 'PORT must be a positive integer, got "http"'],
    [{ MAX_UPLOAD_BYTES: '1.5' }, 'MAX_UPLOAD_BYTES must be a positive integer, got "1.5"'],
    [{ SCRAPE_ALLOW_CIDRS: '10.0.0.0/8, 10.0.0.0/33' }, 'SCRAPE_ALLOW_CIDRS must be comma-separated CIDRs such as 10.0.0.0/8, got "10.0.0.0/33"'],
    [{ WEBHOOK_ALLOW_CIDRS: 'localhost' }, 'WEBHOOK_ALLOW_CIDRS must be comma-separated CIDRs such as 10.0.0.0/8, got "localhost"'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY must be true or false, got "maybe"'],
    [{ LOW_MEMORY: 'maybe' }, 'LOW_MEMORY must be true, false or auto, got "maybe"'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got "loud"'],
    [{ OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'id' }, 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three or none'],
    [{ OIDC_ISSUER: 'accounts.google.com', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 's' }, 'OIDC_ISSUER must be a URL such as https://accounts.google.com, got "accounts.google.com"'],
    [{ OIDC_ISSUER: 'http://accounts.google.com', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 's' }, 'OIDC_ISSUER must be an https URL, got "http://accounts.google.com"'],
    [{ STORAGE: 'disk' }, 'STORAGE must be one of local, s3, got "disk"'],
    [{ STORAGE: 's3' }, 'S3_BUCKET is required with STORAGE=s3'],
    [{ STORAGE: 's3', S3_BUCKET: 'b' }, 'S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots, hyphens), got "b"'],
    [{ STORAGE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http(s) URL, got "minio:9000"'],
    [{ S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE must be true or false, got "sometimes"'],
    [{ HISTORY_KEEP_ALL_DAYS: '0' }, 'HISTORY_KEEP_ALL_DAYS must be a positive integer, got "0"'],
    [{ HISTORY_MAX_VERSIONS: 'lots' }, 'HISTORY_MAX_VERSIONS must be a positive integer, got "lots"'],
    [{ HISTORY_FOLD_MINUTES: '-1' }, 'HISTORY_FOLD_MINUTES must be a whole number from 0 to 1440, got "-1"'],
    [{ HISTORY_KEEP_ALL_DAYS: '60', HISTORY_KEEP_DAILY_DAYS: '30' }, 'HISTORY_KEEP_DAILY_DAYS must be at least HISTORY_KEEP_ALL_DAYS (60), got "30"'],
  ])('refuses %o: %s', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError([message]));
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: '-1', HOST: 'localhost', LOG_LEVEL: 'verbose', TRUST_PROXY: '2', OIDC_CLIENT_SECRET: 's' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT must be a positive integer, got "-1"',
      'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got "verbose"',
      'TRUST_PROXY must be true or false, got "2"',
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three or none',
    ]);
    expect((error as Error).message).toBe((error as ConfigError).problems.join('\n'));
  });
});

describe('--help', () => {
  it('lists every variable with its default and meaning', () => {
    const help = configHelp(1000);
    for (const variable of configTable()) {
      expect(help).toMatch(new RegExp(`^${variable.name} +${variable.default.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} +`, 'm'));
      expect(help).toContain(variable.meaning);
    }
    // Narrow: the meanings wrap, yet every variable still starts its line.
    const narrow = configHelp(60);
    for (const variable of configTable()) expect(narrow).toMatch(new RegExp(`^${variable.name} `, 'm'));
  });

  it('`tsx server/main.ts --help` prints the table and exits 0 without starting anything, bad settings or not', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'config-help-')), 'data');
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/main.ts', '--help'], {
        cwd: root,
        env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
        timeout: 60_000,
      });
      for (const variable of configTable()) expect(stdout).toMatch(new RegExp(`^${variable.name} `, 'm'));
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 60_000);
});

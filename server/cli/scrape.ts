/**
 * `npm run scrape -- <url>... | --file urls.txt [--force]`: scrapes a list of pages into drafts
 * against the configured database (DATABASE_URL, or the embedded one under DATA_DIR, which only
 * one process may open: stop the server first), through the same code as POST
 * /api/articles/scrape. Shows progress, then a summary: created, skipped as already scraped,
 * failed with reasons. Exits 1 when a page failed.
 */
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { ApiError } from '../errors.ts';
import { DEFAULT_MAX_IMAGE_PIXELS } from '../files/limits.ts';
import { objectStoreFor } from '../files/objects.ts';
import { FileStorage } from '../files/storage.ts';
import { scrapeArticle } from '../articles/operations/index.ts';
import type { IngestContext } from '../scrape/operations.ts';
import { WorkerPool } from '../workers/pool.ts';

export type BatchOutcome =
  | { url: string; status: 'created'; articleId: string; slug: string | null; warnings: number }
  | { url: string; status: 'skipped'; articleId: string }
  | { url: string; status: 'failed'; message: string };

/** Scrapes `urls` one after another; `onProgress` hears each outcome as it comes. */
export async function scrapeBatch(
  ctx: IngestContext,
  urls: readonly string[],
  options: { force?: boolean; onProgress?: (done: number, total: number, outcome: BatchOutcome) => void } = {},
): Promise<BatchOutcome[]> {
  const outcomes: BatchOutcome[] = [];
  for (const url of urls) {
    let outcome: BatchOutcome;
    try {
      const { row, warnings } = await scrapeArticle(ctx, ctx.actor ?? null, url, { force: options.force });
      outcome = { url, status: 'created', articleId: row.id, slug: row.slug, warnings: warnings.length };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'already_scraped' && error.extra.articleId) {
        outcome = { url, status: 'skipped', articleId: error.extra.articleId };
      } else {
        outcome = { url, status: 'failed', message: error instanceof Error ? error.message : String(error) };
      }
    }
    outcomes.push(outcome);
    options.onProgress?.(outcomes.length, urls.length, outcome);
  }
  return outcomes;
}

/** The addresses of a list file: one per line; blank lines and # comments skipped; repeats once. */
export function parseUrlList(text: string): string[] {
  return [...new Set(text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#')))];
}

const USAGE = `Usage: npm run scrape -- <url>... [--file urls.txt] [--force]
  --file F   read addresses from F, one per line (# starts a comment)
  --force    scrape pages again even when they were scraped before
Uses DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).`;

function bar(done: number, total: number, width = 24) {
  const filled = Math.round((done / Math.max(total, 1)) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`;
}

async function main(argv: string[]) {
  const urls: string[] = [];
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return console.log(USAGE);
    if (arg === '--force') force = true;
    else if (arg === '--file') {
      const file = argv[++i];
      if (!file) throw new Error('--file needs a file name');
      urls.push(...parseUrlList(await readFile(file, 'utf8')));
    } else if (arg.startsWith('-')) throw new Error(`Unknown option ${arg}\n${USAGE}`);
    else urls.push(arg);
  }
  const list = [...new Set(urls)];
  if (list.length === 0) throw new Error(`No address given.\n${USAGE}`);

  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const workers = new WorkerPool();
  try {
    await migrate(db);
    const storage = new FileStorage(config.dataDir, await objectStoreFor(config.storage));
    await storage.init();
    const ctx: IngestContext = {
      db,
      storage,
      workers,
      maxImagePixels: DEFAULT_MAX_IMAGE_PIXELS,
      maxUploadBytes: config.maxUploadBytes,
      scrape: { allowCidrs: config.scrapeAllowCidrs },
      importImages: config.scrapeImportImages,
    };
    const tty = process.stderr.isTTY;
    if (tty) process.stderr.write(`${bar(0, list.length)} starting…`);
    const outcomes = await scrapeBatch(ctx, list, {
      force,
      onProgress: (done, total, o) => {
        const what = o.status === 'failed' ? `failed: ${o.message}` : o.status === 'skipped' ? 'already scraped' : 'created';
        if (tty) process.stderr.write(`\r\x1b[2K${bar(done, total)} ${what}  ${o.url}`);
        else process.stderr.write(`${bar(done, total)} ${what}  ${o.url}\n`);
      },
    });
    if (tty) process.stderr.write('\n');
    const created = outcomes.filter((o) => o.status === 'created');
    const skipped = outcomes.filter((o) => o.status === 'skipped');
    const failed = outcomes.filter((o) => o.status === 'failed');
    console.log(`\n${created.length} created, ${skipped.length} skipped as already scraped, ${failed.length} failed`);
    for (const o of created) console.log(`  created   ${o.url} → article ${o.articleId}${o.warnings ? ` (${o.warnings} image warnings)` : ''}`);
    for (const o of skipped) console.log(`  skipped   ${o.url} → already article ${o.articleId} (--force to scrape again)`);
    for (const o of failed) console.log(`  failed    ${o.url}: ${o.message}`);
    process.exitCode = failed.length ? 1 : 0;
  } finally {
    await workers.close();
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  });
}

/**
 * Production entry: reads the environment, opens the database, builds the app with the same
 * factory the tests use, serves the built console from dist/ and the API under /api.
 */
import '../scripts/node-check.mjs';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOW_MEMORY_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { buildApp } from './app.ts';
import { configHelp, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { objectStoreFor } from './files/objects.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  if (process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')) {
    console.log(configHelp(process.stdout.columns || 100));
    return;
  }
  const config = loadConfig();
  if (config.lowMemory === true && !config.databaseUrl && !LOW_MEMORY_NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) {
    // The flag is the process's: `npm start` gives it (scripts/server-flags.mjs).
    console.warn(`LOW_MEMORY is true, but this process runs without ${LOW_MEMORY_NODE_FLAGS.join(' ')}: start it with \`npm start\` for low-memory mode.`);
  }
  await mkdir(config.dataDir, { recursive: true });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const dist = path.join(root, 'dist');
  const hasConsole = existsSync(path.join(dist, 'index.html'));

  const app = await buildApp({
    db,
    dataDir: config.dataDir,
    objects: await objectStoreFor(config.storage),
    presignedDownloads: config.storage.kind === 's3' && config.storage.presignedDownloads,
    maxUploadBytes: config.maxUploadBytes,
    scrape: { allowCidrs: config.scrapeAllowCidrs },
    webhookAllowCidrs: config.webhookAllowCidrs,
    background: { webhooks: { concurrency: config.webhookConcurrency } },
    importImages: config.scrapeImportImages,
    sourcePaceMs: config.sourcePaceMs,
    sourceRecheckHours: config.sourceRecheckHours,
    workers: { nice: config.workerNice },
    admin: { email: config.adminEmail, password: config.adminPassword },
    trustProxy: config.trustProxy,
    publicCorsOrigins: config.publicCorsOrigins,
    oidc: config.oidc,
    retention: config.retention,
    historyFoldMs: config.historyFoldMs,
    reviewAgainAfterEdit: config.reviewAgainAfterEdit,
    logger: {
      level: config.logLevel,
      ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}),
    },
    onAdminCreated: ({ email, generatedPassword }) => {
      if (generatedPassword) {
        // Printed once: it is stored only as an argon2id hash.
        console.log(`\nFirst admin created: ${email} / ${generatedPassword}\nKeep this password; it is not shown again.\n`);
      }
    },
    ...(hasConsole ? { staticDir: dist } : {}),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const storageLabel = config.storage.kind === 's3' ? `s3://${config.storage.bucket}` : 'local disk';
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${config.port}`;
  console.log(
    hasConsole
      ? `Console and API on ${url} (data in ${config.dataDir}, database: ${db.kind}, files: ${storageLabel})`
      : `API on ${url}/api (no built console in dist/: run "npm start" to build it; database: ${db.kind}, files: ${storageLabel})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

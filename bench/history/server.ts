/**
 * The server as `server/main.ts` starts it (configuration from the environment, the same
 * factory), without the console's files, and with one knob of the benchmark's floor:
 * BENCH_RECORD_HISTORY=false builds the app without history (AppOptions.recordHistory), as the
 * product was before it. bench/history/main.ts drops the database's history triggers first.
 */
import { mkdir } from 'node:fs/promises';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';

const config = loadConfig();
await mkdir(config.dataDir, { recursive: true });
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({
  db,
  dataDir: config.dataDir,
  maxUploadBytes: config.maxUploadBytes,
  admin: { email: config.adminEmail, password: config.adminPassword },
  retention: config.retention,
  historyFoldMs: config.historyFoldMs,
  recordHistory: process.env.BENCH_RECORD_HISTORY !== 'false',
  logger: { level: 'warn' },
});
const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
await app.listen({ port: config.port, host: config.host });

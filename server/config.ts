/** The server's environment (PRODUCT.md "Running it"), read and checked once. */
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '../src/contract/index.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  maxUploadBytes: number;
}

function positiveInt(name: string, value: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0 || n > max) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: positiveInt('PORT', env.PORT, 3000, 65535),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    maxUploadBytes: positiveInt('MAX_UPLOAD_BYTES', env.MAX_UPLOAD_BYTES, MAX_UPLOAD_BYTES),
  };
}

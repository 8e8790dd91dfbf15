/** The server's environment (PRODUCT.md "Running it"), read and checked once. */
import net from 'node:net';
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
  /** Private ranges the scraper may fetch from anyway (an intranet, test fixtures). */
  scrapeAllowCidrs: string[];
  /** Bring a scraped article's images into the file library. */
  scrapeImportImages: boolean;
  /** pino's level: trace, debug, info, warn, error, fatal or silent. */
  logLevel: string;
  /** Behind a reverse proxy: believe its X-Forwarded-* headers (client address, https). */
  trustProxy: boolean;
  /** 'Login with Google' (any OpenID Connect provider), when all three are set. */
  oidc?: { issuer: string; clientId: string; clientSecret: string };
}

function positiveInt(name: string, value: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER) {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0 || n > max) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

/** "10.0.0.0/8, 192.168.1.5" → checked CIDRs (a bare address is one host). */
export function parseCidrs(name: string, value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value.split(',').map((raw) => {
    const cidr = raw.trim();
    const [address = '', prefix] = cidr.split('/');
    const family = net.isIP(address);
    const max = family === 6 ? 128 : 32;
    const bits = prefix === undefined ? max : Number(prefix);
    if (!family || !Number.isInteger(bits) || bits < 0 || bits > max || (prefix !== undefined && !/^\d+$/.test(prefix))) {
      throw new Error(`${name} must be comma-separated CIDRs such as 10.0.0.0/8, got "${cidr}"`);
    }
    return `${address}/${bits}`;
  });
}

function bool(name: string, value: string | undefined, fallback: boolean) {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

function logLevel(value: string | undefined): string {
  if (value === undefined || value === '') return 'info';
  if (!LOG_LEVELS.includes(value)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return value;
}

function oidc(env: NodeJS.ProcessEnv): ServerConfig['oidc'] {
  const issuer = env.OIDC_ISSUER || undefined;
  const clientId = env.OIDC_CLIENT_ID || undefined;
  const clientSecret = env.OIDC_CLIENT_SECRET || undefined;
  if (!issuer && !clientId && !clientSecret) return undefined;
  if (!issuer || !clientId || !clientSecret) {
    throw new Error('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three or none');
  }
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`OIDC_ISSUER must be a URL such as https://accounts.google.com, got "${issuer}"`);
  }
  if (url.protocol !== 'https:') throw new Error(`OIDC_ISSUER must be an https URL, got "${issuer}"`);
  return { issuer, clientId, clientSecret };
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
    scrapeAllowCidrs: parseCidrs('SCRAPE_ALLOW_CIDRS', env.SCRAPE_ALLOW_CIDRS),
    scrapeImportImages: bool('SCRAPE_IMPORT_IMAGES', env.SCRAPE_IMPORT_IMAGES, true),
    logLevel: logLevel(env.LOG_LEVEL),
    trustProxy: bool('TRUST_PROXY', env.TRUST_PROXY, false),
    oidc: oidc(env),
  };
}

/**
 * Fetches a public address, for the scraper, the checks before publishing and the webhooks alike.
 * http(s) only; the host is resolved here and the connection is made to the address that was
 * checked (private, loopback, link-local and other special ranges refused), for every redirect
 * too. Time and bytes are capped.
 */
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { serverMessages } from '../../src/contract/index.ts';
import { ApiError, apiError } from '../errors.ts';

export interface SafeFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** CIDRs allowed despite being private (an intranet you mean to scrape; tests). */
  allowCidrs?: string[];
  /** What the answer must be: an HTML page (default), or any bytes (images, judged from their bytes later). */
  accept?: 'html' | 'any';
  /** Request headers beside the scraper's own (a conditional request's validators, an Accept). */
  headers?: Record<string, string>;
}

export interface FetchedPage {
  url: string;
  contentType: string;
  body: Buffer;
  /** The answer's status, and its validators for a later conditional request. */
  status: number;
  etag: string | null;
  lastModified: string | null;
}

/** An answer of any status (fetchConditional): a body for a 2xx only. */
export interface FetchedAnswer extends FetchedPage {
  /** Retry-After in milliseconds from now, when the answer has one (a 429, a 503). */
  retryAfterMs: number | null;
}

export const SCRAPE_TIMEOUT_MS = 10_000;
export const SCRAPE_MAX_BYTES = 5 * 1024 * 1024;

const FORBIDDEN_V4 = [
  '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12',
  '192.0.0.0/24', '192.0.2.0/24', '192.88.99.0/24', '192.168.0.0/16', '198.18.0.0/15',
  '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/4', '240.0.0.0/4',
];
const FORBIDDEN_V6 = [
  '::/128', '::1/128', '::ffff:0:0/96', '64:ff9b:1::/48', '100::/64', '2001::/23', '2001:db8::/32',
  '2002::/16', 'fc00::/7', 'fe80::/10', 'fec0::/10', 'ff00::/8',
];

export function blockList(cidrs: string[]) {
  const list = new net.BlockList();
  for (const cidr of cidrs) {
    const [address, prefix] = cidr.split('/');
    const type = net.isIPv6(address!) ? 'ipv6' : 'ipv4';
    list.addSubnet(address!, Number(prefix ?? (type === 'ipv6' ? 128 : 32)), type);
  }
  return list;
}

const forbidden = blockList([...FORBIDDEN_V4]);
const forbidden6 = blockList(FORBIDDEN_V6);

/** The IPv4 address inside an IPv4-mapped or NAT64 (64:ff9b::/96) IPv6 address, if any. */
function embeddedIPv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

export function isForbiddenAddress(address: string, allow?: net.BlockList): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (allow?.check(address, type)) return false;
  if (family === 4) return forbidden.check(address, 'ipv4');
  const v4 = embeddedIPv4(address);
  if (v4 !== undefined) return forbidden.check(v4, 'ipv4') || forbidden6.check(address, 'ipv6');
  return forbidden6.check(address, 'ipv6');
}

export const refused = (message: string) => apiError('url_not_allowed', message);
const tooLarge = (maxBytes: number) =>
  apiError('page_too_large', `The page is larger than ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB`);
const failed = (message: string) => apiError('fetch_failed', message);
const timedOut = (ms: number) =>
  apiError('fetch_timeout', `The page took too long to answer (more than ${ms / 1000} s)`);

const SCRAPE_REFUSAL = 'This address is not allowed: private, loopback and link-local addresses cannot be scraped';

/**
 * Resolves `hostname` and returns one address, refusing (400 `url_not_allowed` with `refusal`)
 * if any of its addresses is forbidden.
 */
export async function resolveChecked(
  hostname: string,
  allow?: net.BlockList,
  refusal = SCRAPE_REFUSAL,
): Promise<{ address: string; family: 4 | 6 }> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (net.isIP(bare)) {
    addresses = [{ address: bare, family: net.isIP(bare) }];
  } else {
    try {
      addresses = await dns.lookup(bare, { all: true, verbatim: true });
    } catch {
      throw failed(`Could not resolve ${bare}`);
    }
  }
  if (addresses.length === 0) throw failed(`Could not resolve ${bare}`);
  // Refuse when any answer is private, so a name cannot mix a public and a private address.
  if (addresses.some((a) => isForbiddenAddress(a.address, allow))) throw refused(refusal);
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

export function parseScrapeUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw apiError('invalid_url', serverMessages.invalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw apiError('invalid_url', serverMessages.onlyHttpUrls);
  }
  if (url.username || url.password) throw apiError('invalid_url', serverMessages.urlWithCredentials);
  return url;
}

export interface Hop {
  status: number;
  headers: http.IncomingHttpHeaders;
  stream: http.IncomingMessage;
}

/** The product's user agent, and the token robots.txt rules name it by. */
export const USER_AGENT = 'ScrapedArticlesAdmin/1.0 (+article scraper)';
export const ROBOTS_AGENT = 'ScrapedArticlesAdmin';

const SCRAPER_HEADERS = {
  'user-agent': USER_AGENT,
  accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
  'accept-encoding': 'gzip, deflate, br',
};

/**
 * One HTTP request to `url`, connected to `target` (the address resolveChecked approved),
 * whatever DNS would answer now; GET with the scraper's headers unless told otherwise.
 */
export function request(
  url: URL,
  target: { address: string; family: 4 | 6 },
  signal: AbortSignal,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Keeps connections for the next request to the same checked address (webhooks); a new one each time without. */
    agent?: http.Agent;
  } = {},
): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: options.agent ?? false,
        signal,
        headers: options.headers ?? SCRAPER_HEADERS,
        // Connect to the address we checked, whatever DNS would answer now.
        lookup: (_host, options, callback) => {
          const cb = callback as (...args: unknown[]) => void;
          if ((options as { all?: boolean }).all) cb(null, [{ address: target.address, family: target.family }]);
          else cb(null, target.address, target.family);
        },
      },
      (res) => resolve({ status: res.statusCode ?? 0, headers: res.headers, stream: res }),
    );
    req.on('socket', (socket) => {
      // A kept connection (options.agent) was checked when it was made.
      if (!socket.connecting) return;
      socket.once('connect', () => {
        if (socket.remoteAddress && socket.remoteAddress !== target.address) {
          req.destroy(refused('This address is not allowed'));
        }
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

async function readCapped(hop: Hop, maxBytes: number): Promise<Buffer> {
  const encoding = String(hop.headers['content-encoding'] ?? 'identity').toLowerCase();
  let stream: Readable = hop.stream;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = hop.stream.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') stream = hop.stream.pipe(zlib.createInflate());
  else if (encoding === 'br') stream = hop.stream.pipe(zlib.createBrotliDecompress());
  else if (encoding !== 'identity') throw failed(`Unsupported content encoding ${encoding}`);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    // The cap counts decoded bytes, so a small compressed bomb is stopped as well.
    for await (const chunk of stream) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk as Buffer);
    }
  } finally {
    hop.stream.destroy();
  }
  return Buffer.concat(chunks);
}

/**
 * Asks for `raw` through the safe fetch's rules (each hop's address checked, redirects followed
 * up to `maxRedirects`): the first answer that is not a redirect, its body unread, for `read`
 * to take (the stream is closed after it). Refusals and failures are ApiErrors.
 */
async function followed<T>(raw: string, options: SafeFetchOptions, read: (hop: Hop, url: URL) => Promise<T>): Promise<T> {
  const timeoutMs = options.timeoutMs ?? SCRAPE_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? 5;
  const allow = options.allowCidrs?.length ? blockList(options.allowCidrs) : undefined;
  const signal = AbortSignal.timeout(timeoutMs);
  // Rejects once the limit is reached (the signal fires then, whether or not anyone still waits).
  const overTime = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(timedOut(timeoutMs)), { once: true }));
  overTime.catch(() => {});
  let url = parseScrapeUrl(raw);
  try {
    for (let redirects = 0; ; redirects++) {
      // A name whose DNS never answers is bounded by the same limit.
      const target = await Promise.race([resolveChecked(url.hostname, allow), overTime]);
      if (signal.aborted) throw timedOut(timeoutMs);
      const hop = await request(url, target, signal, options.headers ? { headers: { ...SCRAPER_HEADERS, ...options.headers } } : {});
      if (hop.status >= 300 && hop.status < 400 && hop.status !== 304 && hop.headers.location) {
        hop.stream.destroy();
        if (redirects >= maxRedirects) throw failed('Too many redirects');
        let next: URL;
        try {
          next = parseScrapeUrl(new URL(hop.headers.location, url).href);
        } catch (error) {
          if (error instanceof ApiError) throw refused(`Redirect refused: ${error.message}`);
          throw error;
        }
        url = next;
        continue;
      }
      try {
        return await read(hop, url);
      } finally {
        hop.stream.destroy();
      }
    }
  } catch (error) {
    if (signal.aborted) throw timedOut(timeoutMs);
    if (error instanceof ApiError) throw error;
    throw failed(`Could not fetch the page: ${(error as Error).message}`);
  }
}

export async function safeFetch(raw: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const maxBytes = options.maxBytes ?? SCRAPE_MAX_BYTES;
  return followed(raw, options, async (hop, url) => {
    if (hop.status < 200 || hop.status >= 300) throw failed(`The page answered with status ${hop.status}`);
    const contentType = String(hop.headers['content-type'] ?? 'text/html');
    if (options.accept !== 'any' && !/^(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) throw apiError('not_html');
    if (Number(hop.headers['content-length'] ?? 0) > maxBytes) throw tooLarge(maxBytes);
    const body = await readCapped(hop, maxBytes);
    return { url: url.href, contentType, body, ...validatorsOf(hop) };
  });
}

const header = (hop: Hop, name: string) => {
  const value = hop.headers[name];
  return typeof value === 'string' && value.length <= 1024 ? value : null;
};
const validatorsOf = (hop: Hop) => ({ status: hop.status, etag: header(hop, 'etag'), lastModified: header(hop, 'last-modified') });

/** Retry-After as milliseconds from `now`: seconds, or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * Asks for `raw` through the safe fetch's rules and answers whatever status comes back (a 304
 * to a conditional request, a 429 with its Retry-After): the body is read, capped, for a 2xx only.
 */
export async function fetchConditional(raw: string, options: SafeFetchOptions = {}): Promise<FetchedAnswer> {
  const maxBytes = options.maxBytes ?? SCRAPE_MAX_BYTES;
  return followed(raw, options, async (hop, url) => {
    const contentType = String(hop.headers['content-type'] ?? '');
    const ok = hop.status >= 200 && hop.status < 300;
    if (ok && Number(hop.headers['content-length'] ?? 0) > maxBytes) throw tooLarge(maxBytes);
    const body = ok ? await readCapped(hop, maxBytes) : Buffer.alloc(0);
    return { url: url.href, contentType, body, ...validatorsOf(hop), retryAfterMs: retryAfterMs(header(hop, 'retry-after')) };
  });
}

/**
 * Whether an address answers, through the safe fetch's rules: the status of its first answer
 * that is not a redirect (its body is not read). Refusals (a private address) and failures
 * (no answer, too slow, too many redirects) are ApiErrors, as safeFetch's.
 */
export function probeAddress(raw: string, options: SafeFetchOptions = {}): Promise<number> {
  return followed(raw, options, async (hop) => hop.status);
}

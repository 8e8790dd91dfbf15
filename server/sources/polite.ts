/**
 * How the sources' requests reach other sites: one at a time per host, at least the pace apart
 * (SOURCE_HOST_PACE_MS, or the robots.txt Crawl-delay when longer), and never where the host's
 * robots.txt disallows the product's user agent. robots.txt is read with robots-parser and kept
 * for a day (RFC 9309): a 4xx but 429 means no rules, a 5xx or no answer means nothing may be
 * fetched until it is read again. Every address goes through the safe fetch's rules (private
 * ranges refused, for each redirect too). The pace is this process's; a second process keeps
 * its own.
 */
import robotsParser from 'robots-parser';
import { SOURCE_MAX_ROBOTS_BYTES } from '../../src/contract/index.ts';
import { ApiError, apiError } from '../errors.ts';
import { fetchConditional, ROBOTS_AGENT, type FetchedAnswer, type SafeFetchOptions } from '../shared/safe-fetch.ts';

/** How long a robots.txt is kept. */
const ROBOTS_TTL_MS = 24 * 60 * 60_000;
/** A robots.txt that could not be read (5xx, no answer) is asked again after this long. */
const ROBOTS_RETRY_MS = 10 * 60_000;
/** The longest Crawl-delay honoured (a longer one is read as this). */
const MAX_CRAWL_DELAY_MS = 60_000;

interface Robots {
  /** null: every address allowed; 'all': none (robots.txt unreachable). */
  rules: ReturnType<typeof robotsParser> | null | 'all';
  crawlDelayMs: number;
  expiresAt: number;
}

interface Host {
  /** The end of the last request's turn: the next starts after it and the pace. */
  queue: Promise<void>;
  /** When the last request's turn ended; undefined before the first. */
  lastAt?: number;
  robots?: Robots;
  robotsReading?: Promise<Robots>;
}

export interface PoliteOptions {
  fetch: SafeFetchOptions;
  paceMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export type RobotsDecision = { allowed: true } | { allowed: false; reason: string };

export class PoliteFetcher {
  private readonly hosts = new Map<string, Host>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: PoliteOptions) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  private host(url: string): Host {
    const key = new URL(url).host.toLowerCase();
    let host = this.hosts.get(key);
    if (!host) {
      host = { queue: Promise.resolve() };
      this.hosts.set(key, host);
    }
    return host;
  }

  /**
   * Runs `work` in `url`'s host's turn: after the requests to that host before it, and at least
   * the pace (or the host's Crawl-delay) after the last one ended.
   */
  async inTurn<T>(url: string, work: () => Promise<T>): Promise<T> {
    const host = this.host(url);
    const before = host.queue;
    let done!: () => void;
    host.queue = new Promise<void>((resolve) => (done = resolve));
    await before;
    try {
      const pace = Math.max(this.options.paceMs, host.robots?.crawlDelayMs ?? 0);
      const wait = host.lastAt === undefined ? 0 : host.lastAt + pace - this.now();
      if (wait > 0) await this.sleep(wait);
      return await work();
    } finally {
      host.lastAt = this.now();
      done();
    }
  }

  /** A request to `url` in its host's turn, conditional on the validators given. */
  fetch(url: string, validators: { etag?: string | null; lastModified?: string | null } = {}, maxBytes?: number): Promise<FetchedAnswer> {
    const headers: Record<string, string> = {
      accept: 'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.8, */*;q=0.1',
    };
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    return this.inTurn(url, () => fetchConditional(url, { ...this.options.fetch, accept: 'any', headers, ...(maxBytes ? { maxBytes } : {}) }));
  }

  /** Whether robots.txt lets the product's user agent fetch `url` (read in the host's turn, kept a day). */
  async robots(url: string): Promise<RobotsDecision> {
    const host = this.host(url);
    if (!host.robots || host.robots.expiresAt <= this.now()) {
      host.robotsReading ??= this.readRobots(url).finally(() => (host.robotsReading = undefined));
      host.robots = await host.robotsReading;
    }
    const { rules } = host.robots;
    if (rules === null) return { allowed: true };
    if (rules === 'all') return { allowed: false, reason: 'The site\'s robots.txt could not be read: nothing is fetched until it can be' };
    return rules.isAllowed(url, ROBOTS_AGENT) === false ? { allowed: false, reason: 'Disallowed by the site\'s robots.txt' } : { allowed: true };
  }

  private async readRobots(url: string): Promise<Robots> {
    const robotsUrl = new URL('/robots.txt', url).href;
    let answer: FetchedAnswer;
    try {
      answer = await this.inTurn(robotsUrl, () =>
        fetchConditional(robotsUrl, { ...this.options.fetch, accept: 'any', maxBytes: SOURCE_MAX_ROBOTS_BYTES }),
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === 'page_too_large') {
        throw apiError('fetch_failed', `The site's robots.txt is larger than ${SOURCE_MAX_ROBOTS_BYTES / 1024} KB: it was not read, and nothing is fetched`);
      }
      if (error instanceof ApiError && error.code === 'url_not_allowed') throw error;
      return { rules: 'all', crawlDelayMs: 0, expiresAt: this.now() + ROBOTS_RETRY_MS };
    }
    if (answer.status >= 200 && answer.status < 300) {
      const rules = robotsParser(robotsUrl, answer.body.toString('utf8'));
      const delay = rules.getCrawlDelay(ROBOTS_AGENT);
      const crawlDelayMs = typeof delay === 'number' && delay > 0 ? Math.min(delay * 1000, MAX_CRAWL_DELAY_MS) : 0;
      return { rules, crawlDelayMs, expiresAt: this.now() + ROBOTS_TTL_MS };
    }
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) return { rules: null, crawlDelayMs: 0, expiresAt: this.now() + ROBOTS_TTL_MS };
    return { rules: 'all', crawlDelayMs: 0, expiresAt: this.now() + ROBOTS_RETRY_MS };
  }
}

/**
 * One delivery attempt: the event POSTed to the endpoint, signed with the `standardwebhooks`
 * library (the specification's reference implementation: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature` = v1,HMAC-SHA256), within WEBHOOK_TIMEOUT_MS, to the address the SSRF
 * rules approved; redirects are not followed. What came back decides what happens next
 * (`nextStep`).
 */
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { Webhook } from 'standardwebhooks';
import {
  WEBHOOK_RESPONSE_EXCERPT_CHARS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_RETRY_EVERY_MS,
  WEBHOOK_TIMEOUT_MS,
  type WebhookDeliveryState,
} from '../../src/contract/index.ts';
import { ApiError } from '../errors.ts';
import { request } from '../shared/safe-fetch.ts';
import { parseWebhookUrl, resolveWebhookHost } from './urls.ts';

/** How much of an answer is read (the log keeps an excerpt of it). */
const MAX_RESPONSE_BYTES = 16 * 1024;

export interface SendResult {
  status: number | null;
  durationMs: number;
  error: string | null;
  response: string | null;
  /** Whether trying again may go better: timeouts, network errors, 5xx, 408, 429. */
  retryable: boolean;
  /** The receiver's Retry-After, in ms, when it sent one. */
  retryAfterMs: number | null;
}

export interface Message {
  eventId: string;
  payload: string;
  url: string;
  secret: string;
}

/** The Standard Webhooks headers of a message sent at `at`. */
export function signedHeaders(message: Pick<Message, 'eventId' | 'payload' | 'secret'>, at: Date): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'ScrapedArticlesAdmin-Webhooks/1.0',
    'webhook-id': message.eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(message.secret).sign(message.eventId, at, message.payload),
  };
}

/** Retry-After in ms: seconds, or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text?.trim()) return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const retryableStatus = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * Connections kept between deliveries, one pool per address the SSRF rules approved (a name that
 * now resolves elsewhere gets the pool of its new, checked address): a receiver taking a burst
 * of events is not connected to anew for each.
 */
const agents = new Map<string, http.Agent>();
const MAX_POOLS = 64;

function agentFor(url: URL, target: { address: string }): http.Agent {
  const key = `${url.protocol}//${target.address}:${url.port}/${url.hostname}`;
  let agent = agents.get(key);
  if (!agent) {
    if (agents.size >= MAX_POOLS) {
      const [oldest, pool] = agents.entries().next().value!;
      agents.delete(oldest);
      pool.destroy();
    }
    const options = { keepAlive: true, keepAliveMsecs: 1_000, maxSockets: 64, maxFreeSockets: 16, timeout: WEBHOOK_TIMEOUT_MS };
    agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

export async function sendMessage(message: Message, allow: net.BlockList | undefined, now = new Date()): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const signal = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
  const body = Buffer.from(message.payload);
  try {
    const url = parseWebhookUrl(message.url);
    const target = await resolveWebhookHost(url, allow);
    const hop = await request(url, target, signal, {
      method: 'POST',
      headers: { ...signedHeaders(message, now), 'content-length': String(body.length) },
      body,
      agent: agentFor(url, target),
    });
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of hop.stream) {
        chunks.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (size >= MAX_RESPONSE_BYTES) break;
      }
    } finally {
      hop.stream.destroy();
    }
    const text = Buffer.concat(chunks).toString('utf8');
    const response = text ? text.slice(0, WEBHOOK_RESPONSE_EXCERPT_CHARS) : null;
    const status = hop.status;
    const ok = status >= 200 && status < 300;
    return {
      status,
      durationMs: elapsed(),
      error: ok
        ? null
        : status >= 300 && status < 400
          ? 'Redirects are not followed: register the address it points to'
          : retryableStatus(status)
            ? `The endpoint answered ${status}`
            : `The endpoint answered ${status}: not retried`,
      response,
      retryable: !ok && retryableStatus(status),
      retryAfterMs: parseRetryAfter(hop.headers['retry-after'], now.getTime()),
    };
  } catch (error) {
    const timedOut = signal.aborted;
    return {
      status: null,
      durationMs: elapsed(),
      error: timedOut
        ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`
        : error instanceof ApiError
          ? error.message
          : `Could not connect: ${(error as Error).message}`,
      response: null,
      // A refused address (the name points somewhere private now) is the admin's to fix; the rest may pass.
      retryable: !(error instanceof ApiError && error.code !== 'fetch_failed'),
      retryAfterMs: null,
    };
  }
}

/** The wait before the retry that follows attempt `attempt` (1-based): the schedule, then every 3 h. */
export function retryDelay(attempt: number): number {
  return WEBHOOK_RETRY_DELAYS_MS[attempt - 1] ?? WEBHOOK_RETRY_EVERY_MS;
}

/**
 * What follows an attempt: delivered; or pending again after the schedule's wait (or the
 * receiver's Retry-After, at least 1 s) if that is within the delivery's 24 h; else failed.
 */
export function nextStep(
  result: Pick<SendResult, 'status' | 'retryable' | 'retryAfterMs'>,
  attempt: number,
  now: Date,
  retryUntil: Date,
): { state: WebhookDeliveryState; nextAt: Date | null } {
  if (result.status !== null && result.status >= 200 && result.status < 300) return { state: 'delivered', nextAt: null };
  if (!result.retryable) return { state: 'failed', nextAt: null };
  const wait = result.retryAfterMs !== null ? Math.max(1_000, result.retryAfterMs) : retryDelay(attempt);
  const nextAt = new Date(now.getTime() + wait);
  if (nextAt.getTime() > retryUntil.getTime()) return { state: 'failed', nextAt: null };
  return { state: 'pending', nextAt };
}

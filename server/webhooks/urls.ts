/**
 * Which URLs may receive webhooks: http(s), no credentials, and a host whose every address is
 * public, as the scraper's rules say (server/shared/safe-fetch.ts), unless WEBHOOK_ALLOW_CIDRS
 * allows its range. Checked when an endpoint is registered, and again at each delivery (a name
 * may point elsewhere since).
 */
import type net from 'node:net';
import { webhookMessages } from '../../src/contract/index.ts';
import { ApiError, apiError } from '../errors.ts';
import { blockList, resolveChecked } from '../shared/safe-fetch.ts';

/** The URL, parsed, or a 400 that says what is wrong with it. */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw apiError('invalid_url', webhookMessages.invalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw apiError('invalid_url', webhookMessages.onlyHttp);
  if (url.username || url.password) throw apiError('invalid_url', webhookMessages.withCredentials);
  return url;
}

/** The ranges WEBHOOK_ALLOW_CIDRS allows, ready for resolveWebhookHost. */
export const webhookAllowList = (cidrs: readonly string[]) => (cidrs.length ? blockList([...cidrs]) : undefined);

/** The address to connect to for `url`: resolved now, refused (400) when private and not allowed. */
export function resolveWebhookHost(url: URL, allow: net.BlockList | undefined) {
  return resolveChecked(url.hostname, allow, webhookMessages.privateAddress);
}

/** Checks a URL an admin registers: its form, and where its host points now. */
export async function checkWebhookUrl(raw: string, allow: net.BlockList | undefined): Promise<string> {
  const url = parseWebhookUrl(raw);
  try {
    await resolveWebhookHost(url, allow);
  } catch (error) {
    // A name that does not resolve is the admin's to fix: a 400, not the scraper's 502.
    if (error instanceof ApiError && error.code === 'fetch_failed') {
      throw apiError('url_not_allowed', webhookMessages.unresolvable(url.hostname));
    }
    throw error;
  }
  return url.href;
}

/**
 * The checks before publishing (src/contract/checks.ts), in a worker thread (server/workers/tasks.ts):
 * an article's saved blog HTML parsed by jsdom, and the addresses of other sites it holds asked
 * through the scraper's safe fetch (a private address is never fetched). Never on the request thread.
 */
import { JSDOM } from 'jsdom';
import { addressesOf, checkArticle, checkTexts, type AddressCheck, type ArticleChecks } from '../../src/contract/index.ts';
import { ApiError } from '../errors.ts';
import { probeAddress, type SafeFetchOptions } from '../scrape/safe-fetch.ts';

export function checkArticleHtml(
  html: string,
  title: string | null,
  checkedAt: Date,
): { checks: ArticleChecks; addresses: { links: string[]; images: string[] } } {
  // No scripts run, nothing is fetched: jsdom's defaults.
  const dom = new JSDOM(`<!doctype html><body>${html}</body>`);
  try {
    const { document } = dom.window;
    return { checks: checkArticle(document, title, checkedAt), addresses: addressesOf(document) };
  } finally {
    dom.window.close();
  }
}

/** How many addresses are asked at once. */
const AT_ONCE = 8;

/** What one address answered: 2xx passes; another status, no answer or a refusal fails, saying which. */
async function probe(url: string, options: SafeFetchOptions): Promise<AddressCheck> {
  try {
    const status = await probeAddress(url, options);
    return status >= 200 && status < 300 ? { url, ok: true, detail: '' } : { url, ok: false, detail: checkTexts.status(status) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A private address (at first or after a redirect) is refused before any request; a redirect
    // to another scheme or with credentials is refused with its own reason.
    const privateAddress = error.code === 'url_not_allowed' && !error.message.startsWith('Redirect refused');
    return { url, ok: false, detail: privateAddress ? checkTexts.notChecked : error.message };
  }
}

export async function probeAddresses(urls: string[], options: SafeFetchOptions): Promise<AddressCheck[]> {
  const queue = [...urls];
  const found: AddressCheck[] = [];
  const next = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) found.push(await probe(url, options));
  };
  await Promise.all(Array.from({ length: AT_ONCE }, next));
  return found;
}

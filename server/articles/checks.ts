/**
 * The checks before publishing (src/contract/checks.ts) on an article's saved blog HTML, parsed
 * by jsdom in a worker thread (server/workers/tasks.ts `checkArticle`): never on the request thread.
 */
import { JSDOM } from 'jsdom';
import { checkArticle, type ArticleChecks } from '../../src/contract/index.ts';

export function checkArticleHtml(html: string, title: string | null, checkedAt: Date): ArticleChecks {
  // No scripts run, nothing is fetched: jsdom's defaults.
  const dom = new JSDOM(`<!doctype html><body>${html}</body>`);
  try {
    return checkArticle(dom.window.document, title, checkedAt);
  } finally {
    dom.window.close();
  }
}

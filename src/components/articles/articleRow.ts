import type { ArticleCard } from '../../contract';
import { shortId } from '../../lib/format';
import { texts } from '../../lib/texts';

/** The title a row shows: the article's title, else what its card is named ('Article #…'). */
export function articleRowTitle(article: Pick<ArticleCard, 'id' | 'title'>): string {
  return article.title || texts.articles.cardTitle(shortId(article.id));
}

/** The host of the scraped page ("garden.example.com"), or null without a (valid) address. */
export function sourceSite(scrapedUrl: string | null): string | null {
  if (!scrapedUrl) return null;
  try {
    return new URL(scrapedUrl).host || null;
  } catch {
    return null;
  }
}

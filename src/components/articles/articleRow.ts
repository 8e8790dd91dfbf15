import type { ArticleCard } from '../../contract';
import { shortId } from '../../lib/format';
import { texts } from '../../lib/texts';

/** The title a row shows until articles have titles: the slug, else the card's 'Article #…'. */
export function articleRowTitle(article: Pick<ArticleCard, 'id' | 'slug'>): string {
  return article.slug || texts.articles.cardTitle(shortId(article.id));
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

import type { BulkAction, BulkResult } from '../../contract';
import { bulkTexts as t } from '../../lib/texts-articles';

/**
 * What a bulk action's toast says: the title counts the articles changed ('3 articles
 * published'); the lines say how many were already so and, grouped by the server's message,
 * how many were refused ('1 could not be changed: Article not found').
 */
export function bulkSummary(action: BulkAction, result: BulkResult): { title: string; lines: string[] } {
  const lines: string[] = [];
  if (result.unchanged.length > 0) lines.push(t.unchanged[action](result.unchanged.length));
  const byMessage = new Map<string, number>();
  for (const refusal of result.refused) byMessage.set(refusal.message, (byMessage.get(refusal.message) ?? 0) + 1);
  for (const [message, n] of byMessage) lines.push(t.refused(n, message));
  return { title: t.changed[action](result.changed.length), lines };
}

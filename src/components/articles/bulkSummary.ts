import type { BulkRequest, BulkResult } from '../../contract';
import { bulkTexts as t } from '../../lib/texts-articles';
import { scheduleTexts } from '../../lib/texts-schedule';

/**
 * What a bulk action's toast says: the title counts the articles changed ('3 articles
 * published', '2 articles scheduled'); the lines say how many were already so and, grouped by
 * the server's message, how many were refused ('1 could not be changed: Article not found';
 * a schedule's: '1 could not be scheduled: This article is already published: …').
 */
export function bulkSummary(action: BulkRequest['action'], result: BulkResult): { title: string; lines: string[] } {
  const lines: string[] = [];
  if (result.unchanged.length > 0 && action !== 'schedule') lines.push(t.unchanged[action](result.unchanged.length));
  const byMessage = new Map<string, number>();
  for (const refusal of result.refused) byMessage.set(refusal.message, (byMessage.get(refusal.message) ?? 0) + 1);
  const refused = action === 'schedule' ? scheduleTexts.bulkRefused : t.refused;
  for (const [message, n] of byMessage) lines.push(refused(n, message));
  const title = action === 'schedule' ? scheduleTexts.bulkScheduled(result.changed.length) : t.changed[action](result.changed.length);
  return { title, lines };
}

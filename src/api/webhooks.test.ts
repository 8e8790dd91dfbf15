import { describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookDeliveryList } from '../contract';
import { LOG_REFRESH_MS, logRefreshInterval } from './webhooks';

const now = Date.parse('2026-11-24T10:00:00Z');
const delivery = (state: WebhookDelivery['state'], nextAttemptAt: string | null = null): WebhookDelivery => ({
  id: `d-${state}-${nextAttemptAt}`,
  eventId: 'msg_1',
  type: 'article.published',
  createdAt: '2026-11-24T09:00:00Z',
  state,
  nextAttemptAt,
  attempts: [],
  payload: '{}',
});
const pages = (...data: WebhookDelivery[][]): WebhookDeliveryList[] => data.map((d) => ({ data: d, nextCursor: null }));

describe('logRefreshInterval', () => {
  it('asks again while a pending delivery is due within a minute, or overdue', () => {
    expect(logRefreshInterval(pages([delivery('delivered')], [delivery('pending', '2026-11-24T10:00:45Z')]), now)).toBe(LOG_REFRESH_MS);
    expect(logRefreshInterval(pages([delivery('pending', '2026-11-24T09:59:00Z')]), now)).toBe(LOG_REFRESH_MS);
    expect(logRefreshInterval(pages([delivery('pending', null)]), now)).toBe(LOG_REFRESH_MS);
  });

  it('does not while the next attempt is further away, or nothing is pending', () => {
    expect(logRefreshInterval(pages([delivery('pending', '2026-11-24T10:15:00Z')]), now)).toBe(false);
    expect(logRefreshInterval(pages([delivery('delivered'), delivery('failed')]), now)).toBe(false);
    expect(logRefreshInterval(undefined, now)).toBe(false);
  });
});

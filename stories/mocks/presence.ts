/**
 * Who else is on an article, for the stories (src/contract/presence.ts): the page's stream
 * answers with the given pages (and, when asked, tells this page that its lease was taken over),
 * and stays open as the server's does; saying whether the page edits, and taking over, answer as
 * the server does (409 `lease_held` while another page holds the lease; a take-over passes it).
 */
import { http, HttpResponse } from 'msw';
import { presenceMessages, type Presence, type PresenceTaken } from '../../src/contract';
import { errorResponse } from './errors';

const API = '*/api/articles';

/** A stream that sends `events` then stays open (until the page closes it), as the server's do. */
export function eventStream(events: readonly { event: string; data: unknown }[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('retry: 1000\n\n'));
      for (const { event, data } of events) controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
  });
  return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' } });
}

export interface PresenceOptions {
  /** The other pages on the article. */
  others?: readonly Presence[];
  /** This page's lease was taken over: told at once. */
  taken?: PresenceTaken;
  /** The lease lapsed before a take-over reached the server: it is refused. */
  lapsed?: boolean;
}

/** The presence calls of the article page. */
export function presenceApi({ others = [], taken, lapsed = false }: PresenceOptions = {}) {
  let pages = [...others];
  return [
    http.get(`${API}/:id/presence/stream`, () =>
      eventStream([{ event: 'presence', data: { data: pages } }, ...(taken ? [{ event: 'taken', data: taken }] : [])]),
    ),
    http.put(`${API}/:id/presence`, async ({ request }) => {
      const { editing } = ((await request.json().catch(() => ({}))) ?? {}) as { editing?: boolean };
      const holder = pages.find((p) => p.editingSince);
      if (editing && holder) return errorResponse('lease_held', presenceMessages.leaseHeld(holder.email, holder.editingSince!));
      return HttpResponse.json({ data: pages });
    }),
    http.post(`${API}/:id/presence/takeover`, () => {
      if (lapsed || !pages.some((p) => p.editingSince)) return errorResponse('lease_lapsed');
      pages = pages.map((p) => ({ ...p, editingSince: null }));
      return HttpResponse.json({ data: pages });
    }),
  ];
}

/**
 * MSW handlers for the Sources screen: an in-memory fake of /api/sources (server/routes/sources.ts)
 * with the contract's schemas and messages: sources (added, paused, resumed, deleted, polled) and
 * their entries by keyset pages newest first, and the server's refusals (an address that is not
 * http(s) or private, a feed followed already, a page that names no feed, unknown ids).
 */
import { delay, http, HttpResponse } from 'msw';
import {
  serverMessages,
  SOURCE_DEFAULT_INTERVAL_MINUTES,
  sourceCreateSchema,
  sourceEntryQuerySchema,
  sourceMessages,
  sourcePatchSchema,
  type Source,
  type SourceCreated,
  type SourceEntry,
  type SourceEntryList,
  type SourceList,
  type SourcePoll,
} from '../../src/contract';
import { draftsPerDay, sampleSourceEntries, sampleSources, STORY_ADMIN } from '../fixtures';
import { errorResponse, invalidInput as invalid, PRIVATE_HOST } from './errors';

const SCRAPE_REFUSAL = 'This address is not allowed: private, loopback and link-local addresses cannot be scraped';

/**
 * What the fake server finds at an address (server/sources/read.ts reads the real one): a path
 * ending in .xml or .json is a feed (`sitemap` in its name: a sitemap); `nofeed` in it, a page
 * naming none; any other page names two feeds, /feed.xml and /atom.xml.
 */
function readAddress(raw: string): { feedUrl: string; kind: Source['kind']; found: string[] } | { refusal: Response } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { refusal: errorResponse('invalid_url', serverMessages.invalidUrl) };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refusal: errorResponse('invalid_url', serverMessages.onlyHttpUrls) };
  if (url.username || url.password) return { refusal: errorResponse('invalid_url', serverMessages.urlWithCredentials) };
  if (PRIVATE_HOST.test(url.hostname)) return { refusal: errorResponse('url_not_allowed', SCRAPE_REFUSAL) };
  if (url.pathname.includes('nofeed')) return { refusal: errorResponse('no_feed_found', sourceMessages.noFeedFound) };
  if (/\.(xml|json)$/.test(url.pathname)) return { feedUrl: url.href, kind: url.pathname.includes('sitemap') ? 'sitemap' : 'feed', found: [] };
  const found = [new URL('/feed.xml', url).href, new URL('/atom.xml', url).href];
  return { feedUrl: found[0]!, kind: 'feed', found };
}

const notFound = () => errorResponse('not_found', sourceMessages.notFound);

export const sourceHandlers = {
  /**
   * The screen's calls, over an in-memory state that the story's actions change; a poll answers
   * `poll` (by default one new entry made a draft).
   */
  api: ({
    sources = sampleSources,
    entries = sampleSourceEntries(),
    poll = { found: 1, created: 1, skipped: 0, refused: 0, failed: 0, notModified: 0, error: null },
  }: { sources?: readonly Source[]; entries?: Record<string, SourceEntry[]>; poll?: SourcePoll } = {}) => {
    let list = sources.map((source) => ({ ...source }));
    const logs = new Map(list.map((source) => [source.id, [...(entries[source.id] ?? [])]]));
    let next = 1;
    const find = (id: unknown) => list.find((source) => source.id === id);
    const now = () => new Date().toISOString();
    const replace = (updated: Source) => {
      list = list.map((source) => (source.id === updated.id ? updated : source));
      return updated;
    };
    return [
      http.get('*/api/sources', () => HttpResponse.json<SourceList>({ data: list })),
      http.post('*/api/sources', async ({ request }) => {
        const parsed = sourceCreateSchema.safeParse(await request.json());
        if (!parsed.success) return invalid('body', parsed.error);
        const read = readAddress(parsed.data.url);
        if ('refusal' in read) return read.refusal;
        if (list.some((source) => source.feedUrl === read.feedUrl)) return errorResponse('source_exists');
        const source: Source = {
          id: `src_new${next++}`,
          url: parsed.data.url.trim(),
          feedUrl: read.feedUrl,
          kind: read.kind,
          title: null,
          intervalMinutes: parsed.data.intervalMinutes ?? SOURCE_DEFAULT_INTERVAL_MINUTES,
          include: parsed.data.include || null,
          paused: false,
          createdAt: now(),
          createdBy: STORY_ADMIN,
          lastPolledAt: null,
          // Its first poll is a minute away (server/repositories/sources.ts FIRST_POLL_AFTER_MS).
          nextPollAt: new Date(Date.now() + 60_000).toISOString(),
          lastError: null,
          failures: 0,
          notModified: 0,
          counts: { found: 0, created: 0, skipped: 0, refused: 0, failed: 0 },
          watch: parsed.data.watch ?? true,
          draftsPerDay: draftsPerDay([], now().slice(0, 10)),
        };
        list = [...list, source];
        logs.set(source.id, []);
        return HttpResponse.json<SourceCreated>({ data: source, found: read.found }, { status: 201 });
      }),
      http.get('*/api/sources/:id', ({ params }) => {
        const source = find(params.id);
        return source ? HttpResponse.json({ data: source }) : notFound();
      }),
      http.patch('*/api/sources/:id', async ({ params, request }) => {
        const parsed = sourcePatchSchema.safeParse(await request.json());
        if (!parsed.success) return invalid('body', parsed.error);
        const current = find(params.id);
        if (!current) return notFound();
        const { intervalMinutes, paused, include, watch } = parsed.data;
        const updated = replace({
          ...current,
          ...(intervalMinutes !== undefined ? { intervalMinutes } : {}),
          ...(watch !== undefined ? { watch } : {}),
          ...(include !== undefined ? { include: include || null } : {}),
          // Paused: no next poll; resumed: polled at once, its failures forgotten.
          ...(paused === true ? { paused: true, nextPollAt: null } : {}),
          ...(paused === false && current.paused ? { paused: false, nextPollAt: now(), failures: 0, lastError: null } : {}),
        });
        return HttpResponse.json({ data: updated });
      }),
      http.delete('*/api/sources/:id', ({ params }) => {
        if (!find(params.id)) return notFound();
        list = list.filter((source) => source.id !== params.id);
        logs.delete(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('*/api/sources/:id/poll', ({ params }) => {
        const current = find(params.id);
        if (!current) return notFound();
        const polledAt = now();
        const counts = { ...current.counts };
        for (const key of ['found', 'created', 'skipped', 'refused', 'failed'] as const) counts[key] += poll[key];
        // Its drafts land on the chart's last day (today, for the stories' sources).
        const days = current.draftsPerDay;
        replace({
          ...current,
          lastPolledAt: polledAt,
          counts,
          ...(days?.length ? { draftsPerDay: [...days.slice(0, -1), { ...days.at(-1)!, drafts: days.at(-1)!.drafts + poll.created }] } : {}),
          notModified: current.notModified + poll.notModified,
          lastError: poll.error,
          failures: poll.error ? current.failures + 1 : 0,
        });
        if (poll.created) {
          const log = logs.get(current.id) ?? [];
          const entry: SourceEntry = {
            url: new URL(`/2026/06/15/new-story-${next}`, current.feedUrl).href,
            title: `A new story (${next++})`,
            state: 'created',
            reason: null,
            articleId: 'art_01JD8W4G7Q2Z9K3M5N6P7R8S9T',
            seenAt: polledAt,
          };
          logs.set(current.id, [entry, ...log]);
        }
        return HttpResponse.json({ data: poll });
      }),
      http.get('*/api/sources/:id/entries', ({ params, request }) => {
        const query = sourceEntryQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!query.success) return invalid('querystring', query.error);
        const source = find(params.id);
        if (!source) return notFound();
        const { limit, cursor } = query.data;
        const log = logs.get(source.id) ?? [];
        // The cursor: the position after the page before (the server's is opaque too).
        const start = cursor === undefined ? 0 : Number(cursor);
        if (cursor !== undefined && !(Number.isInteger(start) && start > 0)) return errorResponse('invalid_cursor', serverMessages.invalidCursor);
        const page = log.slice(start, start + limit);
        const more = start + limit < log.length;
        return HttpResponse.json<SourceEntryList>({ data: page, nextCursor: more ? String(start + limit) : null });
      }),
    ];
  },
  /** No source yet. */
  empty: () => sourceHandlers.api({ sources: [], entries: {} }),
  /** The list never answers. */
  loading: () => [http.get('*/api/sources', () => delay('infinite'))],
  /** The database is down: the list fails. */
  failing: () => [http.get('*/api/sources', () => errorResponse('database_unavailable'))],
  /** A poll never answers (use after `api`): the source shows Polling... */
  pollRunning: () => [http.post('*/api/sources/:id/poll', () => delay('infinite'))],
  /** Entries never answer (use after `api`). */
  entriesLoading: () => [http.get('*/api/sources/:id/entries', () => delay('infinite'))],
};

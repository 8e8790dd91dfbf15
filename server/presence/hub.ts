/**
 * Who else has an article open, live, across processes (src/contract/presence.ts). Each open
 * article page holds one server-sent-events stream with this process; every change (a tab
 * opening, closing, editing, taking over) is announced on PostgreSQL's LISTEN/NOTIFY, and each
 * process sends the new list to its own streams of that article. Every PRESENCE_RENEW_MS a
 * process renews its tabs (one statement) and sends any list that changed meanwhile (a tab of a
 * process that died lapses): LISTEN/NOTIFY makes it immediate, the renewal makes it certain.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  PRESENCE_RENEW_MS,
  presenceMessages,
  type Presence,
  type PresenceTaken,
} from '../../src/contract/index.ts';
import type { Database } from '../db/database.ts';
import { apiError } from '../errors.ts';
import {
  announce,
  closeTab,
  lockArticleTabs,
  markTaken,
  openTab,
  presenceOf,
  renewTabs,
  setEditing,
  sweepTabs,
  takeTakenNotice,
} from '../repositories/presence.ts';

export const PRESENCE_CHANNEL = 'article_presence';

/** What a notice on the channel says: the article whose list changed, and a take-over's tab. */
interface Notice {
  article: string;
  taken?: { tab: string } & PresenceTaken;
}

interface Stream {
  tab: string;
  article: string;
  /** Which stream of the tab this is (the row names its newest). */
  id: string;
  out: ServerResponse;
  /** The last list sent (JSON): a list is sent only when it changed. */
  sent?: string;
}

/** One sweep of lapsed rows per this many renewals. */
const SWEEP_EVERY = 20;

export class PresenceHub {
  private readonly streams = new Map<string, Stream>();
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private ticks = 0;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
    private readonly renewMs = PRESENCE_RENEW_MS,
  ) {}

  async start() {
    this.stopListening = await this.db.listen(
      PRESENCE_CHANNEL,
      (payload) => void this.heard(payload).catch(this.onError),
      // Notices may have been missed: the next renewal sends what changed.
      () => {},
    );
    this.timer = setInterval(() => void this.renew().catch(this.onError), this.renewMs);
    this.timer.unref();
  }

  /** How many streams this process holds. */
  get size() {
    return this.streams.size;
  }

  /**
   * Opens the tab's stream on `out` (headers already sent): the list now, a take-over it missed,
   * then every change until `out` closes. Refuses a tab id another account uses.
   */
  async open(tab: string, article: string, userId: string, out: ServerResponse) {
    // The tab is this stream's from now on: the close of its earlier stream (a page reloaded, a
    // stream reconnecting), heard while the row is written, is that stream's alone, and the
    // database ignores a close of an earlier stream that lands after this stream's open.
    const previous = this.streams.get(tab);
    const stream: Stream = { tab, article, out, id: randomUUID() };
    this.streams.set(tab, stream);
    const release = () => {
      if (this.streams.get(tab) !== stream) return false;
      this.streams.delete(tab);
      return true;
    };
    const opening = openTab(this.db, tab, article, userId, stream.id);
    out.on('close', () => {
      if (!release()) return;
      // Written after this stream's open, whenever the stream goes.
      void opening
        .catch(() => false)
        .then(() => closeTab(this.db, tab, stream.id))
        .then(() => this.announce({ article }))
        .catch(this.onError);
    });
    // Refused (the tab is another account's, or the database failed): the earlier stream, if
    // any, keeps the tab; accepted: the earlier stream ends.
    const opened = await opening.catch((error: unknown) => error);
    if (opened !== true) {
      if (release() && previous) this.streams.set(tab, previous);
      throw opened === false ? apiError('not_found', presenceMessages.tabNotOpen) : opened;
    }
    if (previous) previous.out.end();
    // The browser reconnects after a second when the stream breaks (a process going away).
    out.write('retry: 1000\n\n');
    // A take-over while the page's stream was away (its process went): told now.
    const taken = await takeTakenNotice(this.db, tab);
    if (taken) write(stream, 'taken', taken);
    await this.announce({ article });
  }

  /** The tab edits, or stops; refused while another tab holds the lease (409 `lease_held`). */
  async setEditing(tab: string, article: string, userId: string, editing: boolean): Promise<Presence[]> {
    await this.db.transaction(async (tx) => {
      const tabs = await lockArticleTabs(tx, article);
      const mine = tabs.find((t) => t.tab === tab && t.user_id === userId);
      if (!mine) throw apiError('not_found', presenceMessages.tabNotOpen);
      const holder = tabs.find((t) => t.tab !== tab && t.held);
      if (editing && holder) {
        throw apiError('lease_held', presenceMessages.leaseHeld(holder.email, new Date(holder.editing_since!).toISOString()));
      }
      await setEditing(tx, tab, editing);
    });
    return this.announce({ article });
  }

  /**
   * The tab takes the lease from the tab holding it, which is told at once; refused when no
   * other tab holds it any more (409 `lease_lapsed`).
   */
  async takeOver(tab: string, article: string, user: { id: string; email: string }): Promise<Presence[]> {
    const taken = await this.db.transaction(async (tx) => {
      const tabs = await lockArticleTabs(tx, article);
      if (!tabs.some((t) => t.tab === tab && t.user_id === user.id)) throw apiError('not_found', presenceMessages.tabNotOpen);
      const holder = tabs.find((t) => t.tab !== tab && t.held);
      if (!holder) throw apiError('lease_lapsed');
      const at = await markTaken(tx, holder.tab, user.email);
      await setEditing(tx, tab, true);
      return { tab: holder.tab, by: user.email, at: new Date(at).toISOString() };
    });
    return this.announce({ article, taken });
  }

  /** Tells every process (this one included, through the channel) that the article's list changed; answers the list. */
  private async announce(notice: Notice): Promise<Presence[]> {
    await announce(this.db, PRESENCE_CHANNEL, JSON.stringify(notice));
    return (await presenceOf(this.db, [notice.article])).get(notice.article) ?? [];
  }

  private async heard(payload: string) {
    const notice = JSON.parse(payload) as Notice;
    const stream = notice.taken && this.streams.get(notice.taken.tab);
    if (stream) {
      const taken = await takeTakenNotice(this.db, stream.tab);
      if (taken) write(stream, 'taken', taken);
    }
    await this.send([notice.article]);
  }

  /** Sends each article's list to this process's streams of it, where it changed. */
  private async send(articles: readonly string[]) {
    const mine = articles.filter((article) => [...this.streams.values()].some((s) => s.article === article));
    if (!mine.length) return;
    const lists = await presenceOf(this.db, mine);
    for (const stream of this.streams.values()) {
      const list = lists.get(stream.article);
      if (!list) continue;
      const json = JSON.stringify({ data: list });
      if (json === stream.sent) continue;
      stream.sent = json;
      stream.out.write(`event: presence\ndata: ${json}\n\n`);
    }
  }

  private async renew() {
    const streams = [...this.streams.values()];
    await renewTabs(this.db, streams.map((s) => s.tab));
    // A comment keeps proxies from closing a quiet stream.
    for (const stream of streams) stream.out.write(': renewed\n\n');
    const swept = ++this.ticks % SWEEP_EVERY === 0 ? await sweepTabs(this.db) : [];
    await this.send([...new Set([...streams.map((s) => s.article), ...swept])]);
  }

  async close() {
    clearInterval(this.timer);
    await this.stopListening?.();
    for (const stream of this.streams.values()) stream.out.end();
    this.streams.clear();
  }
}

function write(stream: Stream, event: string, data: unknown) {
  stream.out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

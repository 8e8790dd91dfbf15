/**
 * The bell's live news (GET /notifications/stream): each signed-in console holds one
 * server-sent-events stream, and hears `notifications` ({ unread }) whenever its account's list
 * changes: a notification written (on commit, from any process on the database, through
 * LISTEN/NOTIFY) or some marked read in another tab. The console then reads its list again.
 */
import type { ServerResponse } from 'node:http';
import type { Database } from '../db/database.ts';
import { NOTIFICATIONS_CHANNEL, unreadCount } from '../repositories/notifications.ts';

/** How often a quiet stream gets a comment, so that proxies keep it open. */
const KEEP_ALIVE_MS = 25_000;

export class NotificationHub {
  private readonly streams = new Map<string, Set<ServerResponse>>();
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start() {
    this.stopListening = await this.db.listen(
      NOTIFICATIONS_CHANNEL,
      (payload) => void this.heard(payload).catch(this.onError),
      // Notices may have been missed: every stream reads its count again.
      () => void this.tell([...this.streams.keys()]).catch(this.onError),
    );
    this.timer = setInterval(() => {
      for (const outs of this.streams.values()) for (const out of outs) out.write(': alive\n\n');
    }, KEEP_ALIVE_MS);
    this.timer.unref();
  }

  /** How many streams this process holds. */
  get size() {
    return [...this.streams.values()].reduce((sum, outs) => sum + outs.size, 0);
  }

  /** Opens the account's stream on `out` (headers already sent): the unread count now, then each change until `out` closes. */
  async open(userId: string, out: ServerResponse) {
    let outs = this.streams.get(userId);
    if (!outs) this.streams.set(userId, (outs = new Set()));
    outs.add(out);
    out.on('close', () => {
      outs.delete(out);
      if (!outs.size && this.streams.get(userId) === outs) this.streams.delete(userId);
    });
    // The browser reconnects after three seconds when the stream breaks (a process going away).
    out.write('retry: 3000\n\n');
    write(out, await unreadCount(this.db, userId));
  }

  private async heard(payload: string) {
    const { users } = JSON.parse(payload) as { users: string[] };
    await this.tell(users.filter((id) => this.streams.has(id)));
  }

  /** Sends each account's unread count to its streams in this process. */
  private async tell(userIds: readonly string[]) {
    for (const userId of userIds) {
      const outs = this.streams.get(userId);
      if (!outs?.size) continue;
      const unread = await unreadCount(this.db, userId);
      for (const out of outs) write(out, unread);
    }
  }

  async close() {
    clearInterval(this.timer);
    await this.stopListening?.();
    for (const outs of this.streams.values()) for (const out of outs) out.end();
    this.streams.clear();
  }
}

function write(out: ServerResponse, unread: number) {
  out.write(`event: notifications\ndata: ${JSON.stringify({ unread })}\n\n`);
}

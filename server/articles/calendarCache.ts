/**
 * The calendar's answers, kept by this process until a change could alter them. A month of a
 * busy library is thousands of entries (a megabyte of JSON, tens of milliseconds of the
 * database's time), read by every console that opens the calendar, and changed far less often.
 *
 * Each statement that writes what an entry shows says so on the `calendar` channel (migration
 * 35's triggers), heard by every process once its transaction commits. A notice drops every
 * kept answer and starts a new generation; an answer read while a notice came in is sent but
 * not kept (it may predate the change). While the listening connection is lost nothing is kept
 * or served from memory: every read goes to the database until it listens again.
 *
 * A notice comes a moment after its commit; a console that moves an entry and reads the calendar
 * again must see the move at once. So a write this process answers also drops the kept answers
 * before its answer leaves (buildApp's onSend hook): the next read it sends finds none.
 */
import type { Database } from '../db/database.ts';
import { CALENDAR_CHANNEL } from '../repositories/calendar.ts';

/** The characters of JSON kept at most (about 16 MB: a dozen full months at once). */
export const CALENDAR_CACHE_CHARS = 8_000_000;

const WRITES_OF_ARTICLES = /^\/api\/(articles|sources|users)(\/|\?|$)/;
const NOT_THE_CALENDAR = /\/(presence|comments)(\/|\?|$)/;

/**
 * Whether a request may change what the calendar shows (a write of articles, of sources that
 * merge into them, or of accounts): its answer drops the kept ones. Presence and comments do not.
 */
export function mayChangeCalendar(method: string, url: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  return WRITES_OF_ARTICLES.test(url) && !NOT_THE_CALENDAR.test(url);
}

export class CalendarCache {
  private readonly answers = new Map<string, string>();
  private chars = 0;
  private generation = 0;
  private listening = false;
  private stopListening: (() => Promise<void>) | undefined;
  /** How many reads were answered from memory, and how many from the database (the tests read them). */
  readonly counts = { kept: 0, read: 0 };

  constructor(
    private readonly db: Database,
    private readonly limitChars = CALENDAR_CACHE_CHARS,
  ) {}

  async start() {
    this.stopListening = await this.db.listen(
      CALENDAR_CHANNEL,
      () => this.forget(),
      (state) => {
        this.forget();
        this.listening = state === 'back';
      },
    );
    this.listening = true;
  }

  /** The answer kept under `key`, or the one `read` gives (kept unless a change came in meanwhile). */
  async answer(key: string, read: () => Promise<string>): Promise<string> {
    const kept = this.listening ? this.answers.get(key) : undefined;
    if (kept !== undefined) {
      // Kept as the most recent: the oldest go first when the budget is spent.
      this.answers.delete(key);
      this.answers.set(key, kept);
      this.counts.kept++;
      return kept;
    }
    const generation = this.generation;
    const json = await read();
    this.counts.read++;
    if (this.listening && generation === this.generation && json.length <= this.limitChars) this.keep(key, json);
    return json;
  }

  private keep(key: string, json: string) {
    const before = this.answers.get(key);
    if (before !== undefined) {
      this.chars -= before.length;
      this.answers.delete(key);
    }
    this.answers.set(key, json);
    this.chars += json.length;
    for (const [oldest, value] of this.answers) {
      if (this.chars <= this.limitChars) break;
      this.answers.delete(oldest);
      this.chars -= value.length;
    }
  }

  /** Drops every kept answer: the calendar may have changed (a notice, or a write this process answered). */
  forget() {
    this.generation++;
    this.answers.clear();
    this.chars = 0;
  }

  async close() {
    this.listening = false;
    this.forget();
    await this.stopListening?.();
  }
}

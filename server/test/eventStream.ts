/**
 * A server-sent-events stream read over real HTTP, as a browser's EventSource reads it: the
 * events heard so far, and a wait for the next one that passes a test. The server's `retry:` line
 * (written once it has taken the stream) is heard as an event `retry`.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { auth } from './helpers.ts';

export interface StreamEvent {
  event: string;
  data: unknown;
}

export class EventStreamReader {
  readonly events: StreamEvent[] = [];
  private readonly waiters: { test: (e: StreamEvent) => boolean; resolve: (e: StreamEvent) => void }[] = [];
  private readonly controller = new AbortController();
  status = 0;

  constructor(
    /** Named in a wait's failure. */
    readonly name: string,
    readonly token: string,
  ) {}

  async connect(url: string) {
    const res = await fetch(url, { headers: auth(this.token), signal: this.controller.signal });
    this.status = res.status;
    if (!res.ok || !res.body) return res;
    void this.read(res.body).catch(() => {});
    return res;
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const retry = /^retry: (\d+)$/m.exec(block)?.[1];
        const event = retry ? 'retry' : /^event: (.*)$/m.exec(block)?.[1];
        const data = retry ?? /^data: (.*)$/m.exec(block)?.[1];
        if (!event || data === undefined) continue;
        const e = { event, data: JSON.parse(data) as unknown };
        this.events.push(e);
        for (const w of [...this.waiters]) {
          if (w.test(e)) {
            this.waiters.splice(this.waiters.indexOf(w), 1);
            w.resolve(e);
          }
        }
      }
    }
  }

  /** The first event (heard already, from the `from`th on, or next) that passes `test`. */
  next(test: (e: StreamEvent) => boolean, from = 0, timeoutMs = 5_000): Promise<StreamEvent> {
    const heard = this.events.slice(from).find(test);
    if (heard) return Promise.resolve(heard);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: no such event; heard ${JSON.stringify(this.events)}`)), timeoutMs);
      this.waiters.push({ test, resolve: (e) => (clearTimeout(timer), resolve(e)) });
    });
  }

  close() {
    this.controller.abort();
  }
}

/** Listens on a free port of 127.0.0.1; answers the app's base address. */
export async function listenLocally(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * A webhook receiver for tests and benchmarks: an HTTP server on the loopback that verifies
 * each delivery's signature as a receiver would (the `standardwebhooks` library), records it,
 * and answers as told (a status per request in turn, a delay, or no answer at all).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  timestamp: string;
  type: string;
  body: string;
  data: Record<string, unknown>;
  /** The signature checked out with the endpoint's secret. */
  verified: boolean;
  status: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Answer after this long. */
  delayMs?: number;
  /** Never answer (the sender times out). */
  hang?: boolean;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The signing secret deliveries are checked with (set once the endpoint is registered). */
  secret: string | undefined;
  /** The answers to give, in turn; then `fallback`. */
  answers: Answer[];
  fallback: Answer;
  /** Resolves when `count` deliveries have been received (verified or not). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  const waiters: { count: number; resolve: () => void }[] = [];
  const hanging = new Set<http.ServerResponse>();
  const receiver: Receiver = {
    url: '',
    received: [],
    secret: undefined,
    answers: [],
    fallback: { status: 200, body: 'ok' },
    waitFor(count, timeoutMs = 20_000) {
      if (receiver.received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`received ${receiver.received.length} of ${count} deliveries`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      let verified = false;
      try {
        if (receiver.secret) {
          new Webhook(receiver.secret).verify(body, headers);
          verified = true;
        }
      } catch {
        verified = false;
      }
      const answer = receiver.answers.shift() ?? receiver.fallback;
      let parsed: { type?: string; data?: Record<string, unknown> } = {};
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        // Recorded as it came.
      }
      receiver.received.push({
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        type: parsed.type ?? '',
        data: parsed.data ?? {},
        body,
        verified,
        status: answer.status,
      });
      for (const waiter of [...waiters]) {
        if (receiver.received.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
      if (answer.hang) {
        hanging.add(res);
        return;
      }
      const send = () => res.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? '');
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}

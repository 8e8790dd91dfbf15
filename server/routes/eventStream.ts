/**
 * A route's server-sent events: the reply handed over to a hub (the bell's, a page's presence),
 * which writes its events and keeps the stream until the client goes.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers 200 as `text/event-stream` and gives the stream to `open`. A refusal from `open` (the
 * hub closing, a tab taken) is the stream's last event, `error`, with its message.
 */
export async function serveEventStream(request: FastifyRequest, reply: FastifyReply, open: (out: ServerResponse) => Promise<void>) {
  // The stream is this handler's from here: Fastify sends nothing more.
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-request-id': request.id,
    // No proxy buffering (nginx): each event goes out at once.
    'x-accel-buffering': 'no',
  });
  try {
    await open(out);
  } catch (error) {
    out.end(`event: error\ndata: ${JSON.stringify({ message: error instanceof Error ? error.message : 'error' })}\n\n`);
  }
}

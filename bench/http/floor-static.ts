/**
 * Floor (a): a bare Fastify route answering the server's first page of 50 cards from memory.
 * The JSON is read once at start (BODY_FILE) and sent as is: precomputed, never stringified
 * per request. What is left is HTTP, Fastify's routing and the load generator.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BODY_FILE!, 'utf8');
const app = Fastify({ logger: false });
app.get('/api/articles/admin/articles', (_request, reply) => {
  reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = () => void app.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

/**
 * Floor (b): the article list's keyset query with no framework around it. A bare node:http
 * server runs the server's exact page SQL (ARTICLE_CARD_COLUMNS, newest first, LIMIT 51, an
 * optional `cursor` or `status`) on a `pg` Pool of the server's size with prepared statements,
 * as the server runs it (DATABASE_URL), or on PGlite opened as the server opens it
 * (DATA_DIR/db), and answers JSON.stringify(rows): no session, no validation, no counts, no
 * logging.
 */
import { createServer } from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { decodeCursor } from '../../server/articles/rules.ts';
import { createPgliteDatabase } from '../../server/db/database.ts';
import { ARTICLE_CARD_COLUMNS } from '../../server/repositories/articleRows.ts';

const port = Number(process.env.PORT);
const url = process.env.DATABASE_URL;
let query: (sql: string, params: unknown[]) => Promise<unknown[]>;
let close: () => Promise<void>;
if (url) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Prepared per connection, as the server prepares its plain pages.
  const names = new Map<string, string>();
  query = async (sql, params) => {
    let name = names.get(sql);
    if (!name) names.set(sql, (name = `page_${names.size}`));
    return (await pool.query({ name, text: sql, values: params })).rows;
  };
  close = () => pool.end();
} else {
  // PGlite as the server opens it (same settings and extension), without the server around it.
  const db = await createPgliteDatabase(path.join(process.env.DATA_DIR!, 'db'));
  query = async (sql, params) => (await db.query(sql, params)).rows;
  close = () => db.close();
}

const server = createServer((req, res) => {
  const params = new URL(req.url ?? '/', 'http://x').searchParams;
  const where: string[] = [];
  const values: unknown[] = [];
  const status = params.get('status');
  if (status === 'draft' || status === 'published') {
    values.push(status);
    where.push(`status = $${values.length}`);
  }
  const cursor = params.get('cursor');
  if (cursor) {
    const c = decodeCursor(cursor);
    values.push(c.key, c.id);
    where.push(`(created_at, id) < ($${values.length - 1}::timestamptz, $${values.length})`);
  }
  values.push(51);
  const sql = `SELECT ${ARTICLE_CARD_COLUMNS} FROM articles
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY created_at DESC, id DESC LIMIT $${values.length}`;
  query(sql, values).then(
    (rows) => {
      const body = JSON.stringify(rows);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    },
    (error: unknown) => {
      res.writeHead(500).end(String(error));
    },
  );
});
server.listen(port, '127.0.0.1');
const stop = () => server.close(() => void close().finally(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

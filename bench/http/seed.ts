/**
 * Seeds a real-size library straight through the server's database module (before the server
 * starts: PGlite cannot be opened by two processes): `rows` articles of about 12 KB of blog HTML
 * and 6 KB of scraped text each, and `rows` file rows. Bodies are assembled in SQL
 * (INSERT … SELECT generate_series) from a pool of distinct prose paragraphs, so they compress
 * like real text and nothing big crosses the wire.
 */
import type { Database } from '../../server/db/database.ts';
import { checkpointIfDue } from '../../server/db/wal.ts';
import { paragraphs, slugWords } from './prose.ts';

export const TOPICS = ['travel', 'recipes', 'gardening', 'finance', 'science', 'music', 'health', 'design', 'history', 'sports'];
/** Matches every article (in the source URL's host). */
export const BROAD_TERM = 'example';
/** Matches one article in ten (its topic is in the slug and the source URL). */
export const COMMON_TERM = 'recipes';
/** Matches one article in ten thousand. */
export const RARE_TERM = 'zanzibar';
/** Matches one file name in five. */
export const FILE_TERM = 'invoice';

/** The distinct paragraphs article bodies are made of. */
export const POOL_PARAGRAPHS = 4_000;
const HTML_BYTES = 12_000;
const TEXT_BYTES = 6_000;

export interface SeedReport {
  seconds: number;
  articleSeconds: number;
  fileSeconds: number;
  avgHtml: number;
  avgText: number;
  /** Articles table with its TOAST and indexes. */
  articleBytes: number;
}

export async function seedLibrary(db: Database, rows: number, log: (line: string) => void): Promise<SeedReport> {
  const started = performance.now();
  const pool = paragraphs(POOL_PARAGRAPHS);
  const avg = pool.reduce((n, p) => n + p.length, 0) / pool.length;
  const htmlParagraphs = Math.round(HTML_BYTES / (avg + 40));
  const textParagraphs = Math.round(TEXT_BYTES / (avg + 2));

  await db.query('DROP TABLE IF EXISTS bench_paragraphs, bench_words');
  await db.query('CREATE TABLE bench_paragraphs (n int PRIMARY KEY, p text NOT NULL)');
  await db.query('CREATE TABLE bench_words (n int PRIMARY KEY, w text NOT NULL)');
  for (let from = 0; from < pool.length; from += 500) {
    const chunk = pool.slice(from, from + 500);
    await db.query(
      `INSERT INTO bench_paragraphs (n, p) SELECT ${from} + ordinality - 1, p FROM unnest($1::text[]) WITH ORDINALITY AS t(p)`,
      [chunk],
    );
  }
  await db.query('INSERT INTO bench_words (n, w) SELECT ordinality - 1, w FROM unnest($1::text[]) WITH ORDINALITY AS t(w)', [
    slugWords,
  ]);

  const words = slugWords.length;
  const word = (expr: string) => `(SELECT w FROM bench_words WHERE n = (${expr}) % ${words})`;
  const base = Math.floor(Date.now() / 1000) * 1000; // whole seconds: no sub-millisecond residue
  // Newest first by i: article i was created i × 5 minutes ago; one in three is published.
  const insertArticles = (from: number, to: number) =>
    db.query(
      `INSERT INTO articles (id, status, title, slug, blog_data, scraped_url, new_url, scrapped_data, created_at, updated_at)
       SELECT lpad(to_hex(i), 26, '0'), status, initcap(replace(slug, '-', ' ')), slug,
              '<article><h1>' || initcap(replace(slug, '-', ' ')) || E'</h1>\\n' ||
              (SELECT string_agg(
                        CASE WHEN k % 5 = 0 THEN '<h2>' || split_part(p, '.', 1) || E'</h2>\\n' ELSE '' END ||
                        '<p>' || p ||
                        CASE WHEN k % 3 = 1 THEN ' <a href="https://news.example.com/' || topic || '/' || k || '">Read more</a>' ELSE '' END ||
                        '</p>', E'\\n' ORDER BY k)
                 FROM generate_series(0, ${htmlParagraphs - 1}) k
                 JOIN bench_paragraphs b ON b.n = (i::bigint * 7919 + k * 733) % ${POOL_PARAGRAPHS}) || '</article>',
              'https://news.example.com/' || topic || '/' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY/MM') || '/' || slug || '.html',
              CASE WHEN status = 'published' THEN 'https://blog.example.org/' || slug END,
              (SELECT string_agg(p, E'\\n\\n' ORDER BY k)
                 FROM generate_series(0, ${textParagraphs - 1}) k
                 JOIN bench_paragraphs b ON b.n = (i::bigint * 104729 + k * 733 + 17) % ${POOL_PARAGRAPHS}),
              created_at, created_at + interval '3 minutes'
         FROM (
           SELECT i, topic, created_at,
                  CASE WHEN i % 3 = 0 THEN 'published' ELSE 'draft' END AS status,
                  topic || '-' || ${word('i * 37')} || '-' ||
                    CASE WHEN i % 10000 = 1234 THEN '${RARE_TERM}' ELSE ${word('i * 131 + 7')} END || '-' ||
                    ${word('i * 613 + 3')} || '-' || i AS slug
             FROM (SELECT i, ($3::text[])[1 + i % ${TOPICS.length}] AS topic,
                          to_timestamp($4::float8 / 1000) - i * interval '5 minutes' AS created_at
                     FROM generate_series($1::int, $2::int) AS i) g
         ) a`,
      [from, to, TOPICS, base],
    );
  const insertFiles = (from: number, to: number) =>
    db.query(
      `INSERT INTO files (id, name, stored_name, size, type, mime_type, has_thumbnail, uploaded_at, last_modified)
       SELECT lpad(to_hex(i), 26, '0'), name, lpad(to_hex(i), 26, '0'), size, type,
              CASE type WHEN 'pdf' THEN 'application/pdf' WHEN 'image' THEN
                CASE WHEN name LIKE '%.png' THEN 'image/png' ELSE 'image/jpeg' END END,
              type = 'image', at, at
         FROM (
           SELECT i, 10000 + (i::bigint * 2654435761) % 8000000 AS size,
                  to_timestamp($3::float8 / 1000) - i * interval '3 minutes' AS at,
                  CASE i % 5
                    WHEN 0 THEN 'invoice-' || to_char(to_timestamp($3::float8 / 1000) - i * interval '3 minutes', 'YYYY-MM') || '-' || lpad(i::text, 6, '0') || '.pdf'
                    WHEN 1 THEN 'IMG_' || (1000 + i) || '.jpg'
                    WHEN 2 THEN 'Quarterly report ' || i || '.pdf'
                    WHEN 3 THEN 'screenshot-' || i || '.png'
                    ELSE 'Team photo ' || i || '.jpeg'
                  END AS name,
                  CASE WHEN i % 5 IN (0, 2) THEN 'pdf' ELSE 'image' END AS type
             FROM generate_series($1::int, $2::int) AS i
         ) f`,
      [from, to, base],
    );

  // PostgreSQL builds two batches at once (two cores); PGlite is one thread.
  const parallel = db.kind === 'postgres' ? 2 : 1;
  const batch = 2_000;
  const runBatches = async (insert: (from: number, to: number) => Promise<unknown>, label: string) => {
    const t = performance.now();
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < rows) {
        const from = next;
        next += batch;
        await insert(from, Math.min(rows, from + batch) - 1);
        // PGlite has no checkpointer: without this its WAL keeps every batch (server/db/wal.ts).
        if (db.kind === 'pglite') await checkpointIfDue(db);
        done += Math.min(batch, rows - from);
        if (done % 20_000 === 0 || done === rows) log(`  ${label}: ${done}/${rows}`);
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    return (performance.now() - t) / 1000;
  };
  const articleSeconds = await runBatches(insertArticles, 'articles');
  const fileSeconds = await runBatches(insertFiles, 'files');
  await db.query('DROP TABLE bench_paragraphs, bench_words');
  await db.query('VACUUM ANALYZE articles');
  await db.query('VACUUM ANALYZE files');
  const { rows: sizes } = await db.query<{ html: number | string; text: number | string; bytes: number | string }>(
    `SELECT (SELECT avg(octet_length(blog_data)) FROM (SELECT blog_data FROM articles LIMIT 1000) s) AS html,
            (SELECT avg(octet_length(scrapped_data)) FROM (SELECT scrapped_data FROM articles LIMIT 1000) s) AS text,
            pg_total_relation_size('articles') AS bytes`,
  );
  return {
    seconds: (performance.now() - started) / 1000,
    articleSeconds,
    fileSeconds,
    avgHtml: Math.round(Number(sizes[0]!.html)),
    avgText: Math.round(Number(sizes[0]!.text)),
    articleBytes: Number(sizes[0]!.bytes),
  };
}

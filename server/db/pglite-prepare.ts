/**
 * Prepares an embedded database folder, then exits: creates it (PostgreSQL's initdb) when new
 * and applies pending migrations. Run as a child process by createPgliteDatabase: both peak at
 * several hundred MB of WebAssembly memory (about 1 GB for initdb), which the server process
 * then never carries. Writes SCHEMA_MARKER with the schema version it left.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { wrapPglite, PGLITE_OPTIONS } from './pglite.ts';
import { LATEST_VERSION, migrate, SCHEMA_MARKER } from './migrate.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: pglite-prepare.ts <data folder>');
  process.exit(2);
}
const pglite = await PGlite.create(dir, { ...PGLITE_OPTIONS, extensions: { btree_gin, pg_trgm } });
try {
  await migrate(wrapPglite(pglite));
  await writeFile(path.join(dir, SCHEMA_MARKER), String(LATEST_VERSION));
} finally {
  await pglite.close();
}

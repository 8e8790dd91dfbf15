import { createPgliteDatabase } from './server/db/database.ts';
import { migrate } from './server/db/migrations.ts';
import { seedLibrary } from './bench/http/seed.ts';
import { selectArticlePage } from './server/repositories/articles.ts';
import { existsSync } from 'node:fs';
const dir = '/tmp/ab-pglite';
const fresh = !existsSync(dir);
const db = await createPgliteDatabase(dir);
if (fresh) { await migrate(db); await seedLibrary(db, Number(process.env.ROWS ?? 5000), () => {}); await db.query('ANALYZE'); console.log('seeded'); process.exit(0); }
const cases: [string, string | undefined][] = [['list', undefined], ['the', 'the'], ['phrase', '"to like"'], ['two words', 'to like'], ['recipes', 'recipes']];
for (let round = 0; round < 2; round++) {
  for (const [name, q] of cases) {
    const t = performance.now();
    const n = 60;
    for (let i = 0; i < n; i++) await selectArticlePage(db, { status: 'all', q, order: q ? 'rank' : 'newest', limit: 50 });
    if (round === 1) console.log(name.padEnd(10), ((performance.now() - t) / n).toFixed(2), 'ms/page');
  }
}
const t = performance.now();
for (let i = 0; i < 300; i++) await db.query(`UPDATE articles SET title = title || '' WHERE id = (SELECT id FROM articles OFFSET ${i} LIMIT 1)`);
console.log('update    ', ((performance.now() - t) / 300).toFixed(2), 'ms/row');
const mem = (await import('node:fs')).readFileSync('/proc/self/status', 'utf8');
console.log('VmHWM', /VmHWM:\s+(\d+)/.exec(mem)![1], 'VmRSS', /VmRSS:\s+(\d+)/.exec(mem)![1]);
await db.close();

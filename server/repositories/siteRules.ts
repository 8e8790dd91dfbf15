/** The rules per site's SQL: one row per host (src/contract/siteRules.ts). */
import type { SiteRules, SiteRuleSet } from '../../src/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { isoText } from '../db/sql.ts';

interface SiteRuleRow {
  host: string;
  rules: SiteRules | string;
  updated_iso: string;
  updated_by: string | null;
}

const COLUMNS = `host, rules, ${isoText('updated_at')} AS updated_iso, updated_by`;

/** jsonb arrives parsed from PostgreSQL and from the embedded database alike; text is parsed. */
const rulesOf = (value: SiteRules | string): SiteRules => (typeof value === 'string' ? (JSON.parse(value) as SiteRules) : value);

const toSet = (row: SiteRuleRow): SiteRuleSet => {
  const rules = rulesOf(row.rules);
  return { host: row.host, drop: rules.drop, keep: rules.keep, title: rules.title, updatedAt: row.updated_iso, updatedBy: row.updated_by };
};

export async function listSiteRuleRows(db: Queryable): Promise<SiteRuleSet[]> {
  const { rows } = await db.query<SiteRuleRow>(`SELECT ${COLUMNS} FROM site_rules ORDER BY host`);
  return rows.map(toSet);
}

export async function getSiteRuleRow(db: Queryable, host: string, forUpdate = false): Promise<SiteRuleSet | undefined> {
  const { rows } = await db.query<SiteRuleRow>(`SELECT ${COLUMNS} FROM site_rules WHERE host = $1${forUpdate ? ' FOR UPDATE' : ''}`, [host]);
  return rows[0] && toSet(rows[0]);
}

/** The rules that apply to a page of `host`: its own, else those of the host without `www.`. */
export async function siteRulesForHost(db: Queryable, hosts: readonly string[]): Promise<SiteRules | undefined> {
  const { rows } = await db.query<Pick<SiteRuleRow, 'host' | 'rules'>>('SELECT host, rules FROM site_rules WHERE host = ANY($1::text[])', [hosts]);
  const row = hosts.map((host) => rows.find((r) => r.host === host)).find(Boolean);
  return row && rulesOf(row.rules);
}

export async function upsertSiteRuleRow(tx: Queryable, host: string, rules: SiteRules, at: Date, actor: string | null): Promise<SiteRuleSet> {
  const { rows } = await tx.query<SiteRuleRow>(
    `INSERT INTO site_rules (host, rules, updated_at, updated_by) VALUES ($1, $2::jsonb, $3, $4)
     ON CONFLICT (host) DO UPDATE SET rules = EXCLUDED.rules, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by
     RETURNING ${COLUMNS}`,
    [host, JSON.stringify(rules), at, actor],
  );
  return toSet(rows[0]!);
}

export async function deleteSiteRuleRow(tx: Queryable, host: string): Promise<boolean> {
  const { rowCount } = await tx.query('DELETE FROM site_rules WHERE host = $1', [host]);
  return (rowCount ?? 0) > 0;
}

/** Characters of each article's raw text compared at most: its start and its end, where a site's repeated paragraphs stand. */
const TEXT_HEAD = 12_000;
const TEXT_TAIL = 6_000;

/**
 * What a scrape compares a page of `host` with (server/scrape/boilerplate.ts): the raw texts of
 * the site's newest `limit` articles other than the page's own (their start and end), and the
 * paragraphs already known to be repeated on it.
 */
export async function siteTextsOf(db: Queryable, host: string, url: string, limit: number): Promise<{ texts: string[]; known: string[] }> {
  const texts = await db.query<{ text: string }>(
    `SELECT CASE WHEN length(scrapped_data) > ${TEXT_HEAD + TEXT_TAIL}
              THEN left(scrapped_data, ${TEXT_HEAD}) || E'\\n\\n' || right(scrapped_data, ${TEXT_TAIL})
              ELSE scrapped_data END AS text
       FROM articles WHERE site = $1 AND scraped_url IS DISTINCT FROM $2
      ORDER BY created_at DESC, id DESC LIMIT $3`,
    [host, url, limit],
  );
  const known = await db.query<{ key: string }>('SELECT key FROM site_blocks WHERE host = $1', [host]);
  return { texts: texts.rows.map((r) => r.text), known: known.rows.map((r) => r.key) };
}

/** Remembers paragraphs found repeated on `host`. */
export async function rememberRepeatedBlocks(db: Queryable, host: string, keys: readonly string[], at = new Date()): Promise<void> {
  if (keys.length === 0) return;
  await db.query(
    `INSERT INTO site_blocks (host, key, found_at) SELECT $1, key, $3 FROM unnest($2::text[]) AS k(key) ON CONFLICT DO NOTHING`,
    [host, keys, at],
  );
}

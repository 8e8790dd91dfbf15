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

import type { Migration } from './types.ts';

export const articleAssignments: Migration = {
  version: 31,
  name: 'assignments: who works on an article, its due day and its planned day',
  statements: [
    // Not an article's content: outside its revisions, and changing them bumps no version (the
    // history trigger of migration 11 watches other columns).
    `ALTER TABLE articles ADD COLUMN assignee_id text REFERENCES users (id) ON DELETE SET NULL`,
    `ALTER TABLE articles ADD COLUMN due_on date`,
    `ALTER TABLE articles ADD COLUMN planned_on date`,
    // 'Assigned to me': an assignee's articles, newest first (the list's default order).
    `CREATE INDEX articles_assignee_idx ON articles (assignee_id, created_at DESC, id DESC) WHERE assignee_id IS NOT NULL AND deleted_at IS NULL`,
    // The calendar: the planned days of a range.
    `CREATE INDEX articles_planned_idx ON articles (planned_on) WHERE planned_on IS NOT NULL AND deleted_at IS NULL`,
  ],
};

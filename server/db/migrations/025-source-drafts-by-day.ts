import type { Migration } from './types.ts';

export const sourceDraftsByDay: Migration = {
  version: 25,
  name: 'the drafts sources made, by when: the dashboard\'s drafts today and each source\'s drafts a day',
  statements: [`CREATE INDEX source_entries_created_idx ON source_entries (seen_at, source_id) WHERE state = 'created'`],
};

/**
 * What the other capabilities use of history: an article's revisions recorded, read, pruned and
 * written back (./articles.ts), and the retention policy that article revisions and files'
 * earlier versions share (./retention.ts). The hourly sweep (./sweep.ts) is the server's own.
 */
export {
  ensureHistories,
  getRevision,
  listRevisions,
  pruneRevisions,
  recordBulkRevisions,
  recordRevision,
  revisionContent,
  revisionNotFound,
  toRevisionSummary,
  type HistoryWrite,
} from './articles.ts';
export { DEFAULT_RETENTION, versionsToRemove, type RetentionPolicy } from './retention.ts';

/**
 * Every migration, in the order they apply (migrate.ts runs them). Listed by hand rather than read
 * from the folder, so a bundler and the embedded database's preparing process load the same set.
 * Never edit a shipped migration (its SQL included, byte for byte): add the next version here.
 */
import { initialSchema } from './001-initial-schema.ts';
import { trigramSearchIndexes } from './002-trigram-search-indexes.ts';
import { scrapedAddressAndFileHashes } from './003-scraped-address-and-file-hashes.ts';
import { cardPreviews } from './004-card-previews.ts';
import { sessionManagement } from './005-session-management.ts';
import { severalAdmins } from './006-several-admins.ts';
import { titlesAndFullTextSearch } from './007-titles-and-full-text-search.ts';
import { articleTrash } from './008-article-trash.ts';
import { articleViews } from './009-article-views.ts';
import { fileTrash } from './010-file-trash.ts';
import { articleHistory } from './011-article-history.ts';
import { fileVersions } from './012-file-versions.ts';
import { schedulingAndWebhooks } from './013-scheduling-and-webhooks.ts';
import { phraseWordPairs } from './014-phrase-word-pairs.ts';
import { roles } from './015-roles.ts';
import { articlePresence } from './016-article-presence.ts';
import { phrasePairsWithDates } from './017-phrase-pairs-with-dates.ts';
import { articleSeoFields } from './018-article-seo-fields.ts';
import { addressChecks } from './019-address-checks.ts';
import { articleChecks } from './020-article-checks.ts';
import { articleSignatures } from './021-article-signatures.ts';
import { articleCopies } from './022-article-copies.ts';
import { sources } from './023-sources.ts';
import { sourceChanges } from './024-source-changes.ts';
import { sourceDraftsByDay } from './025-source-drafts-by-day.ts';
import { siteRules } from './026-site-rules.ts';
import { fileDetails } from './027-file-details.ts';
import { fileUsage } from './028-file-usage.ts';
import { folders } from './029-folders.ts';
import { articleReviews } from './030-article-reviews.ts';
import { articleAssignments } from './031-article-assignments.ts';
import { articleComments } from './032-article-comments.ts';
import { notifications } from './033-notifications.ts';
import { presenceStreams } from './034-presence-streams.ts';
import { calendarChanges } from './035-calendar-changes.ts';
import { keptCounts } from './036-kept-counts.ts';
import type { Migration } from './types.ts';

export const migrations: Migration[] = [
  initialSchema,
  trigramSearchIndexes,
  scrapedAddressAndFileHashes,
  cardPreviews,
  sessionManagement,
  severalAdmins,
  titlesAndFullTextSearch,
  articleTrash,
  articleViews,
  fileTrash,
  articleHistory,
  fileVersions,
  schedulingAndWebhooks,
  phraseWordPairs,
  roles,
  articlePresence,
  phrasePairsWithDates,
  articleSeoFields,
  addressChecks,
  articleChecks,
  articleSignatures,
  articleCopies,
  sources,
  sourceChanges,
  sourceDraftsByDay,
  siteRules,
  fileDetails,
  fileUsage,
  folders,
  articleReviews,
  articleAssignments,
  articleComments,
  notifications,
  presenceStreams,
  calendarChanges,
  keptCounts,
];

/**
 * An article's review, beside its status: none (never asked for), in review, changes requested,
 * approved. An author (or anyone who may edit) asks for it, of chosen editors or of any; an editor
 * or an admin approves it or asks for changes with a note. Not part of the article's content: no
 * revision is kept of it, and the public API never shows it.
 *
 * - `GET /articles/:id/review` (any role that may read the article): `{ data: ArticleReview }`.
 * - `POST /articles/:id/review` `{ action: request|approve|request_changes, note?, reviewerIds?, publish? }`:
 *   `{ data: ArticleReview, message }`; an activity entry each. With `approve`, `publish` publishes
 *   the article at once (`'now'`) or schedules its publish (`{ publishAt, timeZone? }`, as a
 *   schedule's PATCH takes them) in the same transaction: both happen or neither. Refused: 403
 *   `forbidden_role` (an author approving or asking for changes), 409 `review_not_requested`
 *   (approving or asking for changes of an article nobody asked a review of), 409
 *   `article_published` (asking for the review of a published article), 409 `schedule_published`
 *   (a publish scheduled for an article published meanwhile), 400 `validation_failed` (reviewers
 *   who are not editors or admins, a note too long, changes asked for without a note, `publish`
 *   without an approval, a publish time that is not one or is past); nothing changes.
 * Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';

export const REVIEW_NOTE_MAX = 2_000;
/** How many reviewers one request names at most. */
export const MAX_REVIEWERS = 20;

export const reviewStateSchema = z.enum(['none', 'in_review', 'changes_requested', 'approved']);
export type ReviewState = z.infer<typeof reviewStateSchema>;

const accountRefSchema = z.object({ id: z.string(), email: z.string() });

export const articleReviewSchema = z.object({
  state: reviewStateSchema,
  /** The editor's note with the last decision (what to change, or a word with the approval). */
  note: z.string(),
  /** Whom the review was asked of (empty: any editor or admin). */
  reviewers: z.array(accountRefSchema),
  requestedBy: accountRefSchema.nullable(),
  requestedAt: z.string().nullable(),
  decidedBy: accountRefSchema.nullable(),
  decidedAt: z.string().nullable(),
});
export type ArticleReview = z.infer<typeof articleReviewSchema>;

export const reviewActionSchema = z.enum(['request', 'approve', 'request_changes']);
export type ReviewAction = z.infer<typeof reviewActionSchema>;

/** What an approval does besides: publish at once, or schedule the publish. */
export const reviewPublishSchema = z.union([
  z.literal('now'),
  z.strictObject({ publishAt: z.string().max(64), timeZone: z.string().min(1).max(64).optional() }),
]);
export type ReviewPublish = z.infer<typeof reviewPublishSchema>;

export const reviewRequestSchema = z.strictObject({
  action: reviewActionSchema,
  note: z.string().max(10_000).optional(),
  reviewerIds: z.array(z.string().min(1).max(64)).max(MAX_REVIEWERS).optional(),
  /** With `approve` only: published at once, or its publish scheduled, in the same step. */
  publish: reviewPublishSchema.optional(),
});
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

export const articleReviewResultSchema = z.object({ data: articleReviewSchema });
export const reviewActionResultSchema = z.object({ data: articleReviewSchema, message: z.string() });

export const reviewMessages = {
  noteTooLong: `A review note has at most ${REVIEW_NOTE_MAX.toLocaleString('en-US')} characters.`,
  noteRequired: 'Say what to change: asking for changes needs a note.',
  notRequested: 'Nobody has asked for a review of this article: it can be approved or sent back once an author asks.',
  /** A reviewer named who is not an editor or an admin of this console (or no account at all). */
  notAReviewer: (who: string) => `${who} cannot review articles: only editors and admins review.`,
  requested: 'Review requested',
  approved: 'Article approved',
  approvedAndPublished: 'Article approved and published',
  approvedAndScheduled: 'Article approved and its publish scheduled',
  publishWithoutApproval: 'Only an approval publishes or schedules the article: send publish with approve.',
  changesRequested: 'Changes requested',
} as const;

/** The review of an article nobody asked a review of. */
export const NO_REVIEW: ArticleReview = { state: 'none', note: '', reviewers: [], requestedBy: null, requestedAt: null, decidedBy: null, decidedAt: null };

/** What is wrong with a review step's input, in the words the console shows, or undefined (whether the role may take it is the server's to say). */
export function reviewProblem(request: Pick<ReviewRequest, 'action' | 'note' | 'publish'>): string | undefined {
  if (request.publish !== undefined && request.action !== 'approve') return reviewMessages.publishWithoutApproval;
  const note = request.note?.trim() ?? '';
  if (note.length > REVIEW_NOTE_MAX) return reviewMessages.noteTooLong;
  if (request.action === 'request_changes' && !note) return reviewMessages.noteRequired;
  return undefined;
}

/** Texts of the article page's Review card (the server's own words are src/contract/review.ts `reviewMessages`). */
import type { ReviewState } from '../contract/review';

export const reviewTexts = {
  title: 'Review',
  subtitle: 'An author asks an editor to read the draft before it is published; the editor approves it or asks for changes.',
  states: { none: 'Not asked for', in_review: 'In review', changes_requested: 'Changes requested', approved: 'Approved' } satisfies Record<ReviewState, string>,
  /** 'Asked by ana@… on 5 Dec 2026, 10:00, of any editor.' */
  asked: (by: string | null, when: string, of: readonly string[]) =>
    `Asked${by ? ` by ${by}` : ''} on ${when}, of ${of.length ? of.join(', ') : 'any editor'}.`,
  approvedBy: (by: string | null, when: string) => `Approved${by ? ` by ${by}` : ''} on ${when}.`,
  changesBy: (by: string | null, when: string) => `Changes asked for${by ? ` by ${by}` : ''} on ${when}:`,
  never: 'Nobody has asked for a review of this draft yet.',
  publishedNone: 'Published articles are not reviewed: convert it to a draft to ask for a review.',
  request: 'Ask for review',
  requestAgain: 'Ask for review again',
  requesting: 'Asking…',
  noteLabel: 'Note to the author',
  noteHelp: 'Say what to change (needed to ask for changes); a word with an approval is welcome.',
  approve: 'Approve',
  approving: 'Approving…',
  /** What the approval does besides (editors, on a draft). */
  thenLabel: 'Once approved',
  then: { keep: 'Leave it a draft', now: 'Publish it at once', schedule: 'Schedule its publish' },
  thenHelp: 'Publishing or scheduling happens with the approval, or not at all.',
  publishAtLabel: 'Publish at',
  /** The zone the time is read in. */
  readIn: (zone: string) => `Read in ${zone}; the Schedule section can change it afterwards.`,
  chooseTime: 'Choose when to publish it.',
  approveAndPublish: 'Approve and publish',
  approveAndSchedule: 'Approve and schedule',
  requestChanges: 'Ask for changes',
  sending: 'Sending…',
  loading: 'Reading the review…',
  failed: 'The review could not be read',
  tryAgain: 'Try again',
};

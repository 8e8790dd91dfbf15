/**
 * Assignments: who works on an article, by which day (`dueAt`), and the day it is planned for
 * (`plannedAt`: the editorial plan, apart from a scheduled publish). Days are calendar days
 * (`YYYY-MM-DD`), the same day wherever the team is; an article is overdue once its due day has
 * passed and it is still a draft. Not part of the article's content: no revision is kept, its
 * version and `updatedAt` do not change (an open editor is not made stale), and the public API
 * never shows it.
 *
 * - `PATCH /articles/:id` `{ assigneeId?, dueAt?, plannedAt? }`: any of the three, null clears;
 *   who may is the edit's rule (an author on drafts, editors and admins on any). Refused with 400
 *   `validation_failed` (a day that is not a day, an account that does not exist or is a
 *   viewer); nothing changes.
 * - `GET /articles?assignee=me`: the caller's articles; a first page counts them (`assignedToMe`).
 * - `GET /members`: the team's accounts (id, email, role), for choosing an assignee.
 * Needs zod; re-exported by `./index`.
 */
import { z } from 'zod';
import { roleSchema } from './accounts';

import { FIRST_DAY, LAST_DAY, isDay } from './days';

export { FIRST_DAY, LAST_DAY, isDay, isOverdue } from './days';

/** An article's assignment, as the article carries it (null: none). Optional for other servers' answers. */
export const articleAssignmentShape = {
  assigneeId: z.string().nullable().optional(),
  /** The assignee's email, for showing (null when unassigned). */
  assigneeEmail: z.string().nullable().optional(),
  /** The day it is due, `YYYY-MM-DD`. */
  dueAt: z.string().nullable().optional(),
  /** The day it is planned for, `YYYY-MM-DD`. */
  plannedAt: z.string().nullable().optional(),
};

export const assignmentMessages = {
  sendOne: 'Send assigneeId, dueAt or plannedAt',
  notADay: (label: string) => `${label} must be a day written as YYYY-MM-DD, such as 2026-12-31.`,
  outOfRange: (label: string) => `${label} must be between ${FIRST_DAY} and ${LAST_DAY}.`,
  noAccount: 'No account has this id: it may have been removed. Choose another assignee.',
  viewer: (email: string) => `${email} is a viewer: an article is assigned to an author, an editor or an admin.`,
  assigned: 'Assignment saved',
};

/** How the fields are named in messages. */
export const ASSIGNMENT_LABELS = { dueAt: 'The due day', plannedAt: 'The planned day' } as const;

export const assignmentPatchSchema = z
  .strictObject({
    assigneeId: z.string().min(1).max(64).nullable().optional(),
    dueAt: z.string().max(64).nullable().optional(),
    plannedAt: z.string().max(64).nullable().optional(),
  })
  .refine((patch) => patch.assigneeId !== undefined || patch.dueAt !== undefined || patch.plannedAt !== undefined, {
    message: assignmentMessages.sendOne,
  });
export type AssignmentPatch = z.infer<typeof assignmentPatchSchema>;

/** What is wrong with an assignment's days (the first problem), or null. */
export function assignmentProblem(patch: Pick<AssignmentPatch, 'dueAt' | 'plannedAt'>): string | null {
  for (const field of ['dueAt', 'plannedAt'] as const) {
    const value = patch[field];
    if (value === undefined || value === null) continue;
    if (!isDay(value)) return assignmentMessages.notADay(ASSIGNMENT_LABELS[field]);
    if (value < FIRST_DAY || value > LAST_DAY) return assignmentMessages.outOfRange(ASSIGNMENT_LABELS[field]);
  }
  return null;
}

/** An account of the team, as GET /members lists it. */
export const memberSchema = z.object({ id: z.string(), email: z.string(), role: roleSchema });
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.object({ data: z.array(memberSchema) });

/**
 * An article's assignment (PATCH /articles/:id { assigneeId?, dueAt?, plannedAt? };
 * src/contract/assignment.ts): checked, written in one transaction with its activity entry,
 * outside the article's content (no revision, no new version, updatedAt kept). Who may is the
 * edit's rule, checked before (server/accounts/access.ts).
 */
import { assignmentMessages, assignmentProblem, notificationMessages, type Article, type AssignmentPatch } from '../../../src/contract/index.ts';
import type { Database } from '../../db/database.ts';
import { apiError } from '../../errors.ts';
import { recordActivity } from '../../repositories/activity.ts';
import { toArticle } from '../../repositories/articleRows.ts';
import { getArticle } from '../../repositories/articles.ts';
import { accountOf, setAssignment } from '../../repositories/assignments.ts';
import { articleLabel } from '../rules.ts';
import { notify, userIdByEmail } from '../../notifications/operations.ts';
import { articleNotFound } from './create.ts';

/** What an activity entry says of a change (what changed, in order). */
function described(patch: AssignmentPatch, assignee: string | null): string {
  const parts: string[] = [];
  if (patch.assigneeId !== undefined) parts.push(assignee ? `assigned to ${assignee}` : 'unassigned');
  if (patch.dueAt !== undefined) parts.push(patch.dueAt ? `due ${patch.dueAt}` : 'no longer due on a day');
  if (patch.plannedAt !== undefined) parts.push(patch.plannedAt ? `planned for ${patch.plannedAt}` : 'no longer planned');
  return parts.join(', ');
}

export async function assignArticle(ctx: { db: Database }, actor: string, id: string, patch: AssignmentPatch): Promise<Article> {
  const problem = assignmentProblem(patch);
  if (problem) throw apiError('validation_failed', problem);
  return ctx.db.transaction(async (tx) => {
    const current = await getArticle(tx, id, true);
    if (!current) throw articleNotFound();
    let assignee: string | null = null;
    if (patch.assigneeId) {
      const account = await accountOf(tx, patch.assigneeId);
      if (!account) throw apiError('validation_failed', assignmentMessages.noAccount);
      if (account.role === 'viewer') throw apiError('validation_failed', assignmentMessages.viewer(account.email));
      assignee = account.email;
    }
    const row = await setAssignment(tx, id, patch);
    const same =
      (patch.assigneeId === undefined || patch.assigneeId === (current.assignee_id ?? null)) &&
      (patch.dueAt === undefined || patch.dueAt === (current.due_day ?? null)) &&
      (patch.plannedAt === undefined || patch.plannedAt === (current.planned_day ?? null));
    if (!same) {
      const label = articleLabel(current);
      const at = new Date();
      await recordActivity(tx, 'article.assigned', `Article ${label} ${described(patch, assignee)}`, at, actor);
      if (patch.assigneeId && patch.assigneeId !== current.assignee_id) {
        const actorId = (await userIdByEmail(tx, actor)) ?? null;
        await notify(tx, { kind: 'assigned', articleId: id, actorId, userIds: [patch.assigneeId], message: notificationMessages.assigned(actor, label), at });
      }
    }
    return toArticle(row);
  });
}

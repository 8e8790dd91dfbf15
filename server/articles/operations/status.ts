/**
 * Publishing and converting to a draft, one article (PATCH /articles/:id/publish, /draft) or
 * several at once with the trash (POST /articles/bulk: publish, draft, delete; its `schedule`
 * action is schedule.ts's).
 */
import { serverMessages, type ActivityKind, type Article, type BulkRequest } from '../../../src/contract/index.ts';
import { lockLiveArticles, trashArticles, updateStatus, updateStatuses } from '../../repositories/articles.ts';
import { toArticle, type ArticleRow } from '../../repositories/articleRows.ts';
import { lockArticleForWrite } from '../../repositories/revisions.ts';
import { writeArticles, type ArticleEvent, type ArticleWriteContext, type ArticleWriter } from '../commit.ts';
import { articleLabel, nextUpdatedAt } from '../rules.ts';
import { articleNotFound } from './create.ts';

/** What a switch to each status says of itself. */
const SWITCHES = {
  publish: { status: 'published', kind: 'article.published', verb: 'published', event: 'article.published' },
  draft: { status: 'draft', kind: 'article.draft', verb: 'converted to draft', event: 'article.unpublished' },
} as const;

/** The publish switch of one article: its row as it is after (unchanged when it had the status already). */
export async function switchStatus(ctx: ArticleWriteContext, actor: string, id: string, action: keyof typeof SWITCHES): Promise<Article> {
  return toArticle(await writeArticles(ctx, (writer) => applySwitch(writer, actor, id, action)));
}

/** The switch written in the writer's transaction (also by an approval that publishes: ./review.ts). */
export async function applySwitch(writer: ArticleWriter, actor: string, id: string, action: keyof typeof SWITCHES): Promise<ArticleRow> {
  const { status, kind, verb, event } = SWITCHES[action];
  const read = await lockArticleForWrite(writer.tx, id);
  if (!read) throw articleNotFound();
  const current = read.row;
  if (current.status === status) return current;
  const at = nextUpdatedAt(current.updated_at);
  const updated = await updateStatus(writer.tx, current.id, status, at);
  await writer.commit(current, updated, { actor, at, revision: action, activity: { kind, message: `Article ${articleLabel(current)} ${verb}` }, event }, read);
  return updated;
}

/** What each bulk action does and says. */
const BULK = {
  publish: { revision: 'bulk_publish', kind: 'article.published', verb: 'published', event: 'article.published' },
  draft: { revision: 'bulk_draft', kind: 'article.draft', verb: 'converted to draft', event: 'article.unpublished' },
  delete: { revision: 'bulk_trash', kind: 'article.deleted', verb: 'deleted', event: 'article.deleted' },
} as const satisfies Record<string, { revision: string; kind: ActivityKind; verb: string; event: ArticleEvent }>;

/**
 * POST /articles/bulk (publish, draft, delete): each article out of the trash that the action
 * changes, changed; the rest said unchanged or refused, in the order they were asked for.
 */
export async function bulkChange(ctx: ArticleWriteContext, actor: string, body: Exclude<BulkRequest, { action: 'schedule' }>) {
  const { action } = body;
  const { revision, kind, verb, event } = BULK[action];
  const ids = [...new Set(body.ids)];
  return writeArticles(ctx, async (writer) => {
    const now = new Date();
    const live = await lockLiveArticles(writer.tx, ids);
    const found = new Set(live.map((row) => row.id));
    const refused = ids.filter((id) => !found.has(id)).map((id) => ({ id, code: 'not_found', message: serverMessages.articleNotFound }));
    const status = action === 'publish' ? 'published' : 'draft';
    const targets = action === 'delete' ? live : live.filter((row) => row.status !== status);
    const changed = new Set(targets.map((row) => row.id));
    await writer.commitBulk(
      targets,
      (changing) => (action === 'delete' ? trashArticles(writer.tx, changing, now) : updateStatuses(writer.tx, changing, status, now)),
      {
        at: now,
        revision,
        changed: [action === 'delete' ? 'trash' : 'status'],
        entry: (row) => ({ actor, kind, message: `Article ${articleLabel(row)} ${verb}` }),
        event,
      },
    );
    return {
      changed: ids.filter((id) => changed.has(id)),
      unchanged: ids.filter((id) => found.has(id) && !changed.has(id)),
      refused,
    };
  });
}

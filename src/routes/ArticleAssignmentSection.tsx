import { useAssignArticle } from '../api/articleWrites';
import { useMembers } from '../api/members';
import { useMe } from '../api/system';
import { AssignmentCard } from '../components/article-detail/AssignmentCard';
import { messageOf } from '../components/common/messageOf';
import type { Article } from '../contract';
import type { Access } from '../lib/access';

/**
 * The article page's Assignment card with its reads and write: the team (GET /members) and the
 * change (PATCH /articles/:id), whose answer replaces the cached article. Read-only, with who
 * may, for a role that may not edit the article.
 */
export function ArticleAssignmentSection({ article, access }: { article: Article; access: Access }) {
  const members = useMembers();
  const me = useMe();
  const assign = useAssignArticle(article.id);
  const published = article.status === 'published';
  const refused = access.may('updateArticle', { published }) ? undefined : (access.whyNot('updateArticle', { published }) ?? undefined);
  return (
    <AssignmentCard
      article={article}
      members={members.data}
      membersError={members.isError ? messageOf(members.error) : null}
      onRetryMembers={() => void members.refetch()}
      currentUserId={me.data?.id}
      refused={refused}
      onSave={async (patch) => {
        await assign.mutateAsync(patch);
      }}
    />
  );
}

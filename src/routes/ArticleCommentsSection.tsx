import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { articleKeys } from '../api/articles';
import { api } from '../api/client';
import { useMe } from '../api/system';
import { CommentsCard } from '../components/article-detail/CommentsCard';
import { messageOf } from '../components/common/messageOf';
import type { Article, CommentCreate } from '../contract';
import type { Access } from '../lib/access';

/**
 * The article page's Comments card with its reads and writes: the comments
 * (`GET /articles/:id/comments`, under the article's key: a save of the article reads them again,
 * and with it which passages are detached), and each write (POST, PATCH and DELETE), after which
 * they are read again.
 */
export function ArticleCommentsSection({ article, access }: { article: Article; access: Access }) {
  const client = useQueryClient();
  const me = useMe();
  const key = [...articleKeys.detail(article.id), 'comments'];
  const path = `/articles/${encodeURIComponent(article.id)}/comments`;
  const comments = useQuery({ queryKey: key, queryFn: async () => (await api(path, { schema: (s) => s.commentListSchema })).data });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const create = useMutation({
    mutationFn: (body: CommentCreate) => api(path, { method: 'POST', body, schema: (s) => s.commentResultSchema }),
    onSuccess: refresh,
  });
  const change = useMutation({
    mutationFn: ({ id, resolved }: { id: string; resolved: boolean }) =>
      api(`/comments/${encodeURIComponent(id)}`, { method: 'PATCH', body: { resolved }, schema: (s) => s.commentResultSchema }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(`/comments/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return (
    <CommentsCard
      comments={comments.data}
      loadError={comments.isError ? messageOf(comments.error) : null}
      onRetry={() => void comments.refetch()}
      currentUserId={me.data?.id}
      isAdmin={access.role === 'admin'}
      refused={access.may('createArticleComment') ? undefined : (access.whyNot('createArticleComment') ?? undefined)}
      onCreate={async ({ body, quote, parentId }) => {
        await create.mutateAsync({ body, ...(quote ? { anchor: { quote } } : {}), ...(parentId ? { parentId } : {}) });
      }}
      onResolve={async (id, resolved) => {
        await change.mutateAsync({ id, resolved });
      }}
      onDelete={async (id) => {
        await remove.mutateAsync(id);
      }}
    />
  );
}

import { useNavigate } from 'react-router-dom';
import { useCreateArticle } from '../api/articles';
import { NewArticleForm } from '../components/new-article/NewArticleForm';

/** /articles/new: the draft made from a URL or from HTML opens on its detail page. */
export default function NewArticleRoute() {
  const navigate = useNavigate();
  const create = useCreateArticle();
  return (
    <NewArticleForm
      onSubmit={(input) => create.mutate(input, { onSuccess: (article) => navigate(`/articles/${article.id}`) })}
      isSubmitting={create.isPending}
      error={create.error?.message}
    />
  );
}

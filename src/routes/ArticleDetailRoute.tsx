import { useNavigate, useParams } from 'react-router-dom';
import { useArticle } from '../api/articles';
import { ArticleDetailView, ArticleLoading, ArticleNotFound } from '../components/article-detail';
import type { Article } from '../contract';
import { FullThemeProvider } from '../theme/FullThemeProvider';
import { useArticleEditor } from './useArticleEditor';

function ArticleEditor({ article, ...options }: { article: Article; isRefreshing: boolean; onRefresh: () => void }) {
  const navigate = useNavigate();
  return <ArticleDetailView {...useArticleEditor(article, { ...options, onDeleted: () => navigate('/articles') })} />;
}

/** Rendered with the full theme system: this screen's components' recipes load with its chunk. */
export default function ArticleDetailRoute() {
  const { id = '' } = useParams();
  const article = useArticle(id);
  return (
    <FullThemeProvider>
      {article.isPending ? (
        <ArticleLoading />
      ) : article.isError ? (
        <ArticleNotFound message={article.error.message} onRetry={() => void article.refetch()} />
      ) : (
        <ArticleEditor article={article.data} isRefreshing={article.isFetching} onRefresh={() => void article.refetch()} />
      )}
    </FullThemeProvider>
  );
}

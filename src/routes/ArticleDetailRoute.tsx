import { useNavigate, useParams } from 'react-router-dom';
import { useArticle } from '../api/articles';
import { useArticleViews } from '../api/articleViews';
import { ArticleDetailView, ArticleLoading, ArticleNotFound } from '../components/article-detail';
import type { Article } from '../contract';
import { FullThemeProvider } from '../theme/FullThemeProvider';
import { ArticleHistorySection } from './ArticleHistorySection';
import { ArticleScheduleSection } from './ArticleScheduleSection';
import { useArticleEditor } from './useArticleEditor';
import { useTrashToasts } from './useTrashToasts';

/** After a delete the page goes to the list (SPEC.md), whose toaster offers Undo. */
function ArticleEditor({
  article,
  ...options
}: {
  article: Article;
  isRefreshing: boolean;
  onRefresh: () => void;
  onReload: () => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const { deleted } = useTrashToasts();
  const views = useArticleViews(article.id);
  const onDeleted = () => {
    deleted(article.id);
    navigate('/articles');
  };
  const editor = useArticleEditor(article, { ...options, onDeleted });
  const hasUnsavedEdits = editor.slug.value !== (article.slug ?? '') || editor.html.value !== (article.blogData ?? '');
  return (
    <ArticleDetailView
      {...editor}
      views={views.isPending ? undefined : views.isError ? null : views.data}
      schedule={<ArticleScheduleSection article={article} />}
      history={
        <ArticleHistorySection
          article={article}
          hasUnsavedEdits={hasUnsavedEdits}
          onBlockedEdit={editor.onOpenDialog}
          onReload={options.onReload}
        />
      }
    />
  );
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
        // Keyed: another article's page starts with its own edits, draft and guard.
        <ArticleEditor
          key={article.data.id}
          article={article.data}
          isRefreshing={article.isFetching}
          onRefresh={() => void article.refetch()}
          onReload={() => article.refetch({ throwOnError: true })}
        />
      )}
    </FullThemeProvider>
  );
}

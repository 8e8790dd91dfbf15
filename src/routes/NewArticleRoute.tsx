import { useNavigate } from 'react-router-dom';
import { useCreateArticle, useScrapeArticles } from '../api/articleWrites';
import { NewArticleForm } from '../components/new-article/NewArticleForm';
import { useScrapeBatch } from '../components/new-article/useScrapeBatch';
import { FullThemeProvider } from '../theme/FullThemeProvider';

/** /articles/new: pages scraped into drafts (one opens directly), or a draft made from HTML. */
function NewArticle() {
  const navigate = useNavigate();
  const create = useCreateArticle();
  const openArticle = (id: string) => navigate(`/articles/${encodeURIComponent(id)}`);
  const scraping = useScrapeArticles();
  const batch = useScrapeBatch({ ...scraping, onOpenArticle: openArticle });
  return (
    <NewArticleForm
      onScrape={(input) => void batch.start(input)}
      scrapes={batch.items}
      isScraping={batch.isRunning}
      onCancelScrapes={batch.cancel}
      onCreate={(input) => create.mutate(input, { onSuccess: (article) => openArticle(article.id) })}
      isCreating={create.isPending}
      error={create.error?.message}
    />
  );
}

/** Rendered with the full theme system: this screen's components' recipes load with its chunk. */
export default function NewArticleRoute() {
  return (
    <FullThemeProvider>
      <NewArticle />
    </FullThemeProvider>
  );
}

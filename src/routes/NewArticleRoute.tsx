import { useNavigate } from 'react-router-dom';
import { useCreateArticle, useScrapeArticles } from '../api/articleWrites';
import { useAccess } from '../api/system';
import { RefusedScreen } from '../components/common/RefusedScreen';
import { NewArticleForm } from '../components/new-article/NewArticleForm';
import { useScrapeBatch } from '../components/new-article/useScrapeBatch';
import { texts } from '../lib/texts';
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

/**
 * Rendered with the full theme system: this screen's components' recipes load with its chunk. A
 * viewer reaching it by a link is told who may create articles.
 */
export default function NewArticleRoute() {
  const access = useAccess();
  // Known with the session, which the layout waits for.
  if (!access) return null;
  const refused = access.screenNotice('createArticle');
  return (
    <FullThemeProvider>
      {refused ? <RefusedScreen title={texts.newArticle.title} message={refused} /> : <NewArticle />}
    </FullThemeProvider>
  );
}

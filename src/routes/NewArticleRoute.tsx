import { useNavigate } from 'react-router-dom';
import { useCreateArticle, useScrapeArticles } from '../api/articleWrites';
import { RefusedScreen } from '../components/common/RefusedScreen';
import { NewArticleForm } from '../components/new-article/NewArticleForm';
import { useScrapeBatch } from '../components/new-article/useScrapeBatch';
import { texts } from '../lib/texts';
import { AccessScreen } from './AccessScreen';

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

/** A viewer reaching it by a link is told who may create articles. */
export default function NewArticleRoute() {
  return (
    <AccessScreen>
      {(access) => {
        const refused = access.screenNotice('createArticle');
        return refused ? <RefusedScreen title={texts.newArticle.title} message={refused} /> : <NewArticle />;
      }}
    </AccessScreen>
  );
}

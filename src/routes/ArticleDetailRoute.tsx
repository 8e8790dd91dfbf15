import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useArticlePresence } from '../api/presence';
import { EditingNotice, PresenceAvatars, TakenOverNotice } from '../components/article-detail/ArticlePresence';
import { presenceTexts } from '../lib/texts-presence';
import { useArticle } from '../api/articles';
import { useArticleViews } from '../api/articleViews';
import { useAccess } from '../api/system';
import { ArticleDetailView, ArticleLoading, ArticleNotFound } from '../components/article-detail';
import type { Article } from '../contract';
import type { Access } from '../lib/access';
import type { Place, Reveal } from '../lib/checkPlace';
import { FullThemeProvider } from '../theme/FullThemeProvider';
import { ArticleHistorySection } from './ArticleHistorySection';
import { ArticleScheduleSection } from './ArticleScheduleSection';
import { ArticleSeoSection } from './ArticleSeoSection';
import { ArticleChecksSection } from './ArticleChecksSection';
import { ArticleDuplicatesSection } from './ArticleDuplicatesSection';
import { texts } from '../lib/texts';
import { useArticleEditor } from './useArticleEditor';
import { useTrashToasts } from './useTrashToasts';

/** After a delete the page goes to the list (docs/product.md, 'Article detail'), whose toaster offers Undo (to a role that may restore). */
function ArticleEditor({
  article,
  ...options
}: {
  article: Article;
  access: Access;
  isRefreshing: boolean;
  onRefresh: () => void;
  onReload: () => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const { deleted } = useTrashToasts();
  const views = useArticleViews(article.id);
  const onDeleted = () => {
    deleted(article.id, options.access.may('restoreArticle'));
    navigate('/articles');
  };
  const editor = useArticleEditor(article, { ...options, onDeleted });
  const hasUnsavedEdits = editor.slug.value !== (article.slug ?? '') || editor.html.value !== (article.blogData ?? '');
  const presence = useArticlePresence(article.id, hasUnsavedEdits);
  const [viewReadOnly, setViewReadOnly] = useState(false);
  // A place of the HTML an item of the checks asked the editor to show.
  const [reveal, setReveal] = useState<Reveal | null>(null);
  const onShowPlace = useCallback((place: Place) => setReveal({ ...place, nonce: Date.now() }), []);
  // Another page holds the editing lease, or took it from this one: the editors are read-only.
  const leaseRefused = presence.taken
    ? presenceTexts.takenReadOnly(presence.taken.by)
    : presence.holder
      ? presenceTexts.readOnly(presence.holder.email)
      : null;
  // Each edit renews this page's lease (it edits for two minutes after the last one).
  const touched = <T,>(onChange: (value: T) => void) => (value: T) => {
    presence.touch();
    onChange(value);
  };
  return (
    <ArticleDetailView
      {...editor}
      slug={{ ...editor.slug, onChange: touched(editor.slug.onChange) }}
      html={{ ...editor.html, onChange: touched(editor.html.onChange), reveal }}
      refused={{ ...editor.refused, edit: editor.refused?.edit ?? leaseRefused }}
      presence={
        <>
          <PresenceAvatars others={presence.others} />
          {presence.taken ? (
            <TakenOverNotice taken={presence.taken} onReload={() => window.location.reload()} />
          ) : (
            presence.holder && (
              <EditingNotice
                holder={presence.holder}
                readOnly={viewReadOnly}
                onViewReadOnly={() => setViewReadOnly(true)}
                onTakeOver={() => void presence.takeOver()}
                takingOver={presence.takingOver}
                error={presence.error}
              />
            )
          )}
        </>
      }
      views={views.isPending ? undefined : views.isError ? null : views.data}
      seo={
        <ArticleSeoSection
          article={article}
          refused={editor.refused?.edit ?? leaseRefused ?? (article.status === 'published' ? texts.article.publishedLocked : null)}
        />
      }
      duplicates={<ArticleDuplicatesSection article={article} />}
      checks={<ArticleChecksSection article={article} html={editor.html.value} unsaved={hasUnsavedEdits} onShow={onShowPlace} />}
      schedule={<ArticleScheduleSection article={article} refused={options.access.whyNot('scheduleArticle')} />}
      history={
        <ArticleHistorySection
          article={article}
          refused={options.access.whyNot('restoreArticleRevision', { published: article.status === 'published' })}
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
  const access = useAccess();
  // Known with the session, which the layout waits for.
  if (!access) return null;
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
          access={access}
          isRefreshing={article.isFetching}
          onRefresh={() => void article.refetch()}
          onReload={() => article.refetch({ throwOnError: true })}
        />
      )}
    </FullThemeProvider>
  );
}

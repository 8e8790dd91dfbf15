import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { articleKeys, useArticle } from '../api/articles';
import { useArticleViews } from '../api/articleViews';
import { ArticleDetailView, ArticleLoading, ArticleNotFound } from '../components/article-detail';
import type { Article } from '../contract';
import type { Access } from '../lib/access';
import { AccessScreen } from './AccessScreen';
import { ArticleChecksSection, useCheckReveal } from './ArticleChecksSection';
import { useImagePicker } from './ArticleImagePicker';
import { ArticleAssignmentSection } from './ArticleAssignmentSection';
import { ArticleCommentsSection } from './ArticleCommentsSection';
import { ArticleReviewSection } from './ArticleReviewSection';
import { ArticleDuplicatesSection } from './ArticleDuplicatesSection';
import { ArticleHistorySection } from './ArticleHistorySection';
import { ArticlePresenceSection, useEditingLease } from './ArticlePresenceSection';
import { ArticleScheduleSection } from './ArticleScheduleSection';
import { ArticleSeoSection } from './ArticleSeoSection';
import { ArticleSourceSection } from './ArticleSourceSection';
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
  const location = useLocation();
  const { deleted } = useTrashToasts();
  const views = useArticleViews(article.id);
  // Deleted: the article's cached queries go once the page has left (not while it still shows them).
  const queryClient = useQueryClient();
  const gone = useRef(false);
  useEffect(() => {
    const id = article.id;
    return () => {
      if (gone.current) queryClient.removeQueries({ queryKey: articleKeys.detail(id) });
    };
  }, [queryClient, article.id]);
  const onDeleted = () => {
    gone.current = true;
    deleted(article.id, options.access.may('restoreArticle'));
    navigate('/articles');
  };
  const editor = useArticleEditor(article, { ...options, onDeleted });
  const hasUnsavedEdits = editor.slug.value !== (article.slug ?? '') || editor.html.value !== (article.blogData ?? '');
  // Another page holds the editing lease, or took it from this one: the editors are read-only.
  const lease = useEditingLease(article.id, hasUnsavedEdits);
  const editRefused = editor.refused?.edit ?? lease.refused;
  const checks = useCheckReveal();
  const onHtmlChange = lease.touched(editor.html.onChange);
  // The HTML may be edited (a draft, and no other page holds the lease): the checks may write in it.
  const htmlEditable = article.status !== 'published' && !editRefused;
  const images = useImagePicker();
  const { access, onReload } = options;
  const { onOpenDialog } = editor;
  // The cards that do not read the HTML being edited, made once per version of the article (and
  // of what they do read): typing in the editor renders the editor and the checks, not them.
  const cards = useMemo(
    () => ({
      seo: <ArticleSeoSection article={article} editRefused={editRefused} />,
      duplicates: <ArticleDuplicatesSection article={article} />,
      schedule: <ArticleScheduleSection article={article} access={access} />,
      review: <ArticleReviewSection article={article} access={access} />,
      assignment: <ArticleAssignmentSection article={article} access={access} />,
      comments: <ArticleCommentsSection article={article} access={access} />,
    }),
    [article, access, editRefused],
  );
  const source = useMemo(
    () => <ArticleSourceSection article={article} access={access} hasUnsavedEdits={hasUnsavedEdits} />,
    [article, access, hasUnsavedEdits],
  );
  const history = useMemo(
    () => (
      <ArticleHistorySection
        article={article}
        access={access}
        hasUnsavedEdits={hasUnsavedEdits}
        onBlockedEdit={onOpenDialog}
        onReload={onReload}
      />
    ),
    [article, access, hasUnsavedEdits, onOpenDialog, onReload],
  );
  return (
    <>
      <ArticleDetailView
        // A section of the side panel named in the address (`#history`): opened and shown, each time a link to it is followed.
        anchor={location.hash.length > 1 ? { id: location.hash.slice(1), key: location.key } : null}
        onShowSection={(section) => void navigate({ hash: `#${section}` }, { replace: true, preventScrollReset: true })}
      {...editor}
      slug={{ ...editor.slug, onChange: lease.touched(editor.slug.onChange) }}
      html={{ ...editor.html, onChange: onHtmlChange, reveal: checks.reveal, onInsertImage: images.onOpen, insertion: images.insertion }}
      refused={{ ...editor.refused, edit: editRefused }}
      presence={<ArticlePresenceSection presence={lease.presence} />}
      views={views.isPending ? undefined : views.isError ? null : views.data}
      {...cards}
      source={source}
      checks={
        <ArticleChecksSection
          article={article}
          html={editor.html.value}
          unsaved={hasUnsavedEdits}
          onShow={checks.onShow}
          onEdit={htmlEditable ? onHtmlChange : undefined}
        />
      }
      history={history}
      />
      {images.picker}
    </>
  );
}

export default function ArticleDetailRoute() {
  const { id = '' } = useParams();
  const article = useArticle(id);
  return (
    <AccessScreen>
      {(access) =>
        article.isPending ? (
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
        )
      }
    </AccessScreen>
  );
}

import { useState } from 'react';
import {
  useConvertToDraft,
  useDeleteArticle,
  usePublishArticle,
  useRescrapeArticle,
  useSlugCheck,
  useUpdateArticle,
} from '../api/articles';
import type { ArticleDetailViewProps } from '../components/article-detail/ArticleDetailView';
import { useStatusBanner } from '../components/article-detail/useStatusBanner';
import { slugCheckState } from '../components/article-editor';
import type { Article } from '../contract';

/**
 * Everything the article detail screen does with one article: the slug and HTML edits (null
 * until the admin changes something, so the saved value shows), the slug check, publish and
 * convert with their banners, the convert dialog, delete, re-scrape. Answers the view's props.
 */
export function useArticleEditor(
  article: Article,
  { isRefreshing, onRefresh, onDeleted }: { isRefreshing: boolean; onRefresh: () => void; onDeleted: () => void },
): ArticleDetailViewProps {
  const { banner, show, dismiss } = useStatusBanner();
  const publish = usePublishArticle(article.id);
  const convert = useConvertToDraft(article.id);
  const update = useUpdateArticle(article.id);
  const remove = useDeleteArticle();
  const rescrape = useRescrapeArticle(article.id);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [slugEdit, setSlugEdit] = useState<string | null>(null);
  const [htmlEdit, setHtmlEdit] = useState<string | null>(null);
  const [slugToCheck, setSlugToCheck] = useState<string | null>(null);
  const slugValue = slugEdit ?? article.slug ?? '';
  const htmlValue = htmlEdit ?? article.blogData ?? '';
  const check = useSlugCheck(slugToCheck ?? '', article.id, slugToCheck !== null);

  const toDraft = () =>
    convert.mutate(undefined, {
      onSuccess: () => {
        setDialogOpen(false);
        show('draft');
      },
      onError: () => show('draftFailed'),
    });
  const save = (patch: { slug: string } | { blogData: string }, done: () => void) =>
    update.mutate({ ...patch, ifMatch: article.updatedAt }, { onSuccess: done });
  const saving = (field: 'slug' | 'blogData') => Boolean(update.isPending && update.variables && field in update.variables);

  return {
    article,
    isRefreshing,
    onRefresh,
    onDelete: () => remove.mutate(article.id, { onSuccess: onDeleted }),
    isDeleting: remove.isPending,
    pendingAction: publish.isPending ? 'publish' : convert.isPending ? 'draft' : null,
    onPublish: () => publish.mutate(undefined, { onSuccess: () => show('published'), onError: () => show('publishFailed') }),
    onConvertToDraft: toDraft,
    onRescrape: (request) => rescrape.mutateAsync(request),
    banner,
    onDismissBanner: dismiss,
    error: remove.error?.message ?? update.error?.message,
    onDismissError: () => {
      remove.reset();
      update.reset();
    },
    slug: {
      value: slugValue,
      onChange: setSlugEdit,
      check: slugCheckState({
        checked: slugToCheck,
        value: slugValue,
        isFetching: check.isFetching,
        isError: check.isError,
        data: check.data,
      }),
      onVerify: () => {
        setSlugToCheck(slugValue);
        if (slugToCheck === slugValue) void check.refetch();
      },
      onSave: () => save({ slug: slugValue }, () => setSlugEdit(null)),
      onReset: () => setSlugEdit(null),
      isSaving: saving('slug'),
    },
    html: {
      value: htmlValue,
      onChange: setHtmlEdit,
      onSave: () => save({ blogData: htmlValue }, () => setHtmlEdit(null)),
      onReset: () => setHtmlEdit(null),
      isSaving: saving('blogData'),
    },
    dialogOpen,
    onOpenDialog: () => setDialogOpen(true),
    onCloseDialog: () => setDialogOpen(false),
    isConverting: convert.isPending,
  };
}

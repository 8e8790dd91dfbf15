import { useCallback, useState } from 'react';
import {
  useConvertToDraft,
  useDeleteArticle,
  usePublishArticle,
  useRescrapeArticle,
  useSlugCheck,
  useUpdateArticle,
} from '../api/articleWrites';
import type { ArticleDetailViewProps } from '../components/article-detail/ArticleDetailView';
import type { EditField } from '../components/article-detail/EditConflictPanel';
import { useStatusBanner } from '../components/article-detail/useStatusBanner';
import { slugCheckState } from '../components/article-editor';
import type { Article } from '../contract';
import type { Access } from '../lib/access';
import { useHtmlDraft } from './useHtmlDraft';
import { useLeaveGuard } from './useLeaveGuard';

/** The server refused a save made on an older version than its own (If-Match): an ApiError with this code. */
const isStale = (error: unknown) => (error as { code?: unknown } | null)?.code === 'stale_article';

/**
 * Everything the article detail screen does with one article, and what the signed-in role may
 * not do to it (`refused`, each with why): the slug and HTML edits (null
 * until the admin changes something, so the saved value shows), the slug check, publish and
 * convert with their banners, the convert dialog, delete, re-scrape. And what keeps unsaved
 * edits from being lost: leaving asks first (useLeaveGuard), the HTML is kept in the browser
 * (useHtmlDraft), and a save refused because another admin saved meanwhile opens the conflict
 * of the two versions. Answers the view's props.
 */
export function useArticleEditor(
  article: Article,
  {
    isRefreshing,
    onRefresh,
    onReload,
    onDeleted,
    access,
  }: {
    isRefreshing: boolean;
    onRefresh: () => void;
    /** Fetches the article again; rejects when it cannot be read. */
    onReload: () => Promise<unknown>;
    onDeleted: () => void;
    /** What the signed-in role may do. */
    access: Access;
  },
): ArticleDetailViewProps {
  const { banner, show, dismiss } = useStatusBanner();
  const publish = usePublishArticle(article.id);
  const convert = useConvertToDraft(article.id);
  const update = useUpdateArticle(article.id);
  const remove = useDeleteArticle();
  const rescrape = useRescrapeArticle(article.id);
  const [dialogOpen, setDialogOpen] = useState(false);
  // Stable: the History card, made once per version of the article, opens it too.
  const onOpenDialog = useCallback(() => setDialogOpen(true), []);
  const [slugEdit, setSlugEdit] = useState<string | null>(null);
  const [htmlEdit, setHtmlEdit] = useState<string | null>(null);
  // The version (updatedAt) the unsaved edits are based on: a save sends it as If-Match.
  const [basedOn, setBasedOn] = useState(article.updatedAt);
  // A save refused as stale; `ready` once the newer version is here to compare with.
  const [conflict, setConflict] = useState<{ field: EditField; ready: boolean } | null>(null);
  const [slugToCheck, setSlugToCheck] = useState<string | null>(null);
  const slugValue = slugEdit ?? article.slug ?? '';
  const htmlValue = htmlEdit ?? article.blogData ?? '';
  const unsavedField = { slug: slugValue !== (article.slug ?? ''), blogData: htmlValue !== (article.blogData ?? '') };
  const unsaved = unsavedField.slug || unsavedField.blogData;
  const isPublished = article.status === 'published';
  const check = useSlugCheck(slugToCheck ?? '', article.id, slugToCheck !== null);
  const draft = useHtmlDraft(article, { html: htmlEdit, basedOn });
  const leave = useLeaveGuard(unsaved, draft.discard);
  const onThis = { published: isPublished };
  const editRefused = access.whyNot('updateArticle', onThis);

  /** A first edit on a page with nothing unsaved is based on the article as shown. */
  const edit = (set: (value: string) => void) => (value: string) => {
    if (!unsaved) setBasedOn(article.updatedAt);
    set(value);
  };
  /** After the admin's own change, edits based on the version before it are based on the new one. */
  const advance = (before: string, after: Article) => setBasedOn((current) => (current === before ? after.updatedAt : current));

  const toDraft = () => {
    const before = article.updatedAt;
    convert.mutate(undefined, {
      onSuccess: (converted) => {
        advance(before, converted);
        setDialogOpen(false);
        show('draft');
      },
      onError: () => show('draftFailed'),
    });
  };
  const save = (field: EditField, value: string, ifMatch: string) =>
    update.mutate(field === 'slug' ? { slug: value, ifMatch } : { blogData: value, ifMatch }, {
      onSuccess: (saved) => {
        // What was typed while saving stays an edit.
        (field === 'slug' ? setSlugEdit : setHtmlEdit)((current) => (current === value ? null : current));
        setBasedOn(saved.updatedAt);
        setConflict((open) => (open?.field === field ? null : open));
      },
      onError: (error) => {
        if (!isStale(error)) return;
        // Another admin saved meanwhile: fetch their version, to show beside the edit.
        setConflict((open) => ({ field, ready: open?.field === field && open.ready }));
        onReload().then(
          () => setConflict((open) => (open?.field === field ? { field, ready: true } : open)),
          // Not readable any more (deleted meanwhile): the server's message says what happened.
          () => setConflict(null),
        );
      },
    });
  const saving = (field: EditField) => Boolean(update.isPending && update.variables && field in update.variables);
  const conflictShown = conflict?.ready && unsavedField[conflict.field] ? conflict.field : null;

  return {
    article,
    isRefreshing,
    onRefresh,
    onDelete: () =>
      remove.mutate(article.id, {
        onSuccess: () => {
          draft.discard();
          onDeleted();
        },
      }),
    isDeleting: remove.isPending,
    pendingAction: publish.isPending ? 'publish' : convert.isPending ? 'draft' : null,
    onPublish: () => {
      const before = article.updatedAt;
      publish.mutate(undefined, {
        onSuccess: (published) => {
          advance(before, published);
          show('published');
        },
        onError: () => show('publishFailed'),
      });
    },
    onConvertToDraft: toDraft,
    onRescrape: async (request) => {
      const before = article.updatedAt;
      const result = await rescrape.mutateAsync(request);
      advance(before, result.data);
      // 'Also replace the blog HTML': the editor shows the new HTML (the old one is in the history).
      if (request.replaceBlogData) setHtmlEdit(null);
      return result;
    },
    refused: {
      edit: editRefused,
      publish: access.whyNot('publishArticle'),
      unpublish: access.whyNot('convertArticleToDraft'),
      delete: access.whyNot('deleteArticle', onThis),
      rescrape: access.whyNot('rescrapeArticle', onThis),
    },
    banner,
    onDismissBanner: dismiss,
    // A stale save is not an error to read: the conflict shows both versions instead.
    error: remove.error?.message ?? (conflict && isStale(update.error) ? null : update.error?.message),
    onDismissError: () => {
      remove.reset();
      update.reset();
    },
    slug: {
      value: slugValue,
      onChange: edit(setSlugEdit),
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
      onSave: () => save('slug', slugValue, basedOn),
      onReset: () => setSlugEdit(null),
      isSaving: saving('slug'),
    },
    html: {
      value: htmlValue,
      onChange: edit(setHtmlEdit),
      onSave: () => save('blogData', htmlValue, basedOn),
      onReset: () => setHtmlEdit(null),
      isSaving: saving('blogData'),
    },
    dialogOpen,
    onOpenDialog,
    onCloseDialog: () => setDialogOpen(false),
    isConverting: convert.isPending,
    leave,
    // An edit kept from an earlier visit is offered only to a role that may make it.
    draftOffer: editRefused ? null : draft.offer && {
      savedAt: draft.offer.draft.savedAt,
      changedSince: draft.offer.changedSince,
      onRestore: () => {
        // Restoring is editing: a published article must be converted to draft first.
        const kept = isPublished ? null : draft.restore();
        if (isPublished) setDialogOpen(true);
        if (!kept) return;
        setHtmlEdit(kept.html);
        setBasedOn(kept.basedOn);
      },
      onDiscard: draft.discard,
    },
    conflict: conflictShown && {
      field: conflictShown,
      theirs: article[conflictShown] ?? '',
      theirsSavedAt: article.updatedAt,
      mine: conflictShown === 'slug' ? slugValue : htmlValue,
      // Saved over the newer version: its updatedAt is the If-Match now.
      onKeepMine: () => save(conflictShown, conflictShown === 'slug' ? slugValue : htmlValue, article.updatedAt),
      onTakeTheirs: () => {
        (conflictShown === 'slug' ? setSlugEdit : setHtmlEdit)(null);
        setBasedOn(article.updatedAt);
        setConflict(null);
        // The refused save is settled: its error is not shown afterwards.
        update.reset();
      },
      isSaving: saving(conflictShown),
    },
  };
}

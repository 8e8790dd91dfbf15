import { Grid, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  useArticle,
  useConvertToDraft,
  useDeleteArticle,
  usePublishArticle,
  useRescrapeArticle,
  useSlugCheck,
  useUpdateArticle,
} from '../api/articles';
import type { Article } from '../contract';
import {
  ArticleDetailHeader,
  ArticleLoading,
  ArticleMetadataCard,
  ArticleNotFound,
  ArticleStatusSwitch,
  ArticleUrlsCard,
  ConvertToDraftDialog,
  DataCard,
  RescrapeAction,
  StatusBanner,
  useStatusBanner,
} from '../components/article-detail';
import {
  DeviceFramePreview,
  HtmlEditorPreview,
  SlugEditor,
  hasWebsitePreview,
  type SlugCheckState,
} from '../components/article-editor';
import { ErrorNotice } from '../components/common/ErrorNotice';
import { texts } from '../lib/texts';
import { FullThemeProvider } from '../theme/FullThemeProvider';

function ArticleDetailScreen() {
  const { id = '' } = useParams();
  const article = useArticle(id);

  if (article.isPending) return <ArticleLoading />;
  if (article.isError) return <ArticleNotFound message={article.error.message} onRetry={() => void article.refetch()} />;
  return <ArticleDetail article={article.data} isRefreshing={article.isFetching} onRefresh={() => void article.refetch()} />;
}

type DetailProps = { article: Article; isRefreshing: boolean; onRefresh: () => void };

function ArticleDetail({ article, isRefreshing, onRefresh }: DetailProps) {
  const navigate = useNavigate();
  const { banner, show, dismiss } = useStatusBanner();
  const publish = usePublishArticle(article.id);
  const convert = useConvertToDraft(article.id);
  const update = useUpdateArticle(article.id);
  const remove = useDeleteArticle();
  const rescrape = useRescrapeArticle(article.id);
  const [dialogOpen, setDialogOpen] = useState(false);

  // Edits are null until the admin changes something; the saved value shows otherwise.
  const [slugEdit, setSlugEdit] = useState<string | null>(null);
  const [htmlEdit, setHtmlEdit] = useState<string | null>(null);
  const [slugToCheck, setSlugToCheck] = useState<string | null>(null);
  const slugValue = slugEdit ?? article.slug ?? '';
  const htmlValue = htmlEdit ?? article.blogData ?? '';
  const isPublished = article.status === 'published';

  const check = useSlugCheck(slugToCheck ?? '', article.id, slugToCheck !== null);
  const checkState: SlugCheckState =
    slugToCheck === null || slugToCheck !== slugValue
      ? { status: 'idle' }
      : check.isFetching
        ? { status: 'checking' }
        : check.isError
          ? { status: 'error' }
          : check.data
            ? {
                status: check.data.available ? 'available' : 'unavailable',
                message: check.data.message,
                suggestion: check.data.available ? undefined : check.data.slug,
              }
            : { status: 'idle' };

  const pendingAction = publish.isPending ? 'publish' : convert.isPending ? 'draft' : null;

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

  return (
    <Stack gap="6">
      <ArticleDetailHeader
        id={article.id}
        slug={article.slug}
        onRefresh={onRefresh}
        isRefreshing={isRefreshing}
        onDelete={() => remove.mutate(article.id, { onSuccess: () => navigate('/articles') })}
        isDeleting={remove.isPending}
      />
      <HStack justify="space-between" wrap="wrap" gap="4">
        <ArticleStatusSwitch
          status={article.status}
          pendingAction={pendingAction}
          onPublish={() =>
            publish.mutate(undefined, { onSuccess: () => show('published'), onError: () => show('publishFailed') })
          }
          onConvertToDraft={toDraft}
        />
        <RescrapeAction
          scrapedUrl={article.scrapedUrl}
          isPublished={isPublished}
          onBlockedEdit={() => setDialogOpen(true)}
          onRescrape={(request) => rescrape.mutateAsync(request)}
        />
      </HStack>
      <StatusBanner kind={banner} onDismiss={dismiss} />
      <ErrorNotice message={remove.error?.message ?? update.error?.message} onDismiss={() => { remove.reset(); update.reset(); }} />
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6">
        <ArticleMetadataCard createdAt={article.createdAt} updatedAt={article.updatedAt} />
        <ArticleUrlsCard scrapedUrl={article.scrapedUrl} newUrl={article.newUrl} />
      </Grid>
      <SlugEditor
        savedSlug={article.slug}
        value={slugValue}
        onChange={setSlugEdit}
        isPublished={isPublished}
        check={checkState}
        onVerify={() => {
          setSlugToCheck(slugValue);
          if (slugToCheck === slugValue) void check.refetch();
        }}
        onSave={() => save({ slug: slugValue }, () => setSlugEdit(null))}
        onReset={() => setSlugEdit(null)}
        isSaving={update.isPending && update.variables && 'slug' in update.variables}
        onBlockedEdit={() => setDialogOpen(true)}
      />
      <HtmlEditorPreview
        savedHtml={article.blogData}
        value={htmlValue}
        onChange={setHtmlEdit}
        isPublished={isPublished}
        isSaving={update.isPending && update.variables && 'blogData' in update.variables}
        onSave={() => save({ blogData: htmlValue }, () => setHtmlEdit(null))}
        onReset={() => setHtmlEdit(null)}
        onBlockedEdit={() => setDialogOpen(true)}
      />
      {hasWebsitePreview(article) && (
        <DeviceFramePreview scrapedUrl={article.scrapedUrl} newUrl={article.newUrl} />
      )}
      <DataCard title={texts.article.scrappedData} text={article.scrappedData} />
      {article.blogData ? <DataCard title={texts.article.blogData} text={article.blogData} /> : null}
      <ConvertToDraftDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onConvert={toDraft}
        isConverting={convert.isPending}
      />
    </Stack>
  );
}

/** Rendered with the full theme system: this screen's components' recipes load with its chunk. */
export default function ArticleDetailRoute() {
  return (
    <FullThemeProvider>
      <ArticleDetailScreen />
    </FullThemeProvider>
  );
}

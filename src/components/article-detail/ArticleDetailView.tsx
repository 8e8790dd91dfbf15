import type { ReactNode } from 'react';
import { chakra, Grid, HStack, Link, Stack } from '@chakra-ui/react';
import type { Article, ArticleViews, RescrapeRequest, ScrapeResult } from '../../contract';
import { texts } from '../../lib/texts';
import { panelTexts } from '../../lib/texts-article-panel';
import { DeviceFramePreview, HtmlEditorPreview, SlugEditor, hasWebsitePreview, type SlugCheckState } from '../article-editor';
import { ErrorNotice } from '../common/ErrorNotice';
import { ArticleDetailHeader } from './ArticleDetailHeader';
import { ArticleMetadataCard } from './ArticleMetadataCard';
import { ArticleViewsItem } from './ArticleViewsItem';
import { ArticleStatusSwitch, type PendingStatusAction } from './ArticleStatusSwitch';
import { ArticleUrlsCard } from './ArticleUrlsCard';
import { ConvertToDraftDialog } from './ConvertToDraftDialog';
import { DataCard } from './DataCard';
import { DraftRestoreNotice, type DraftRestoreNoticeProps } from './DraftRestoreNotice';
import { EditConflictPanel, type EditConflictPanelProps } from './EditConflictPanel';
import { FoldingSection } from './fold';
import { LeaveWithoutSavingDialog, type LeaveWithoutSavingDialogProps } from './LeaveWithoutSavingDialog';
import { RescrapeAction } from './RescrapeAction';
import { StatusBanner } from './StatusBanner';
import type { StatusBannerKind } from './useStatusBanner';
import type { Insertion, Reveal } from '../../lib/checkPlace';

/**
 * What the signed-in role may not do to this article, each with why (its tooltip or notice):
 * absent or null, it may. The schedule's and the history's refusals go to their cards, which
 * are the route's (`schedule`, `history`).
 */
export interface ArticleRefusals {
  /** The slug and the HTML (read-only, saying why). */
  edit?: string | null;
  /** The switch on a draft. */
  publish?: string | null;
  /** The switch on a published article. */
  unpublish?: string | null;
  delete?: string | null;
  rescrape?: string | null;
}

/** The panel's section a link named (`#history`), and which following of it (a new key each time). */
export interface SectionAnchor {
  id: string;
  key: string;
}

export interface ArticleDetailViewProps {
  article: Article;
  /** Its public reads of the last 30 days (undefined: loading; null: failed); false: not shown. */
  views?: ArticleViews | null | false;
  isRefreshing: boolean;
  onRefresh: () => void;
  onDelete: () => void;
  isDeleting: boolean;
  pendingAction: PendingStatusAction | null;
  onPublish: () => void;
  onConvertToDraft: () => void;
  onRescrape: (request: RescrapeRequest) => Promise<ScrapeResult>;
  banner: StatusBannerKind | null;
  onDismissBanner: () => void;
  /** A failed delete or save, in the server's words. */
  error?: string | null;
  onDismissError: () => void;
  slug: {
    value: string;
    onChange: (value: string) => void;
    check: SlugCheckState;
    onVerify: () => void;
    onSave: () => void;
    onReset: () => void;
    isSaving: boolean;
  };
  html: {
    value: string;
    onChange: (value: string) => void;
    onSave: () => void;
    onReset: () => void;
    isSaving: boolean;
    /** A place the editor selects and brings into view (an item of the checks before publishing). */
    reveal?: Reveal | null;
    /** Opens the library's images to insert one (Insert image…). */
    onInsertImage?: () => void;
    /** A text the editor inserts where its cursor is (an image taken from the library). */
    insertion?: Insertion | null;
  };
  /** The convert-to-draft dialog (opened by editing a published article, or by the switch). */
  dialogOpen: boolean;
  onOpenDialog: () => void;
  onCloseDialog: () => void;
  isConverting: boolean;
  /** 'Leave without saving?', asked when a link or back/forward would leave unsaved edits. */
  leave: LeaveWithoutSavingDialogProps;
  /** An unsaved HTML edit the browser kept from an earlier visit, on offer. */
  draftOffer: DraftRestoreNoticeProps | null;
  /** A save refused because another admin saved meanwhile: both versions, and the choice. */
  conflict: EditConflictPanelProps | null;
  /** The History card (its own container: it reads the revisions), below the HTML editor. */
  history?: ReactNode;
  /** The Schedule card (its own container: it writes the schedule), below the metadata and URLs. */
  schedule?: ReactNode;
  /** The Review card (ArticleReviewSection), below the schedule. */
  review?: ReactNode;
  /** The Assignment card (ArticleAssignmentSection), below the review. */
  assignment?: ReactNode;
  /** The Comments card (ArticleCommentsSection), below the assignment. */
  comments?: ReactNode;
  /** The SEO and social card (its own container: it reads the library's images), below the HTML editor. */
  seo?: ReactNode;
  /** The checks before publishing (their own container: it runs them), below the SEO card. */
  checks?: ReactNode;
  /** "Looks like a copy of …" (its own container: it asks for the near-duplicates), above the cards. */
  duplicates?: ReactNode;
  /** The Source card: provenance, a check of the page, a change of the source's (its own container). */
  source?: ReactNode;
  /** What the signed-in role may not do here (everything allowed when absent). */
  refused?: ArticleRefusals;
  /** Who else has the article open, and who is editing it (the route's: it holds the live stream). */
  presence?: ReactNode;
  /** The section of the side panel the address names, if any. */
  anchor?: SectionAnchor | null;
  /** A link of the panel followed: the route puts its anchor in the address. */
  onShowSection?: (id: string) => void;
}

/**
 * The side panel: each section that is there (a card), in a section that folds and is reachable
 * by its anchor (`#history`), with a line of links to them first. Beside the editor from 1440 px,
 * below it on narrower screens.
 */
function ArticlePanel({
  sections,
  anchor,
  onShowSection,
}: {
  sections: [id: string, label: string, card: ReactNode][];
  anchor: SectionAnchor | null;
  onShowSection: (id: string) => void;
}) {
  const present = sections.filter(([, , card]) => card);
  return (
    <chakra.aside aria-label={panelTexts.panel} minW="0">
      <Stack gap="4">
        <chakra.nav aria-label={panelTexts.sections}>
          <HStack as="ul" listStyleType="none" m="0" p="0" gap="1" columnGap="3" wrap="wrap" textStyle="sm">
            {present.map(([id, label]) => (
              <li key={id}>
                <Link
                  href={`#${id}`}
                  color="fg.muted"
                  onClick={(event) => {
                    event.preventDefault();
                    onShowSection(id);
                  }}
                >
                  {label}
                </Link>
              </li>
            ))}
          </HStack>
        </chakra.nav>
        {present.map(([id, , card]) => (
          <FoldingSection key={id} id={id} target={anchor?.id === id ? anchor.key : null}>
            {card}
          </FoldingSection>
        ))}
      </Stack>
    </chakra.aside>
  );
}

/**
 * The article detail screen (docs/product.md, 'Article detail'), from its props alone: the slug,
 * the HTML editor with its preview, the website preview and the texts first; the side panel of
 * the article's sections beside them (below on narrower screens).
 */
export function ArticleDetailView({
  article,
  views = false,
  isRefreshing,
  onRefresh,
  onDelete,
  isDeleting,
  pendingAction,
  onPublish,
  onConvertToDraft,
  onRescrape,
  banner,
  onDismissBanner,
  error,
  onDismissError,
  slug,
  html,
  dialogOpen,
  onOpenDialog,
  onCloseDialog,
  isConverting,
  leave,
  draftOffer,
  conflict,
  history,
  schedule,
  review,
  assignment,
  comments,
  seo,
  checks,
  duplicates,
  source,
  refused = {},
  presence,
  anchor = null,
  onShowSection = () => {},
}: ArticleDetailViewProps) {
  const isPublished = article.status === 'published';
  return (
    <Stack gap="6">
      <ArticleDetailHeader
        id={article.id}
        title={article.title}
        slug={article.slug}
        onRefresh={onRefresh}
        isRefreshing={isRefreshing}
        onDelete={onDelete}
        isDeleting={isDeleting}
        deleteRefused={refused.delete}
      />
      <HStack justify="space-between" wrap="wrap" gap="4">
        <ArticleStatusSwitch
          status={article.status}
          pendingAction={pendingAction}
          onPublish={onPublish}
          onConvertToDraft={onConvertToDraft}
          refused={isPublished ? refused.unpublish : refused.publish}
        />
        <RescrapeAction
          scrapedUrl={article.scrapedUrl}
          isPublished={isPublished}
          onBlockedEdit={onOpenDialog}
          onRescrape={onRescrape}
          refused={refused.rescrape}
        />
      </HStack>
      {presence}
      <StatusBanner kind={banner} onDismiss={onDismissBanner} />
      <ErrorNotice message={error} onDismiss={onDismissError} />
      {draftOffer && <DraftRestoreNotice {...draftOffer} />}
      {duplicates}
      <Grid gap="6" alignItems="start" templateColumns="minmax(0, 1fr)" css={{ '@media (min-width: 90rem)': { gridTemplateColumns: 'minmax(0, 1fr) 24rem' } }}>
        <Stack gap="6" minW="0">
          {conflict?.field === 'slug' && <EditConflictPanel {...conflict} />}
          <SlugEditor savedSlug={article.slug} isPublished={isPublished} onBlockedEdit={onOpenDialog} refused={refused.edit} {...slug} />
          {conflict?.field === 'blogData' && <EditConflictPanel {...conflict} />}
          <HtmlEditorPreview
            savedHtml={article.blogData}
            isPublished={isPublished}
            onBlockedEdit={onOpenDialog}
            refused={refused.edit}
            {...html}
          />
          {hasWebsitePreview(article) && <DeviceFramePreview scrapedUrl={article.scrapedUrl} newUrl={article.newUrl} />}
          <DataCard title={texts.article.scrappedData} text={article.scrappedData} />
          {article.blogData ? <DataCard title={texts.article.blogData} text={article.blogData} /> : null}
        </Stack>
        <ArticlePanel
          anchor={anchor}
          onShowSection={onShowSection}
          sections={[
            ['review', panelTexts.review, review],
            ['schedule', panelTexts.schedule, schedule],
            ['assignment', panelTexts.assignment, assignment],
            ['seo', panelTexts.seo, seo],
            ['checks', panelTexts.checks, checks],
            ['comments', panelTexts.comments, comments],
            ['history', panelTexts.history, history],
            ['source', panelTexts.source, source],
            [
              'details',
              panelTexts.details,
              <ArticleMetadataCard key="details" createdAt={article.createdAt} updatedAt={article.updatedAt}>
                {views !== false && <ArticleViewsItem views={views} />}
              </ArticleMetadataCard>,
            ],
            ['addresses', panelTexts.addresses, <ArticleUrlsCard key="addresses" scrapedUrl={article.scrapedUrl} newUrl={article.newUrl} />],
          ]}
        />
      </Grid>
      <ConvertToDraftDialog open={dialogOpen} onClose={onCloseDialog} onConvert={onConvertToDraft} isConverting={isConverting} />
      <LeaveWithoutSavingDialog {...leave} />
    </Stack>
  );
}

import { memo, useId, type KeyboardEvent } from 'react';
import { Badge, Box, Card, chakra, Flex, Heading, HStack, Icon, Link, Stack, Text } from '@chakra-ui/react';
import { Button } from '../common/Button';
import { LuCalendar, LuExternalLink, LuEye, LuTrash2 } from 'react-icons/lu';
import type { ArticleCard as ArticleCardData, SearchSnippet } from '../../contract';
import { formatDateTime, shortId, truncate, URL_DISPLAY_MAX } from '../../lib/format';
import { texts } from '../../lib/texts';
import { AppLink } from '../common/AppLink';
import { refusable, RefusedTooltip } from '../common/RefusedTooltip';
import { bulkTexts } from '../../lib/texts-articles';
import { articleRowTitle } from './articleRow';
import { rawTextSnippet, snippetCuts } from './highlight';
import { HighlightedText, SnippetText } from './HighlightedText';
import { SelectCheckbox } from './SelectCheckbox';
import { AssignmentBadges } from '../assignment/AssignmentBadges';
import { ExtractionBadge } from '../extraction/ExtractionBadge';
import { ScheduleBadges } from '../schedule/ScheduleBadges';

export interface ArticleCardProps {
  article: ArticleCardData;
  /** Without it (a role that may delete nothing) the card has no Delete. */
  onDelete?: (id: string) => void;
  /** A deletion of this article is in progress: Delete is disabled. */
  isDeleting?: boolean;
  /** Why the signed-in role may not delete a published article (an author's drafts only): Delete is disabled with it on such a card. */
  deletePublishedRefused?: string | null;
  /**
   * The search: its words are marked in the title, the addresses and the blog HTML's preview;
   * the raw text shows the server's snippet with its matches instead (`article.snippet`).
   */
  highlight?: string;
  /** Selected for a bulk action. */
  selected?: boolean;
  /**
   * With it the card has a selection checkbox and is focusable: Space on the card itself
   * toggles it. `range`: Shift was held (select from the last clicked to this one).
   */
  onToggleSelect?: (id: string, range: boolean) => void;
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <chakra.dt textStyle="xs" fontWeight="semibold" color="fg.muted" mb="1">
        {label}
      </chakra.dt>
      <chakra.dd>{children}</chakra.dd>
    </div>
  );
}

function ExternalUrl({ url, highlight }: { url: string; highlight?: string }) {
  return (
    <Link
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={url}
      colorPalette="blue"
      color="colorPalette.fg"
      textStyle="sm"
      wordBreak="break-all"
    >
      <HighlightedText text={truncate(url, URL_DISPLAY_MAX)} query={highlight} />
      <Icon size="xs" aria-hidden>
        <LuExternalLink />
      </Icon>
    </Link>
  );
}

/** A preview the server cut to 150 characters; an ellipsis marks a cut. */
function DataPreview({ text, cut, highlight }: { text: string; cut: boolean; highlight?: string }) {
  return (
    <Text textStyle="xs" fontFamily="mono" bg="bg.muted" color="fg" p="2" rounded="md" wordBreak="break-word">
      <HighlightedText text={cut ? `${text}...` : text} query={highlight} />
    </Text>
  );
}

/** Where the search matched the raw text, as the server cut it; '...' where the text goes on. */
function SnippetPreview({ snippet, preview, cut }: { snippet: SearchSnippet; preview: string; cut: boolean }) {
  const edges = snippetCuts(snippet.text, preview, cut);
  return (
    <Text textStyle="xs" fontFamily="mono" bg="bg.muted" color="fg" p="2" rounded="md" wordBreak="break-word">
      {edges.before ? '...' : null}
      <SnippetText snippet={snippet} />
      {edges.after ? '...' : null}
    </Text>
  );
}

/** One article in the list (docs/product.md, 'Articles list'). Delete asks for no confirmation. */
export const ArticleCard = memo(function ArticleCard({
  article,
  onDelete,
  isDeleting = false,
  deletePublishedRefused,
  highlight,
  selected = false,
  onToggleSelect,
}: ArticleCardProps) {
  const headingId = useId();
  const isPublished = article.status === 'published';
  const deleteRefused = isPublished ? deletePublishedRefused : null;
  const snippet = rawTextSnippet(article);
  // Space on the card itself, not on a link or button inside it (those keep their own Space).
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!onToggleSelect || event.target !== event.currentTarget || event.key !== ' ') return;
    event.preventDefault();
    onToggleSelect(article.id, event.shiftKey);
  };
  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      bg="bg.card"
      size="sm"
      tabIndex={onToggleSelect ? 0 : undefined}
      onKeyDown={onToggleSelect ? onKeyDown : undefined}
      data-selected={selected ? '' : undefined}
      colorPalette="blue"
      _selected={{ borderColor: 'colorPalette.solid' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
    >
      <Card.Header>
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <HStack align="flex-start" gap="3">
            {onToggleSelect ? (
              <Box pt="1">
                <SelectCheckbox
                  label={bulkTexts.select(articleRowTitle(article))}
                  checked={selected}
                  onToggle={(range) => onToggleSelect(article.id, range)}
                />
              </Box>
            ) : null}
            <Stack gap="1">
              <Heading as="h2" size="md" id={headingId}>
                {texts.articles.cardTitle(shortId(article.id))}
              </Heading>
              {article.title ? (
                <Text textStyle="md" fontWeight="medium" lineClamp={2} title={article.title}>
                  <HighlightedText text={article.title} query={highlight} />
                </Text>
              ) : null}
              <HStack gap="3" wrap="wrap" color="fg.muted" textStyle="sm">
                <HStack gap="1">
                  <Icon size="sm" aria-hidden>
                    <LuCalendar />
                  </Icon>
                  <time dateTime={article.createdAt}>{formatDateTime(article.createdAt)}</time>
                </HStack>
                {article.updatedAt !== article.createdAt ? (
                  <Text>{texts.articles.updated(formatDateTime(article.updatedAt))}</Text>
                ) : null}
              </HStack>
            </Stack>
          </HStack>
          <HStack gap="2" wrap="wrap" justify="flex-end" minW="0">
            <Badge colorPalette={isPublished ? 'green' : 'orange'} variant="subtle">
              {isPublished ? texts.articles.published : texts.articles.draft}
            </Badge>
            <ScheduleBadges schedule={article} />
            <ExtractionBadge quality={article.extractionQuality} />
            <AssignmentBadges article={article} />
          </HStack>
        </Flex>
      </Card.Header>
      <Card.Body>
        <Stack as="dl" gap="3">
          {article.scrapedUrl ? (
            <Field label={texts.articles.scrapedUrl}>
              <ExternalUrl url={article.scrapedUrl} highlight={highlight} />
            </Field>
          ) : null}
          {article.newUrl ? (
            <Field label={texts.articles.newUrl}>
              <ExternalUrl url={article.newUrl} highlight={highlight} />
            </Field>
          ) : null}
          <Field label={texts.articles.rawData}>
            {snippet ? (
              <SnippetPreview snippet={snippet} preview={article.scrappedData} cut={article.scrappedDataCut} />
            ) : (
              // With a search the server says where it matched (the snippet); a snippet of the
              // title is shown above, so the raw text is left unmarked rather than guessed at.
              <DataPreview
                text={article.scrappedData}
                cut={article.scrappedDataCut}
                highlight={article.snippet ? undefined : highlight}
              />
            )}
          </Field>
          {article.blogData ? (
            <Field label={texts.articles.blogData}>
              <DataPreview text={article.blogData} cut={article.blogDataCut} highlight={highlight} />
            </Field>
          ) : null}
        </Stack>
      </Card.Body>
      <Card.Footer gap="2" flexWrap="wrap">
        <Button asChild variant="outline" size="sm">
          <AppLink href={`/articles/${article.id}`} aria-describedby={headingId}>
            <LuEye aria-hidden />
            {texts.articles.viewFull}
          </AppLink>
        </Button>
        {onDelete ? (
          <RefusedTooltip reason={deleteRefused}>
            <Button
              variant="outline"
              colorPalette="red"
              size="sm"
              {...refusable(deleteRefused, () => onDelete(article.id))}
              loading={isDeleting}
              loadingText={texts.articles.delete}
              aria-describedby={headingId}
            >
              <LuTrash2 aria-hidden />
              {texts.articles.delete}
            </Button>
          </RefusedTooltip>
        ) : null}
      </Card.Footer>
    </Card.Root>
  );
});

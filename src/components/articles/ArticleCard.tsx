import { memo, useId } from 'react';
import { Badge, Button, Card, chakra, Flex, Heading, HStack, Icon, Link, Stack, Text } from '@chakra-ui/react';
import { LuCalendar, LuExternalLink, LuEye, LuTrash2 } from 'react-icons/lu';
import type { ArticleCard as ArticleCardData } from '../../contract';
import { formatDateTime, shortId, truncate, URL_DISPLAY_MAX } from '../../lib/format';
import { texts } from '../../lib/texts';
import { AppLink } from '../common/AppLink';
import { HighlightedText } from './HighlightedText';

export interface ArticleCardProps {
  article: ArticleCardData;
  onDelete: (id: string) => void;
  /** A deletion of this article is in progress: Delete is disabled. */
  isDeleting?: boolean;
  /** The search: its words are marked in the card's visible (cut) text. */
  highlight?: string;
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

/** One article in the list (SPEC.md "Articles list"). Delete asks for no confirmation. */
export const ArticleCard = memo(function ArticleCard({
  article,
  onDelete,
  isDeleting = false,
  highlight,
}: ArticleCardProps) {
  const headingId = useId();
  const isPublished = article.status === 'published';
  return (
    <Card.Root as="article" aria-labelledby={headingId} bg="bg.card" size="sm">
      <Card.Header>
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Stack gap="1">
            <Heading as="h2" size="md" id={headingId}>
              {texts.articles.cardTitle(shortId(article.id))}
            </Heading>
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
          <Badge colorPalette={isPublished ? 'green' : 'orange'} variant="subtle">
            {isPublished ? texts.articles.published : texts.articles.draft}
          </Badge>
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
            <DataPreview text={article.scrappedData} cut={article.scrappedDataCut} highlight={highlight} />
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
        <Button
          variant="outline"
          colorPalette="red"
          size="sm"
          onClick={() => onDelete(article.id)}
          loading={isDeleting}
          loadingText={texts.articles.delete}
          aria-describedby={headingId}
        >
          <LuTrash2 aria-hidden />
          {texts.articles.delete}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
});

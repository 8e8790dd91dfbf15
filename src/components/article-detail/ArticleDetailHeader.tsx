import { useId } from 'react';
import { Button, Flex, Heading, HStack, Icon, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuRefreshCw, LuTrash2 } from 'react-icons/lu';
import { shortId } from '../../lib/format';
import { texts } from '../../lib/texts';
import { AppLink } from '../common/AppLink';
import { refusable, RefusedTooltip } from '../common/RefusedTooltip';

export interface ArticleDetailHeaderProps {
  id: string;
  /** The article's title; without one the slug (or 'Article #…') is the page's title. */
  title?: string | null;
  slug: string | null;
  onRefresh: () => void;
  isRefreshing?: boolean;
  onDelete: () => void;
  isDeleting?: boolean;
  /** Why the signed-in role may not delete this article: Delete is disabled with it as its tooltip. */
  deleteRefused?: string | null;
}

/** What names an article: its title, else its slug, else 'Article #' and the last 8 characters of its id. */
export function articleTitle(id: string, slug: string | null, title?: string | null): string {
  return title || slug || texts.articles.cardTitle(shortId(id));
}

/** Top of the article detail screen: back to the list, title, refresh and delete. */
export function ArticleDetailHeader({
  id,
  title,
  slug,
  onRefresh,
  isRefreshing = false,
  onDelete,
  isDeleting = false,
  deleteRefused,
}: ArticleDetailHeaderProps) {
  const slugId = useId();
  // Under a title, the slug the article is known by (announced as the heading's description).
  const subtitle = title ? slug : null;
  return (
    // On a phone the actions go below the title: beside it they left the title a one-word column.
    <Flex direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }} gap="3">
      <HStack gap="3" flex="1" minW="0">
        <IconButton asChild variant="ghost" aria-label={texts.article.back}>
          <AppLink href="/articles">
            <LuArrowLeft />
          </AppLink>
        </IconButton>
        <Stack gap="0.5" flex="1" minW="0">
          <Heading as="h1" size="xl" wordBreak="break-word" aria-describedby={subtitle ? slugId : undefined}>
            {articleTitle(id, slug, title)}
          </Heading>
          {subtitle ? (
            <Text id={slugId} textStyle="sm" fontFamily="mono" color="fg.muted" wordBreak="break-all">
              {subtitle}
            </Text>
          ) : null}
        </Stack>
      </HStack>
      <HStack gap="2">
        <IconButton
          variant="outline"
          aria-label={texts.article.refresh}
          onClick={onRefresh}
          disabled={isRefreshing}
          aria-busy={isRefreshing || undefined}
        >
          <Icon animation={isRefreshing ? 'spin' : undefined}>
            <LuRefreshCw />
          </Icon>
        </IconButton>
        <RefusedTooltip reason={deleteRefused}>
          <Button
            variant="outline"
            colorPalette="red"
            {...refusable(deleteRefused, onDelete)}
            disabled={isDeleting}
            aria-busy={isDeleting || undefined}
          >
            <LuTrash2 />
            {texts.article.delete}
          </Button>
        </RefusedTooltip>
      </HStack>
    </Flex>
  );
}

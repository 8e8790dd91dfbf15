import { Button, Flex, Heading, HStack, Icon, IconButton } from '@chakra-ui/react';
import { LuArrowLeft, LuRefreshCw, LuTrash2 } from 'react-icons/lu';
import { shortId } from '../../lib/format';
import { texts } from '../../lib/texts';
import { AppLink } from '../common/AppLink';

export interface ArticleDetailHeaderProps {
  id: string;
  slug: string | null;
  onRefresh: () => void;
  isRefreshing?: boolean;
  onDelete: () => void;
  isDeleting?: boolean;
}

/** The article's title: its slug, or 'Article #' and the last 8 characters of its id. */
export function articleTitle(id: string, slug: string | null): string {
  return slug || texts.articles.cardTitle(shortId(id));
}

/** Top of the article detail screen: back to the list, title, refresh and delete. */
export function ArticleDetailHeader({
  id,
  slug,
  onRefresh,
  isRefreshing = false,
  onDelete,
  isDeleting = false,
}: ArticleDetailHeaderProps) {
  return (
    // On a phone the actions go below the title: beside it they left the slug a one-word column.
    <Flex direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }} gap="3">
      <HStack gap="3" flex="1" minW="0">
        <IconButton asChild variant="ghost" aria-label={texts.article.back}>
          <AppLink href="/articles">
            <LuArrowLeft />
          </AppLink>
        </IconButton>
        <Heading as="h1" size="xl" flex="1" minW="0" wordBreak="break-word">
          {articleTitle(id, slug)}
        </Heading>
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
        <Button
          variant="outline"
          colorPalette="red"
          onClick={onDelete}
          disabled={isDeleting}
          aria-busy={isDeleting || undefined}
        >
          <LuTrash2 />
          {texts.article.delete}
        </Button>
      </HStack>
    </Flex>
  );
}

import { Badge, Box, Button, Card, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { LuArrowRight, LuFileText, LuPlus } from 'react-icons/lu';
import type { ArticleCard } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { dashboardTexts } from '../../lib/texts-dashboard';
import { AppLink } from '../common/AppLink';
import { LoadingRows } from './LoadingRows';

/** The dashboard lists the first 5 articles (docs/product.md, 'Timings and limits'). */
export const RECENT_ARTICLES_MAX = 5;

export interface RecentArticlesProps {
  /** Newest first, as the list call answers; only the first 5 show. */
  articles?: readonly ArticleCard[];
  loading?: boolean;
  /** The signed-in role may create articles: the empty state offers to (else it only says there are none). */
  canCreate?: boolean;
}

function ArticleRow({ article }: { article: ArticleCard }) {
  const published = article.status === 'published';
  const name = article.slug || dashboardTexts.articleFallback(article.id);
  return (
    <li>
      <Link
        asChild
        display="flex"
        alignItems="center"
        gap="3"
        p="3"
        rounded="md"
        borderWidth="1px"
        color="fg"
        textDecoration="none"
        _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
      >
        <AppLink href={`/articles/${encodeURIComponent(article.id)}`}>
          <Box as={LuFileText} aria-hidden boxSize="4" color="fg.muted" flexShrink={0} />
          <Box flex="1" minW="0">
            {/* The title when there is one, the slug (or 'Article {id}') beside the date then. */}
            <Text fontSize="sm" fontWeight="medium" truncate>
              {article.title || name}
            </Text>
            <Text fontSize="xs" color="fg.muted" truncate>
              {article.title ? `${name} · ` : ''}
              {formatDateTime(article.createdAt)}
            </Text>
          </Box>
          <Badge
            variant="subtle"
            colorPalette={published ? 'green' : 'orange'}
            color={published ? 'status.published' : 'status.draft'}
            flexShrink={0}
          >
            {published ? dashboardTexts.status.published : dashboardTexts.status.draft}
          </Badge>
        </AppLink>
      </Link>
    </li>
  );
}

/** The newest articles, each opening its detail page. */
export function RecentArticles({ articles, loading = false, canCreate = true }: RecentArticlesProps) {
  const shown = (articles ?? []).slice(0, RECENT_ARTICLES_MAX);
  return (
    <Card.Root bg="bg.card">
      <Card.Header>
        <Flex align="center" justify="space-between" gap="2">
          <Heading as="h2" size="md">
            {dashboardTexts.recentArticles}
          </Heading>
          <Button asChild variant="ghost" size="sm">
            <AppLink href="/articles">
              {dashboardTexts.viewAll}
              <LuArrowRight aria-hidden focusable="false" />
            </AppLink>
          </Button>
        </Flex>
      </Card.Header>
      <Card.Body>
        {loading ? (
          <LoadingRows count={RECENT_ARTICLES_MAX} height="14" />
        ) : shown.length === 0 ? (
          <Stack align="center" gap="3" py="6" textAlign="center">
            <Box as={LuFileText} aria-hidden boxSize="8" color="fg.muted" />
            <Text color="fg.muted">{dashboardTexts.noArticles}</Text>
            {canCreate && (
              <Button asChild size="sm">
                <AppLink href="/articles/new">
                  <LuPlus aria-hidden focusable="false" />
                  {dashboardTexts.createFirstArticle}
                </AppLink>
              </Button>
            )}
          </Stack>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
            {shown.map((article) => (
              <ArticleRow key={article.id} article={article} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

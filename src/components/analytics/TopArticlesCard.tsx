import { Box, Card, Flex, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { analyticsTexts } from '../../lib/texts-analytics';
import { AppLink } from '../common/AppLink';
import { articleName, type TopArticle } from './figures';

const t = analyticsTexts.topArticles;

export interface TopArticlesCardProps {
  /** Most read first, as the server sends them (at most 10). */
  articles: readonly TopArticle[] | undefined;
  loading?: boolean;
}

/**
 * The most read articles of the period as a ranked list: each opens its article, with its views
 * and a bar of its share of the first's (the bar is decoration: the number says it).
 */
export function TopArticlesCard({ articles, loading = false }: TopArticlesCardProps) {
  const headingId = useId();
  const most = Math.max(1, ...(articles ?? []).map((article) => article.views));
  return (
    <Card.Root as="section" aria-labelledby={headingId} aria-busy={loading || !articles} bg="bg.card" minW="0">
      <Card.Header>
        <Stack gap="1">
          <Heading as="h2" size="md" id={headingId}>
            {t.title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t.intro}
          </Text>
        </Stack>
      </Card.Header>
      <Card.Body pt="2">
        {loading || !articles ? (
          <Stack gap="3">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} h="8" rounded="md" />
            ))}
          </Stack>
        ) : articles.length === 0 ? (
          <Text color="fg.muted">{t.empty}</Text>
        ) : (
          <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
            {articles.map((article, index) => (
              <Box as="li" key={article.id} position="relative">
                <Flex align="center" gap="3" px="2" py="1.5" position="relative" zIndex="1">
                  <Text as="span" w="5" flexShrink={0} textAlign="end" color="fg.muted" fontSize="sm" aria-hidden>
                    {index + 1}
                  </Text>
                  <Link asChild flex="1" minW="0" fontSize="sm" fontWeight="medium" color="fg" lineClamp={2} wordBreak="break-word">
                    <AppLink href={`/articles/${encodeURIComponent(article.id)}`}>{articleName(article)}</AppLink>
                  </Link>
                  <Text as="span" flexShrink={0} fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
                    {t.views(article.views)}
                  </Text>
                </Flex>
                <Box
                  aria-hidden
                  position="absolute"
                  insetY="0"
                  left="0"
                  rounded="sm"
                  bg="teal.subtle"
                  style={{ width: `${(article.views / most) * 100}%` }}
                />
              </Box>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

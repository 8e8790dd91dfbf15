import { Badge, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { FileUsage } from '../../contract';
import { fileUsageTexts as t } from '../../lib/texts-files';
import { AppLink } from '../common/AppLink';

export interface FileUsageListProps {
  usage: FileUsage | undefined;
  isLoading: boolean;
  /** Why it could not be read. */
  error: string | null;
}

/**
 * Where a file is used: the articles whose text shows or links to it, or whose social image it
 * is, published ones first, each one click away. Deleting the file breaks their images.
 */
export function FileUsageList({ usage, isLoading, error }: FileUsageListProps) {
  return (
    <Stack gap="2" as="section" aria-label={t.title}>
      <Text fontWeight="medium" textStyle="sm">
        {t.title}
      </Text>
      {error ? (
        <Text color="status.down" textStyle="sm" role="alert">
          {t.failed}: {error}
        </Text>
      ) : isLoading || !usage ? (
        <Text color="fg.muted" textStyle="sm" role="status">
          {t.loading}
        </Text>
      ) : usage.data.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          {t.none}
        </Text>
      ) : (
        <>
          <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
            {usage.data.map((use) => (
              <HStack as="li" key={use.articleId} gap="2" wrap="wrap" textStyle="sm">
                <Link asChild variant="underline">
                  <AppLink href={`/articles/${encodeURIComponent(use.articleId)}`}>{use.title || use.slug || t.untitled}</AppLink>
                </Link>
                <Badge colorPalette={use.inTrash ? 'gray' : use.status === 'published' ? 'green' : 'blue'} variant="subtle">
                  {use.inTrash ? t.inTrash : use.status === 'published' ? t.published : t.draft}
                </Badge>
                <Text color="fg.muted">{use.places.map((place) => t.place[place]).join(', ')}</Text>
              </HStack>
            ))}
          </Stack>
          {usage.total > usage.data.length ? (
            <Text color="fg.muted" textStyle="sm">
              {t.more(usage.total - usage.data.length)}
            </Text>
          ) : null}
          {usage.data.some((use) => use.status === 'published' && !use.inTrash) ? (
            <Text color="status.warn" textStyle="sm">
              {t.publishedWarning}
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}

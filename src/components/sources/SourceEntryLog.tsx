import { memo } from 'react';
import { Badge, Box, Flex, Link, Stack, Text } from '@chakra-ui/react';
import type { SourceEntry, SourceEntryState } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { sourceTexts } from '../../lib/texts-sources';
import { AppLink } from '../common/AppLink';
import { ListStates, type PagedListProps } from '../common/ListStates';
import { LoadMoreButton } from '../common/LoadMoreButton';

const t = sourceTexts.log;

const statePalette: Record<SourceEntryState, string> = { created: 'green', skipped: 'gray', refused: 'orange', failed: 'red' };

export interface SourceEntryLogProps extends PagedListProps {
  entries: readonly SourceEntry[] | undefined;
}

/**
 * A source's entries, newest first: the entry's title and address, when it was seen, what became
 * of it (a draft, skipped, refused, failed) and why, and the article it became or matched; older
 * pages on demand. With its states: loading, failed, none yet.
 */
export function SourceEntryLog({ entries, isLoading, error, onRetry, hasMore, isLoadingMore, onLoadMore }: SourceEntryLogProps) {
  return (
    <ListStates
      items={entries}
      isLoading={isLoading}
      loadingLabel={t.loading}
      error={error}
      errorTitle={t.error}
      onRetry={onRetry}
      empty={<Text color="fg.muted">{t.empty}</Text>}
      inline
    >
      {(shown) => (
        <Stack gap="3">
          <Stack as="ol" aria-label={t.listLabel} gap="3" listStyleType="none" m="0" p="0">
            {shown.map((entry) => (
              <EntryRow key={`${entry.seenAt} ${entry.url}`} entry={entry} />
            ))}
          </Stack>
          <LoadMoreButton hasMore={hasMore} isLoadingMore={isLoadingMore} onLoadMore={onLoadMore} label={t.loadMore} loadingLabel={t.loadingMore} />
        </Stack>
      )}
    </ListStates>
  );
}

/** One entry; memoised: a new page re-renders only what changed. */
const EntryRow = memo(function EntryRow({ entry }: { entry: SourceEntry }) {
  const name = entry.title ?? entry.url;
  return (
    <Box as="li" aria-label={name} borderWidth="1px" borderRadius="md" p="3">
      <Stack gap="1.5">
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="semibold" flex="1" minW="10rem" wordBreak="break-word">
            {name}
          </Text>
          <Badge colorPalette={statePalette[entry.state]}>{t.state[entry.state]}</Badge>
        </Flex>
        {entry.title && (
          <Text textStyle="xs" fontFamily="mono" wordBreak="break-all">
            {entry.url}
          </Text>
        )}
        <Text textStyle="sm" color="fg.muted">
          {t.seen(formatDateTime(entry.seenAt))}
        </Text>
        {entry.reason && <Text textStyle="sm">{entry.reason}</Text>}
        {entry.articleId && (
          <Text textStyle="sm">
            <Link asChild variant="underline">
              <AppLink href={`/articles/${encodeURIComponent(entry.articleId)}`}>{entry.state === 'created' ? t.article : t.matched}</AppLink>
            </Link>
          </Text>
        )}
      </Stack>
    </Box>
  );
});

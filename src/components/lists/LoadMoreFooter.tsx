import { Box, Center } from '@chakra-ui/react';
import { Button } from '../common/Button';
import { texts } from '../../lib/texts';
import { useLoadMoreSentinel } from './useLoadMoreSentinel';

export interface LoadMoreFooterProps {
  /** How many items are loaded (a new page re-arms the sentinel). */
  itemCount: number;
  /** The server has another page: without one, no footer. */
  hasMore: boolean;
  isFetchingMore: boolean;
  /** Without it the next page is not asked for. */
  onLoadMore: (() => void) | undefined;
}

/**
 * Below a paged list while the server has another page: an invisible sentinel that asks for it
 * as the end comes near, and 'Load more' for keyboards, screen readers and slow scrollers.
 */
export function LoadMoreFooter({ hasMore, ...footer }: LoadMoreFooterProps) {
  // Mounted only while there is another page: the sentinel watches nothing otherwise.
  return hasMore ? <Footer {...footer} canLoadMore={!footer.isFetchingMore && footer.onLoadMore !== undefined} /> : null;
}

function Footer({
  itemCount,
  canLoadMore,
  isFetchingMore,
  onLoadMore,
}: Omit<LoadMoreFooterProps, 'hasMore'> & { canLoadMore: boolean }) {
  const sentinelRef = useLoadMoreSentinel({ enabled: canLoadMore, itemCount, onLoadMore });
  return (
    <Center flexDirection="column" gap="2" py="4">
      <Box ref={sentinelRef} h="1px" w="full" aria-hidden />
      <Button
        variant="outline"
        onClick={onLoadMore}
        disabled={!canLoadMore}
        loading={isFetchingMore}
        loadingText={texts.articles.loadingMore}
      >
        {texts.articles.loadMore}
      </Button>
    </Center>
  );
}

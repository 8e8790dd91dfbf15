import { Box, Center } from '@chakra-ui/react';
import { Button } from '../common/Button';
import { texts } from '../../lib/texts';
import { useLoadMoreSentinel } from './useLoadMoreSentinel';

export interface LoadMoreFooterProps {
  /** How many items are loaded (a new page re-arms the sentinel). */
  itemCount: number;
  /** Whether the next page may be asked for now. */
  canLoadMore: boolean;
  isFetchingMore: boolean;
  onLoadMore: (() => void) | undefined;
}

/**
 * Below a paged list: an invisible sentinel that asks for the next page as the end comes near,
 * and 'Load more' for keyboards, screen readers and slow scrollers.
 */
export function LoadMoreFooter({ itemCount, canLoadMore, isFetchingMore, onLoadMore }: LoadMoreFooterProps) {
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

import { Box } from '@chakra-ui/react';
import { Button } from './Button';

export interface LoadMoreButtonProps {
  /** There is an older page: without one, no button. */
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  label: string;
  loadingLabel: string;
}

/** Below a list inside a card or a dialog (revisions, deliveries): its older page on demand. */
export function LoadMoreButton({ hasMore, isLoadingMore, onLoadMore, label, loadingLabel }: LoadMoreButtonProps) {
  if (!hasMore) return null;
  return (
    <Box>
      <Button variant="outline" onClick={onLoadMore} loading={isLoadingMore} loadingText={loadingLabel}>
        {label}
      </Button>
    </Box>
  );
}

import { Skeleton, Stack, VisuallyHidden } from '@chakra-ui/react';
import { dashboardTexts } from '../../lib/texts-dashboard';

/** Placeholder rows while a card's data loads; screen readers hear "Loading...". */
export function LoadingRows({ count, height = '10' }: { count: number; height?: string }) {
  return (
    <Stack gap="3" aria-busy="true">
      <VisuallyHidden>{dashboardTexts.loading}</VisuallyHidden>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} h={height} rounded="md" />
      ))}
    </Stack>
  );
}

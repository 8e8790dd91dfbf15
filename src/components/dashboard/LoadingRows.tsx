import { Skeleton, Stack, VisuallyHidden } from '@chakra-ui/react';
import { texts } from '../../lib/texts';

/** Placeholder rows while a card's data loads; screen readers hear "Loading...". */
export function LoadingRows({ count, height = '10' }: { count: number; height?: string }) {
  return (
    <Stack gap="3" aria-busy="true">
      <VisuallyHidden>{texts.dashboard.loading}</VisuallyHidden>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} h={height} rounded="md" />
      ))}
    </Stack>
  );
}

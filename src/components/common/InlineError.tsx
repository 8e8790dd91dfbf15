import { Stack } from '@chakra-ui/react';
import { texts } from '../../lib/texts';
import { Button } from './Button';
import { ErrorNotice } from './ErrorNotice';
import type { ErrorStateProps } from './ErrorState';

/** A list inside a card or a dialog that could not be loaded: the failure's line, and a small Try Again. */
export function InlineError({ title, message, onRetry }: ErrorStateProps) {
  return (
    <Stack gap="2" align="start">
      <ErrorNotice message={`${title}: ${message}`} />
      <Button size="sm" variant="outline" onClick={onRetry}>
        {texts.articles.tryAgain}
      </Button>
    </Stack>
  );
}

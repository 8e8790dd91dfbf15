import { Box, Text } from '@chakra-ui/react';
import type { ActionOutcome } from './useActionResult';

/**
 * Where an action's outcome is said: a polite live region that is always there (so a screen
 * reader hears what comes into it), and refusals as alerts.
 */
export function ActionOutcomeText({ outcome }: { outcome: ActionOutcome | null }) {
  return (
    <>
      <Box role="status" aria-live="polite" aria-atomic="true">
        {outcome && !outcome.error && (
          <Text textStyle="sm" color="status.ok" fontWeight="medium">
            {outcome.text}
          </Text>
        )}
      </Box>
      {outcome?.error && (
        <Text role="alert" textStyle="sm" color="status.down" fontWeight="medium">
          {outcome.text}
        </Text>
      )}
    </>
  );
}

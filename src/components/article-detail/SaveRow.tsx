import { HStack, Text } from '@chakra-ui/react';
import { Button } from '../common/Button';
import type { WriteOutcome } from './useCheckedWrite';

export interface SaveRowProps {
  label: string;
  loadingText: string;
  disabled: boolean;
  loading: boolean;
  /** The last write's outcome: a success is said beside the button, in a live region. */
  outcome: WriteOutcome | null;
}

/** A card form's submit button, with what its last save said beside it (useCheckedWrite). */
export function SaveRow({ label, loadingText, disabled, loading, outcome }: SaveRowProps) {
  return (
    <HStack gap="3" wrap="wrap">
      <Button type="submit" colorPalette="blue" disabled={disabled} loading={loading} loadingText={loadingText}>
        {label}
      </Button>
      <Text role="status" textStyle="sm" color="status.ok" fontWeight="medium">
        {outcome?.ok ? outcome.message : null}
      </Text>
    </HStack>
  );
}

import { Stack, Text } from '@chakra-ui/react';
import type { Source } from '../../contract';
import { sourceTexts } from '../../lib/texts-sources';
import { ClosableDialog } from '../common/ClosableDialog';
import { useLastShown } from '../common/useLastShown';
import { SourceEntryLog, type SourceEntryLogProps } from './SourceEntryLog';

const t = sourceTexts.log;

export interface SourceEntriesDialogProps extends SourceEntryLogProps {
  /** The source whose entries show; null: closed. */
  source: Source | null;
  onClose: () => void;
}

/** A source's entries in a dialog (Escape, the close button or a click outside close it). */
export function SourceEntriesDialog({ source, onClose, ...log }: SourceEntriesDialogProps) {
  // While it closes (it fades out), the dialog keeps its name.
  const shown = useLastShown(source);
  return (
    <ClosableDialog open={source !== null} title={shown ? t.title(shown.feedUrl) : ''} onClose={onClose} closeLabel={t.close} size="xl">
      <Stack gap="4">
        <Text color="fg.muted" textStyle="sm">
          {t.intro}
        </Text>
        <SourceEntryLog {...log} />
      </Stack>
    </ClosableDialog>
  );
}

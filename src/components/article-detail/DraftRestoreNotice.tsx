import { Alert, Button, HStack } from '@chakra-ui/react';
import { draftTime } from '../../lib/articleDraft';
import { articleEditTexts as t } from '../../lib/texts-article-edits';

export interface DraftRestoreNoticeProps {
  /** When the unsaved edit was kept in the browser (ISO 8601). */
  savedAt: string;
  /** The article was saved (by anyone) since the edit began. */
  changedSince: boolean;
  /** Puts the kept edit in the HTML editor. */
  onRestore: () => void;
  /** Forgets the kept edit. */
  onDiscard: () => void;
}

/** Offered when the article page opens and the browser kept an unsaved HTML edit of it. */
export function DraftRestoreNotice({ savedAt, changedSince, onRestore, onDiscard }: DraftRestoreNoticeProps) {
  return (
    <Alert.Root status={changedSince ? 'warning' : 'info'} role="status" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t.restorePrompt(draftTime(savedAt))}</Alert.Title>
        {changedSince && <Alert.Description>{t.changedSince}</Alert.Description>}
      </Alert.Content>
      <HStack gap="2" flexShrink={0}>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          {t.discard}
        </Button>
        <Button size="sm" colorPalette="blue" onClick={onRestore}>
          {t.restore}
        </Button>
      </HStack>
    </Alert.Root>
  );
}

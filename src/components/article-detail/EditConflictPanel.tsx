import { Alert, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Button } from '../common/Button';
import { useId } from 'react';
import { formatDateTime } from '../../lib/format';
import { articleEditTexts as t } from '../../lib/texts-article-edits';
import { ReadOnlyText } from './ReadOnlyText';

/** The article fields an admin edits and saves with If-Match. */
export type EditField = 'slug' | 'blogData';

export interface EditConflictPanelProps {
  field: EditField;
  /** The field as the other admin saved it. */
  theirs: string;
  /** When their version was saved (its updatedAt). */
  theirsSavedAt: string;
  /** The admin's unsaved edit. */
  mine: string;
  /** Saves the edit over their version. */
  onKeepMine: () => void;
  /** Drops the edit; the editor shows their version. */
  onTakeTheirs: () => void;
  isSaving: boolean;
}

/**
 * A save refused because another admin saved the article meanwhile: their version beside the
 * unsaved edit, both read-only, and the choice between them.
 */
export function EditConflictPanel({ field, theirs, theirsSavedAt, mine, onKeepMine, onTakeTheirs, isSaving }: EditConflictPanelProps) {
  const titleId = useId();
  return (
    <Card.Root as="section" aria-labelledby={titleId} bg="bg.card" borderColor="border.warning">
      <Card.Body gap="4">
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title id={titleId}>
              {t.conflictTitle}: {t.conflictField[field]}
            </Alert.Title>
            <Alert.Description>{t.conflictBody}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          <VersionPane label={t.theirs(formatDateTime(theirsSavedAt))} text={theirs} />
          <VersionPane label={t.mine} text={mine} />
        </SimpleGrid>
        <HStack justify="flex-end" gap="2" wrap="wrap">
          <Button variant="outline" onClick={onTakeTheirs} disabled={isSaving}>
            {t.takeTheirs}
          </Button>
          <Button colorPalette="blue" onClick={onKeepMine} loading={isSaving} loadingText={t.saving}>
            {t.keepMine}
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** One version, read-only: a labelled block keyboard users can focus and scroll. */
function VersionPane({ label, text }: { label: string; text: string }) {
  const labelId = useId();
  return (
    <Stack gap="2" minW="0">
      <Text id={labelId} fontWeight="medium" textStyle="sm">
        {label}
      </Text>
      <ReadOnlyText labelledBy={labelId} text={text || t.empty} />
    </Stack>
  );
}

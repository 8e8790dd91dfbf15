import { useCallback, useId, useState } from 'react';
import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { LuFiles, LuGlobe } from 'react-icons/lu';
import type { ApiError, RevisionPatch, RevisionSummary } from '../../contract';
import { historyTexts as t } from '../../lib/texts-history';
import { LockNotice } from '../article-editor/LockNotice';
import { ClosableDialog } from '../common/ClosableDialog';
import { useConfirmedAction } from '../common/useConfirmedAction';
import { messageOf } from '../common/messageOf';
import { RestoreRevisionDialog } from './RestoreRevisionDialog';
import { RevisionCompare, type CompareSide } from './RevisionCompare';
import { RevisionLabelDialog } from './RevisionLabelDialog';
import { RevisionList, type RevisionListProps } from './RevisionList';
import { FoldBody, FoldTitle, useFoldOpen } from '../article-detail/fold';

/** What a side of a comparison is: a revision, the current version, or the page as scraped. */
export type CompareTarget = { kind: 'revision'; number: number } | { kind: 'current' } | { kind: 'source' };

export interface Comparison {
  left: CompareSide;
  right: CompareSide;
  mode: 'versions' | 'source';
}

type ListProps = Pick<RevisionListProps, 'revisions' | 'total' | 'isLoading' | 'error' | 'onRetry' | 'hasMore' | 'isLoadingMore' | 'onLoadMore' | 'isRefreshing'>;

export interface ArticleHistoryCardProps extends ListProps {
  isPublished: boolean;
  /** Unsaved slug or HTML edits on the page: a restore would replace them, so it waits for a save or reset. */
  hasUnsavedEdits: boolean;
  /** Restoring a published article is refused the way an edit is: the page explains and offers Convert to Draft. */
  onBlockedEdit: () => void;
  /** The comparison on show (its sides as they load); null: none. */
  comparison: Comparison | null;
  onCompare: (left: CompareTarget, right: CompareTarget) => void;
  onCloseComparison: () => void;
  /** Restores a revision; rejects with the API's error. */
  onRestore: (number: number) => Promise<unknown>;
  /** Pins, unpins or names a revision; rejects with the API's error. */
  onLabel: (number: number, patch: RevisionPatch) => Promise<unknown>;
  /** Why the signed-in role may not restore, pin or name this article's revisions: the card says so and offers only comparisons. */
  refused?: string | null;
}

/**
 * The article page's History card: the revisions (who, when, why, what changed), comparisons of
 * any two of them or of one and the current version or of the scraped page and the result, and
 * restoring, pinning and naming a revision.
 */
export function ArticleHistoryCard({
  isPublished,
  hasUnsavedEdits,
  onBlockedEdit,
  comparison,
  onCompare,
  onCloseComparison,
  onRestore,
  onLabel,
  refused,
  ...list
}: ArticleHistoryCardProps) {
  const titleId = useId();
  const open = useFoldOpen();
  const [selected, setSelected] = useState<number[]>([]);
  const restoring = useConfirmedAction<RevisionSummary>();
  const labelling = useConfirmedAction<RevisionSummary>();
  const { ask: askToRestore } = restoring;
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  const toggleSelect = useCallback(
    (number: number) =>
      setSelected((current) => (current.includes(number) ? current.filter((n) => n !== number) : [...current, number].slice(-2))),
    [],
  );
  const compareWithCurrent = useCallback((number: number) => onCompare({ kind: 'revision', number }, { kind: 'current' }), [onCompare]);
  const askRestore = useCallback(
    (revision: RevisionSummary) => {
      if (isPublished) {
        onBlockedEdit();
        return;
      }
      setNotice(hasUnsavedEdits ? { text: t.unsavedBlocks, error: true } : null);
      if (!hasUnsavedEdits) askToRestore(revision);
    },
    [isPublished, hasUnsavedEdits, onBlockedEdit, askToRestore],
  );
  const togglePin = useCallback(
    (revision: RevisionSummary) => {
      onLabel(revision.number, { pinned: !revision.pinned }).catch((cause: unknown) => setNotice({ text: messageOf(cause), error: true }));
    },
    [onLabel],
  );
  const rename = labelling.ask;

  const confirmRestore = async () => {
    const number = restoring.subject?.number;
    const restored = await restoring.run(
      (revision) => onRestore(revision.number),
      (cause) => {
        // Published meanwhile (in another tab): the same refusal as an edit.
        if ((cause as Partial<ApiError> | null)?.code !== 'article_published') return false;
        onBlockedEdit();
        return true;
      },
    );
    if (restored && number !== undefined) {
      setSelected([]);
      setNotice({ text: t.restored(number), error: false });
    }
  };
  const saveLabel = (patch: Required<RevisionPatch>) => labelling.run((revision) => onLabel(revision.number, patch));

  const [first, second] = [...selected].sort((a, b) => a - b);
  const compareSelected = () =>
    first !== undefined && onCompare({ kind: 'revision', number: first }, second === undefined ? { kind: 'current' } : { kind: 'revision', number: second });

  return (
    <Card.Root as="section" aria-labelledby={titleId} bg="bg.card">
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Stack gap="1">
            <Card.Title as="h2" id={titleId}>
              <FoldTitle>{t.title}</FoldTitle>
            </Card.Title>
            <Text textStyle="sm" color="fg.muted">
              {t.subtitle}
            </Text>
          </Stack>
          <HStack gap="2" wrap="wrap" hidden={!open}>
            <Button variant="outline" onClick={compareSelected} disabled={selected.length === 0}>
              <LuFiles aria-hidden />
              {t.compareSelected}
            </Button>
            <Button variant="outline" onClick={() => onCompare({ kind: 'source' }, { kind: 'current' })} title={t.compareSourceHint} disabled={list.isLoading || !!list.error}>
              <LuGlobe aria-hidden />
              {t.compareSource}
            </Button>
          </HStack>
        </HStack>
      </Card.Header>
      <FoldBody>
        <Card.Body gap="3">
          {refused && <LockNotice text={refused} />}
          {notice && (
            <Text role={notice.error ? 'alert' : 'status'} color={notice.error ? 'status.down' : 'status.ok'} fontWeight="medium">
              {notice.text}
            </Text>
          )}
          <RevisionList
            {...list}
            selected={selected}
            onToggleSelect={toggleSelect}
            onCompareWithCurrent={compareWithCurrent}
            onRestore={askRestore}
            onTogglePin={togglePin}
            onRename={rename}
            canChange={!refused}
          />
        </Card.Body>
      </FoldBody>
      <ClosableDialog size="cover" open={comparison !== null} title={t.compareTitle} onClose={onCloseComparison} closeLabel={t.close}>
        {comparison && <RevisionCompare {...comparison} />}
      </ClosableDialog>
      <RestoreRevisionDialog
        revision={restoring.subject}
        isPending={restoring.pending}
        error={restoring.error}
        onConfirm={() => void confirmRestore()}
        onCancel={restoring.cancel}
      />
      <RevisionLabelDialog
        revision={labelling.subject}
        isPending={labelling.pending}
        error={labelling.error}
        onSave={(patch) => void saveLabel(patch)}
        onCancel={labelling.cancel}
      />
    </Card.Root>
  );
}

import { memo, useCallback, useId, useState } from 'react';
import { Alert, Box, Button, chakra, EmptyState, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { LuTrash2, LuUndo2 } from 'react-icons/lu';
import type { TrashedFile } from '../../contract';
import { formatBytes, formatDateTime } from '../../lib/format';
import { trashTexts } from '../../lib/texts-articles';
import { fileExtraTexts as t } from '../../lib/texts-files';
import { ErrorState, LoadingState } from '../articles/ArticleList';
import { DeleteForeverDialog } from '../articles/DeleteForeverDialog';
import { daysLeftInTrash } from '../articles/trashDays';
import { LoadMoreFooter } from '../lists/LoadMoreFooter';
import { FileTypeBadge, FileTypeIcon } from './FileTypeIcon';

export interface FileTrashListProps {
  files: readonly TrashedFile[] | undefined;
  isLoading?: boolean;
  /** When set, the error state is shown (its message, or the fallback text). */
  error?: { message?: string } | null;
  onRetry: () => void;
  /** Brings a file back; rejects with the API's error, shown under its row. */
  onRestore: (id: string) => Promise<unknown>;
  /** Deletes a file for good (after the dialog's confirmation); rejects with the API's error. */
  onDeleteForever: (id: string) => Promise<unknown>;
  hasMore?: boolean;
  isFetchingMore?: boolean;
  onLoadMore?: () => void;
  /** The time the days left are counted from (stories fix it); the clock's by default. */
  now?: number;
}

const messageOf = (cause: unknown) =>
  cause && typeof cause === 'object' && 'message' in cause && typeof cause.message === 'string' ? cause.message : String(cause);

function EmptyTrash() {
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuTrash2 />
        </EmptyState.Indicator>
        <Stack textAlign="center" gap="1">
          <Heading as="h2" size="md">
            {t.trashEmptyTitle}
          </Heading>
          <Text color="fg.muted">{t.trashEmptyBody}</Text>
        </Stack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/**
 * The file manager's Trash: deleted files, most recently deleted first, each with its type,
 * size, when it was deleted, how long it stays, Restore and Delete forever (which asks first).
 * The same pieces as the articles' trash: its states, its dialog, its days left.
 */
export function FileTrashList({
  files,
  isLoading = false,
  error,
  onRetry,
  onRestore,
  onDeleteForever,
  hasMore = false,
  isFetchingMore = false,
  onLoadMore,
  now,
}: FileTrashListProps) {
  const [restoring, setRestoring] = useState<ReadonlySet<string>>(new Set());
  const [problems, setProblems] = useState<Readonly<Record<string, string>>>({});
  const [confirming, setConfirming] = useState<TrashedFile | null>(null);
  const [purge, setPurge] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });

  // Stable, so a row re-renders only when its own file or state changes.
  const restore = useCallback(
    async (id: string) => {
      setRestoring((current) => new Set(current).add(id));
      setProblems(({ [id]: _cleared, ...rest }) => rest);
      try {
        await onRestore(id);
      } catch (cause) {
        setProblems((current) => ({ ...current, [id]: messageOf(cause) }));
      } finally {
        setRestoring((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        });
      }
    },
    [onRestore],
  );
  const askDeleteForever = useCallback((chosen: TrashedFile) => {
    setPurge({ pending: false, error: null });
    setConfirming(chosen);
  }, []);

  const confirmPurge = async () => {
    if (!confirming) return;
    setPurge({ pending: true, error: null });
    try {
      await onDeleteForever(confirming.id);
      setConfirming(null);
      setPurge({ pending: false, error: null });
    } catch (cause) {
      setPurge({ pending: false, error: messageOf(cause) });
    }
  };

  // The dialog stays mounted whatever the list shows: deleting the last file empties it.
  return (
    <>
      {isLoading ? (
        <LoadingState label={t.trashLoading} />
      ) : error ? (
        <ErrorState title={t.trashErrorTitle} message={error.message || t.trashErrorFallback} onRetry={onRetry} />
      ) : !files || files.length === 0 ? (
        <EmptyTrash />
      ) : (
        <Box>
          <chakra.ul role="list" aria-label={t.trashListLabel} aria-busy={isFetchingMore} listStyleType="none">
            {files.map((file) => (
              <TrashRow
                key={file.id}
                file={file}
                now={now}
                isRestoring={restoring.has(file.id)}
                problem={problems[file.id]}
                onRestore={restore}
                onAskDeleteForever={askDeleteForever}
              />
            ))}
          </chakra.ul>
          {hasMore ? (
            <LoadMoreFooter
              itemCount={files.length}
              canLoadMore={!isFetchingMore && onLoadMore !== undefined}
              isFetchingMore={isFetchingMore}
              onLoadMore={onLoadMore}
            />
          ) : null}
        </Box>
      )}
      <DeleteForeverDialog
        itemName={confirming ? confirming.name : null}
        body={t.confirmDeleteForever}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirmPurge()}
        isDeleting={purge.pending}
        error={purge.error}
      />
    </>
  );
}

const TrashRow = memo(function TrashRow({
  file,
  now,
  isRestoring,
  problem,
  onRestore,
  onAskDeleteForever,
}: {
  file: TrashedFile;
  now: number | undefined;
  isRestoring: boolean;
  problem: string | undefined;
  onRestore: (id: string) => Promise<void>;
  onAskDeleteForever: (file: TrashedFile) => void;
}) {
  const nameId = useId();
  return (
    <chakra.li pb="3">
      <Stack as="article" aria-labelledby={nameId} gap="3" borderWidth="1px" rounded="md" bg="bg.card" p={{ base: '3', md: '4' }}>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <HStack gap="3" minW="0" flex="1 1 16rem" align="flex-start">
            <FileTypeIcon type={file.type} boxSize="8" />
            <Stack gap="1" minW="0">
              <Heading as="h3" size="sm" id={nameId} wordBreak="break-word">
                {file.name}
              </Heading>
              <HStack gap="3" wrap="wrap" textStyle="sm" color="fg.muted">
                <FileTypeBadge type={file.type} />
                <Text>{formatBytes(file.size)}</Text>
                <time dateTime={file.deletedAt}>{t.deletedOn(formatDateTime(file.deletedAt))}</time>
                <Text>{trashTexts.purgeIn(daysLeftInTrash(file.deletedAt, now))}</Text>
              </HStack>
            </Stack>
          </HStack>
          <HStack gap="2" wrap="wrap">
            <Button
              variant="outline"
              size="sm"
              onClick={() => void onRestore(file.id)}
              loading={isRestoring}
              loadingText={t.restoring}
              aria-describedby={nameId}
            >
              <LuUndo2 aria-hidden />
              {t.restore}
            </Button>
            <Button
              variant="outline"
              colorPalette="red"
              size="sm"
              onClick={() => onAskDeleteForever(file)}
              disabled={isRestoring}
              aria-describedby={nameId}
            >
              <LuTrash2 aria-hidden />
              {t.deleteForever}
            </Button>
          </HStack>
        </Flex>
        {problem ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{problem}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </Stack>
    </chakra.li>
  );
});

import { memo } from 'react';
import { Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { TrashedFile } from '../../contract';
import { formatBytes, formatDateTime } from '../../lib/format';
import { trashTexts } from '../../lib/texts-articles';
import { fileExtraTexts as t } from '../../lib/texts-files';
import { daysLeftInTrash } from '../articles/trashDays';
import { TrashList, TrashRowFrame, type TrashListTexts, type TrashRowProps } from '../lists/TrashList';
import { FileTypeBadge, FileTypeIcon } from './FileTypeIcon';

export interface FileTrashListProps {
  files: readonly TrashedFile[] | undefined;
  isLoading?: boolean;
  /** When set, the error state is shown (its message, or the fallback text). */
  error?: { message?: string } | null;
  onRetry: () => void;
  /** Brings a file back; rejects with the API's error, shown under its row. Without it (a role that may not restore) the rows have no Restore. */
  onRestore?: (id: string) => Promise<unknown>;
  /** Deletes a file for good (after the dialog's confirmation); rejects with the API's error. Without it, no Delete forever. */
  onDeleteForever?: (id: string) => Promise<unknown>;
  hasMore?: boolean;
  isFetchingMore?: boolean;
  onLoadMore?: () => void;
  /** The time the days left are counted from (stories fix it); the clock's by default. */
  now?: number;
}

const listTexts: TrashListTexts = {
  listLabel: t.trashListLabel,
  loading: t.trashLoading,
  errorTitle: t.trashErrorTitle,
  errorFallback: t.trashErrorFallback,
  emptyTitle: t.trashEmptyTitle,
  emptyBody: t.trashEmptyBody,
};

const fileName = (file: TrashedFile) => file.name;

/**
 * The file manager's Trash: deleted files, most recently deleted first, each with its type,
 * size, when it was deleted, how long it stays, Restore and Delete forever (which asks first).
 * The same list as the articles' trash (TrashList): its states, its dialog, its days left.
 */
export function FileTrashList({ files, ...list }: FileTrashListProps) {
  return (
    <TrashList<TrashedFile, []>
      items={files}
      {...list}
      texts={listTexts}
      Row={FileTrashRow}
      itemName={fileName}
      confirmBody={t.confirmDeleteForever}
    />
  );
}

const FileTrashRow = memo(function FileTrashRow({
  item: file,
  now,
  isRestoring,
  problem,
  onRestore,
  onAskDeleteForever,
}: TrashRowProps<TrashedFile, []>) {
  return (
    <TrashRowFrame
      align="center"
      isRestoring={isRestoring}
      problem={problem}
      onRestore={onRestore && (() => void onRestore(file.id))}
      onAskDeleteForever={onAskDeleteForever && (() => onAskDeleteForever(file))}
    >
      {(nameId) => (
        <HStack gap="3" minW="0" flex="1 1 16rem" align="flex-start">
          <FileTypeIcon type={file.type} boxSize="8" />
          <Stack gap="1" minW="0">
            {/* The Trash tab's items come right under the page's title (as the articles' trash rows do). */}
            <Heading as="h2" size="sm" id={nameId} wordBreak="break-word">
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
      )}
    </TrashRowFrame>
  );
});

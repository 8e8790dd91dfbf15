import { memo, useCallback, useEffect } from 'react';
import { Box, Center, HStack, Image, Text } from '@chakra-ui/react';
import type { StoredFile } from '../../contract';
import { formatBytes, formatDateTime } from '../../lib/format';
import { texts } from '../../lib/texts';
import { useListBox, useWindowRows } from '../lists/useWindowRows';
import { WindowedList } from '../lists/WindowedList';
import { FileActionsMenu, type FileActions } from './FileActionsMenu';
import { FileSelectCheckbox, selectableItem, type FileItemSelection, type FileViewProps } from './FileGrid';
import { FileTypeBadge, FileTypeIcon } from './FileTypeIcon';
import { withVersion } from './fileUrls';
import { draggableFile } from './folderTree';

/** A row: 40px icon, 12px padding above and below, the border. */
const ESTIMATED_ROW_HEIGHT = 69;
/** Rows rendered beyond the visible ones on each side (about 1,000px). */
const OVERSCAN_ROWS = 15;

/**
 * Files as rows: icon or thumbnail, name, type, size, upload time and the menu. Only the rows
 * near the visible part of the page are mounted.
 */
export function FileList({ files, total, labelledBy, selected, onToggleSelect, highlightId, ...actions }: FileViewProps) {
  const { listRef, scrollMargin } = useListBox();
  const getItemKey = useCallback((index: number) => files[index]!.id, [files]);
  const { measureRow, rows, totalSize, offset, scrollToRow } = useWindowRows({
    count: files.length,
    estimateSize: ESTIMATED_ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    getItemKey,
    scrollMargin,
  });
  const highlighted = highlightId ? files.findIndex((file) => file.id === highlightId) : -1;
  useEffect(() => {
    if (highlighted >= 0) scrollToRow(highlighted, { align: 'center' });
  }, [highlighted, scrollToRow]);

  return (
    <WindowedList boxRef={listRef} height={totalSize} offset={offset} aria-labelledby={labelledBy} data-view="list">
      {rows.map((row) => (
        <FileRow
          key={row.key}
          index={row.index}
          file={files[row.index]!}
          setSize={total ?? files.length}
          isLast={row.index === files.length - 1}
          measureRow={measureRow}
          isSelected={selected?.has(files[row.index]!.id) ?? false}
          isHighlighted={files[row.index]!.id === highlightId}
          onToggleSelect={onToggleSelect}
          {...actions}
        />
      ))}
    </WindowedList>
  );
}

/** One row: rendered when it enters the window, then left alone while the page scrolls. */
const FileRow = memo(function FileRow({
  index,
  file,
  setSize,
  isLast,
  measureRow,
  isSelected,
  isHighlighted,
  onToggleSelect,
  ...actions
}: FileActions &
  FileItemSelection & {
  index: number;
  file: StoredFile;
  setSize: number;
  isLast: boolean;
  measureRow: (element: HTMLElement | null) => void;
}) {
  return (
    <HStack
      as="li"
      ref={measureRow}
      data-index={index}
      aria-setsize={setSize}
      aria-posinset={index + 1}
      gap="3"
      py="3"
      px="2"
      borderBottomWidth={isLast ? '0' : '1px'}
      {...selectableItem(file, { isSelected, isHighlighted, onToggleSelect })}
      {...draggableFile(file.id, Boolean(actions.onMove))}
      _selected={{ bg: 'colorPalette.subtle' }}
    >
      <FileSelectCheckbox file={file} isSelected={isSelected} isHighlighted={isHighlighted} onToggleSelect={onToggleSelect} />
      <Center boxSize="10" flexShrink="0" rounded="md" bg="bg.muted" overflow="hidden">
        {file.thumbnailUrl ? (
          <Image
            src={withVersion(file.thumbnailUrl, file.lastModified)}
            alt={texts.files.thumbnailAlt(file)}
            boxSize="10"
            // A PDF's first page whole, in miniature; an image fills the square.
            objectFit={file.type === 'pdf' ? 'contain' : 'cover'}
            decoding="async"
          />
        ) : (
          <FileTypeIcon type={file.type} boxSize="5" />
        )}
      </Center>
      <Box flex="1" minW="0">
        <Text fontWeight="medium" truncate title={file.name}>
          {file.name}
        </Text>
        <HStack gap="2" fontSize="sm" color="fg.muted" flexWrap="wrap">
          <FileTypeBadge type={file.type} />
          <Text>{formatBytes(file.size)}</Text>
          <Text>{formatDateTime(file.uploadedAt)}</Text>
        </HStack>
      </Box>
      <FileActionsMenu file={file} {...actions} />
    </HStack>
  );
});

import { memo, useCallback } from 'react';
import { Box, Center, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { StoredFile } from '../../contract';
import { formatBytes, formatDateTime } from '../../lib/format';
import { useListBox, useWindowRows } from '../lists/useWindowRows';
import { FileActionsMenu, type FileActions } from './FileActionsMenu';
import { FileTypeBadge, FileTypeIcon } from './FileTypeIcon';
import { GRID_GAP, gridColumns } from './gridColumns';

export interface FileViewProps extends FileActions {
  files: readonly StoredFile[];
  /** The number of files on the server (aria-setsize); defaults to the files given. */
  total?: number;
  /** The id of the heading that names the list. */
  labelledBy?: string;
}

/** A row of cards (128px thumbnail and three lines of text) and the gap below it. */
const ESTIMATED_ROW_HEIGHT = 244;
/** Rows rendered beyond the visible ones on each side (about 1,000px). */
const OVERSCAN_ROWS = 4;

/**
 * Files as cards: a thumbnail (or type icon), name, type, size and upload time. Only the rows
 * of cards near the visible part of the page are mounted. The column count (1 to 4) follows the
 * list's width, measured when it changes, never while scrolling.
 */
export function FileGrid({ files, total, labelledBy, ...actions }: FileViewProps) {
  const { listRef, scrollMargin, width } = useListBox();
  const columns = gridColumns(width);
  // Keyed by column count too: a measured row height belongs to one layout.
  const getItemKey = useCallback((row: number) => `${columns}:${row}`, [columns]);
  const { measureRow, rows, totalSize, offset } = useWindowRows({
    count: Math.ceil(files.length / columns),
    estimateSize: ESTIMATED_ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    getItemKey,
    scrollMargin,
  });

  return (
    // Rows sit between the list and its items, so the roles are ARIA ones (a ul may hold only li).
    <div
      ref={listRef}
      role="list"
      aria-labelledby={labelledBy}
      data-view="grid"
      style={{ position: 'relative', height: totalSize }}
    >
      <div style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${offset}px)` }}>
        {rows.map((row) => (
          <GridRow
            key={row.key}
            index={row.index}
            columns={columns}
            files={files}
            setSize={total ?? files.length}
            measureRow={measureRow}
            {...actions}
          />
        ))}
      </div>
    </div>
  );
}

interface RowProps extends FileActions {
  index: number;
  columns: number;
  files: readonly StoredFile[];
  setSize: number;
  measureRow: (element: HTMLElement | null) => void;
}

/** One row of cards: rendered when it enters the window, then left alone while the page scrolls. */
const GridRow = memo(function GridRow({ index, columns, files, setSize, measureRow, ...actions }: RowProps) {
  const first = index * columns;
  const cards = files.slice(first, first + columns);
  return (
    <div
      ref={measureRow}
      data-index={index}
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        gap: GRID_GAP,
        paddingBottom: GRID_GAP,
      }}
    >
      {cards.map((file, i) => (
        <FileCard key={file.id} file={file} position={first + i + 1} setSize={setSize} {...actions} />
      ))}
    </div>
  );
});

const FileCard = memo(function FileCard({
  file,
  position,
  setSize,
  ...actions
}: FileActions & { file: StoredFile; position: number; setSize: number }) {
  return (
    <Box
      role="listitem"
      aria-setsize={setSize}
      aria-posinset={position}
      borderWidth="1px"
      rounded="lg"
      overflow="hidden"
      bg="bg.card"
    >
      <Center h="32" bg="bg.muted">
        {file.type === 'image' && file.thumbnailUrl ? (
          <Image src={file.thumbnailUrl} alt={file.name} h="full" w="full" objectFit="cover" decoding="async" />
        ) : (
          <FileTypeIcon type={file.type} boxSize="12" />
        )}
      </Center>
      <Stack p="3" gap="1">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Text fontWeight="medium" truncate title={file.name} minW="0">
            {file.name}
          </Text>
          <FileActionsMenu file={file} {...actions} />
        </HStack>
        <HStack gap="2" fontSize="sm" color="fg.muted">
          <FileTypeIcon type={file.type} boxSize="4" />
          <FileTypeBadge type={file.type} />
          <Text>{formatBytes(file.size)}</Text>
        </HStack>
        <Text fontSize="xs" color="fg.muted">
          {formatDateTime(file.uploadedAt)}
        </Text>
      </Stack>
    </Box>
  );
});

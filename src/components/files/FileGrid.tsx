import { memo, useCallback, useEffect, type KeyboardEvent } from 'react';
import { Box, Center, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { StoredFile } from '../../contract';
import { formatBytes, formatDateTime } from '../../lib/format';
import { texts } from '../../lib/texts';
import { fileExtraTexts } from '../../lib/texts-files';
import { SelectCheckbox } from '../articles/SelectCheckbox';
import { useListBox, useWindowRows } from '../lists/useWindowRows';
import { FileActionsMenu, type FileActions } from './FileActionsMenu';
import { FileTypeBadge, FileTypeIcon } from './FileTypeIcon';
import { withVersion } from './fileUrls';
import { GRID_GAP, gridColumns } from './gridColumns';
import { draggableFile } from './folderTree';

/** Which files are selected for a bulk action, and the one pointed out. */
export interface FileSelection {
  /** The files selected for a bulk action. */
  selected?: ReadonlySet<string>;
  /**
   * With it every file has a selection checkbox and is focusable: Space on the file itself
   * toggles it (with Shift, the range from the last one clicked).
   */
  onToggleSelect?: (id: string, range: boolean) => void;
  /** A file to point out (the one an upload of the same bytes found): ringed, and scrolled to. */
  highlightId?: string | null;
}

/** What a file card or row carries for its selection and highlight. */
export interface FileItemSelection {
  isSelected: boolean;
  isHighlighted: boolean;
  onToggleSelect?: (id: string, range: boolean) => void;
}

/**
 * Space on the file itself (not on its checkbox or menu, which keep their own Space) toggles its
 * selection. Answers the props that make a file card or row selectable by keyboard and show it.
 */
export function selectableItem(file: StoredFile, { isSelected, isHighlighted, onToggleSelect }: FileItemSelection) {
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!onToggleSelect || event.target !== event.currentTarget || event.key !== ' ') return;
    event.preventDefault();
    onToggleSelect(file.id, event.shiftKey);
  };
  return {
    tabIndex: onToggleSelect ? 0 : undefined,
    onKeyDown: onToggleSelect ? onKeyDown : undefined,
    'data-selected': isSelected ? '' : undefined,
    'data-highlighted': isHighlighted ? '' : undefined,
    colorPalette: 'blue',
    _selected: { borderColor: 'colorPalette.solid' },
    _highlighted: { outline: '3px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
  } as const;
}

/** The selection checkbox of a file card or row. */
export function FileSelectCheckbox({ file, isSelected, onToggleSelect }: FileItemSelection & { file: StoredFile }) {
  if (!onToggleSelect) return null;
  return (
    <SelectCheckbox
      label={fileExtraTexts.select(file.name)}
      checked={isSelected}
      onToggle={(range) => onToggleSelect(file.id, range)}
    />
  );
}

export interface FileViewProps extends FileActions, FileSelection {
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
export function FileGrid({ files, total, labelledBy, selected, onToggleSelect, highlightId, ...actions }: FileViewProps) {
  const { listRef, scrollMargin, width, laidOut } = useListBox();
  const columns = gridColumns(width);
  // Keyed by column count too: a measured row height belongs to one layout.
  const getItemKey = useCallback((row: number) => `${columns}:${row}`, [columns]);
  const { measureRow, rows, totalSize, offset, scrollToRow } = useWindowRows({
    count: Math.ceil(files.length / columns),
    estimateSize: ESTIMATED_ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    getItemKey,
    scrollMargin,
  });
  const highlighted = highlightId ? files.findIndex((file) => file.id === highlightId) : -1;
  useEffect(() => {
    if (highlighted >= 0) scrollToRow(Math.floor(highlighted / columns), { align: 'center' });
  }, [highlighted, columns, scrollToRow]);

  return (
    // Rows sit between the list and its items, so the roles are ARIA ones (a ul may hold only li).
    <div
      ref={listRef}
      role="list"
      aria-labelledby={labelledBy}
      data-view="grid"
      // The column count is the measured one (before, one column): a play waits for it, since
      // cards are mounted again when the count changes.
      data-laid-out={laidOut || undefined}
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
            selected={selected}
            onToggleSelect={onToggleSelect}
            highlightId={highlightId}
            {...actions}
          />
        ))}
      </div>
    </div>
  );
}

interface RowProps extends FileActions, FileSelection {
  index: number;
  columns: number;
  files: readonly StoredFile[];
  setSize: number;
  measureRow: (element: HTMLElement | null) => void;
}

/** One row of cards: rendered when it enters the window, then left alone while the page scrolls. */
const GridRow = memo(function GridRow({
  index,
  columns,
  files,
  setSize,
  measureRow,
  selected,
  onToggleSelect,
  highlightId,
  ...actions
}: RowProps) {
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
        <FileCard
          key={file.id}
          file={file}
          position={first + i + 1}
          setSize={setSize}
          isSelected={selected?.has(file.id) ?? false}
          isHighlighted={file.id === highlightId}
          onToggleSelect={onToggleSelect}
          {...actions}
        />
      ))}
    </div>
  );
});

const FileCard = memo(function FileCard({
  file,
  position,
  setSize,
  isSelected,
  isHighlighted,
  onToggleSelect,
  ...actions
}: FileActions & FileItemSelection & { file: StoredFile; position: number; setSize: number }) {
  const selection = { isSelected, isHighlighted, onToggleSelect };
  return (
    <Box
      role="listitem"
      aria-setsize={setSize}
      aria-posinset={position}
      borderWidth="1px"
      rounded="lg"
      overflow="hidden"
      bg="bg.card"
      {...selectableItem(file, selection)}
      {...draggableFile(file.id, Boolean(actions.onMove))}
    >
      <Center h="32" bg="bg.muted">
        {file.thumbnailUrl ? (
          <Image
            src={withVersion(file.thumbnailUrl, file.lastModified)}
            alt={texts.files.thumbnailAlt(file)}
            h="full"
            w="full"
            objectFit="cover"
            // A PDF's first page: its top, where the title is.
            objectPosition={file.type === 'pdf' ? 'top' : undefined}
            decoding="async"
          />
        ) : (
          <FileTypeIcon type={file.type} boxSize="12" />
        )}
      </Center>
      <Stack p="3" gap="1">
        <HStack justify="space-between" align="flex-start" gap="2">
          <HStack gap="2" minW="0" align="center">
            <FileSelectCheckbox file={file} {...selection} />
            <Text fontWeight="medium" truncate title={file.name} minW="0">
              {file.name}
            </Text>
          </HStack>
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

import { useId } from 'react';
import { Card, EmptyState, Skeleton, Stack } from '@chakra-ui/react';
import { LuFolderOpen } from 'react-icons/lu';
import type { StoredFile } from '../../contract';
import { formatSearchCount } from '../../contract/text';
import { texts } from '../../lib/texts';
import { LoadMoreFooter } from '../lists/LoadMoreFooter';
import type { FileActions } from './FileActionsMenu';
import { FileGrid, type FileSelection } from './FileGrid';
import { FileList } from './FileList';
import type { FileView } from './FileToolbar';

/** docs/product.md, 'Timings and limits': the file list shows 6 skeleton rows while loading. */
export const FILE_SKELETON_ROWS = 6;

export interface FileBrowserProps extends FileActions, FileSelection {
  /** The files loaded so far (the server's first pages). */
  files: readonly StoredFile[];
  /** The figure in the 'Files (N)' title: the server's total; defaults to the number of files given. */
  total?: number;
  view?: FileView;
  isLoading?: boolean;
  /** A search or type filter is active: the empty state hints at adjusting it. */
  isFiltered?: boolean;
  /** A name search is active: the server's total is capped (shown as "1,000+" above the cap). */
  isSearch?: boolean;
  /** The signed-in role may upload: an empty library invites it to (else the empty state only says so). */
  canUpload?: boolean;
  /** What an empty list says instead of the library's words (an empty folder's). */
  emptyText?: string;
  /** The server has another page. */
  hasMore?: boolean;
  isFetchingMore?: boolean;
  /** Asks for the next page: called when the end of the list comes near, or from 'Load more'. */
  onLoadMore?: () => void;
}

/**
 * The 'Files (N)' card: skeletons, an empty state, or the files as a grid or a list. Only what
 * is near the visible part of the page is mounted; the next page loads as the end comes near.
 */
export function FileBrowser({
  files,
  total,
  view = 'grid',
  isLoading = false,
  isFiltered = false,
  isSearch = false,
  canUpload = true,
  emptyText,
  hasMore = false,
  isFetchingMore = false,
  onLoadMore,
  ...actions
}: FileBrowserProps) {
  const titleId = useId();
  const Files = view === 'list' ? FileList : FileGrid;

  return (
    <Card.Root bg="bg.card">
      <Card.Header>
        <Card.Title as="h2" id={titleId}>
          {texts.files.filesCount(isSearch && total !== undefined ? formatSearchCount(total) : (total ?? files.length))}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <Stack gap="3" aria-busy="true" aria-label={texts.files.loadingFiles} role="group">
            {Array.from({ length: FILE_SKELETON_ROWS }, (_, i) => (
              <Skeleton key={i} height="14" rounded="md" data-testid="file-skeleton" />
            ))}
          </Stack>
        ) : files.length === 0 ? (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <LuFolderOpen aria-hidden />
              </EmptyState.Indicator>
              <EmptyState.Title as="h3">{texts.files.emptyTitle}</EmptyState.Title>
              {isFiltered || canUpload || emptyText ? (
                <EmptyState.Description color="fg.muted">
                  {isFiltered ? texts.files.emptyFiltered : (emptyText ?? texts.files.emptyAll)}
                </EmptyState.Description>
              ) : null}
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <>
            <Files files={files} total={total} labelledBy={titleId} {...actions} />
            <LoadMoreFooter itemCount={files.length} hasMore={hasMore} isFetchingMore={isFetchingMore} onLoadMore={onLoadMore} />
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

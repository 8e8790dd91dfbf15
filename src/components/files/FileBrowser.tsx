import { Card, EmptyState, Skeleton, Stack } from '@chakra-ui/react';
import { LuFolderOpen } from 'react-icons/lu';
import type { StoredFile } from '../../contract';
import { texts } from '../../lib/texts';
import type { FileActions } from './FileActionsMenu';
import { FileGrid } from './FileGrid';
import { FileList } from './FileList';
import type { FileView } from './FileToolbar';

/** SPEC.md section 9: the file list shows 6 skeleton rows while loading. */
export const FILE_SKELETON_ROWS = 6;

export interface FileBrowserProps extends FileActions {
  files: StoredFile[];
  /** The figure in the 'Files (N)' title; defaults to the number of files shown. */
  total?: number;
  view?: FileView;
  isLoading?: boolean;
  /** A search or type filter is active: the empty state hints at adjusting it. */
  isFiltered?: boolean;
}

/** The 'Files (N)' card: skeletons, an empty state, or the files as a grid or a list. */
export function FileBrowser({ files, total, view = 'grid', isLoading = false, isFiltered = false, ...actions }: FileBrowserProps) {
  return (
    <Card.Root bg="bg.card">
      <Card.Header>
        <Card.Title as="h2">{texts.files.filesCount(total ?? files.length)}</Card.Title>
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
              <EmptyState.Description color="fg.muted">
                {isFiltered ? texts.files.emptyFiltered : texts.files.emptyAll}
              </EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : view === 'list' ? (
          <FileList files={files} {...actions} />
        ) : (
          <FileGrid files={files} {...actions} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

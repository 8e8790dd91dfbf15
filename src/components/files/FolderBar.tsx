import { useState, type DragEvent, type ReactNode } from 'react';
import { Box, Breadcrumb, HStack, IconButton, Menu, Portal, Skeleton, Stack, Text, VisuallyHidden, Wrap } from '@chakra-ui/react';
import { LuEllipsisVertical, LuFolder, LuFolderPlus, LuPencil, LuTrash2 } from 'react-icons/lu';
import type { Folder } from '../../contract';
import { folderTexts as t } from '../../lib/texts-files';
import { Button } from '../common/Button';
import { childrenOf, FILE_DRAG_TYPE, folderPathOf } from './folderTree';

export interface FolderBarProps {
  /** Every folder of the library; undefined while they load. */
  folders: readonly Folder[] | undefined;
  /** Why they could not be loaded. */
  error?: string | null;
  /** The folder shown (null: All files, the whole library). */
  currentId: string | null;
  onOpen: (id: string | null) => void;
  /** 'New folder' (in the folder shown). Without it (a role that may not), no such button. */
  onCreate?: () => void;
  onRename?: (folder: Folder) => void;
  onDelete?: (folder: Folder) => void;
  /** A file card dropped on a folder (null: All files, out of every folder). Without it, folders take no drops. */
  onDropFile?: (fileId: string, folderId: string | null) => void;
}

/**
 * The folders above the files: where the list is (All files › Photos › 2026, each step a way back
 * up), the folders in it with what each holds, and New folder. File cards dragged onto a folder
 * or a step of the path move there (the file's 'Move to…' is the keyboard's way).
 */
export function FolderBar({ folders, error, currentId, onOpen, onCreate, onRename, onDelete, onDropFile }: FolderBarProps) {
  const path = folders ? folderPathOf(folders, currentId) : [];
  const inside = folders ? childrenOf(folders, currentId) : [];
  const hasMenu = Boolean(onRename || onDelete);
  return (
    <Stack as="nav" aria-label={t.nav} gap="3">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Breadcrumb.Root size="md">
          <Breadcrumb.List flexWrap="wrap">
            <Crumb current={currentId === null} onOpen={() => onOpen(null)} onDropFile={onDropFile && ((id) => onDropFile(id, null))}>
              {t.allFiles}
            </Crumb>
            {path.map((folder) => (
              <Crumb
                key={folder.id}
                current={folder.id === currentId}
                onOpen={() => onOpen(folder.id)}
                onDropFile={onDropFile && ((id) => onDropFile(id, folder.id))}
                separated
              >
                {folder.name}
              </Crumb>
            ))}
          </Breadcrumb.List>
        </Breadcrumb.Root>
        {onCreate ? (
          <Button size="sm" variant="outline" onClick={onCreate} disabled={!folders}>
            <LuFolderPlus aria-hidden />
            {t.newFolder}
          </Button>
        ) : null}
      </HStack>
      {error ? (
        <Text color="status.down" textStyle="sm" role="alert">
          {t.loadFailed(error)}
        </Text>
      ) : !folders ? (
        <HStack gap="3" aria-busy="true" aria-label={t.loading} role="group">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="14" w="48" rounded="md" />
          ))}
        </HStack>
      ) : inside.length ? (
        <Wrap gap="3" role="list" aria-label={t.nav}>
          {inside.map((folder) => (
            <FolderTile
              key={folder.id}
              folder={folder}
              onOpen={() => onOpen(folder.id)}
              onDropFile={onDropFile && ((id) => onDropFile(id, folder.id))}
              menu={hasMenu ? <FolderMenu folder={folder} onRename={onRename} onDelete={onDelete} /> : null}
            />
          ))}
        </Wrap>
      ) : currentId !== null ? null : (
        <Text color="fg.muted" textStyle="sm">
          {t.noSubfolders}
        </Text>
      )}
      {onDropFile && inside.length ? (
        <Text color="fg.muted" textStyle="xs">
          {t.dropHint}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Where a file card may be dropped: outlined while one is over it. */
function useDropTarget(onDropFile?: (fileId: string) => void) {
  const [over, setOver] = useState(false);
  if (!onDropFile) return { over: false, handlers: {} };
  const carries = (event: DragEvent) => event.dataTransfer.types.includes(FILE_DRAG_TYPE);
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!carries(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        setOver(false);
        const id = event.dataTransfer.getData(FILE_DRAG_TYPE);
        if (!id) return;
        event.preventDefault();
        onDropFile(id);
      },
    },
  };
}

function Crumb({ current, onOpen, onDropFile, separated = false, children }: { current: boolean; onOpen: () => void; onDropFile?: (fileId: string) => void; separated?: boolean; children: ReactNode }) {
  const drop = useDropTarget(onDropFile);
  return (
    <>
      {separated ? <Breadcrumb.Separator /> : null}
      <Breadcrumb.Item {...drop.handlers} outline={drop.over ? '2px dashed' : undefined} outlineColor="blue.solid" rounded="sm">
        {current ? (
          <Breadcrumb.CurrentLink fontWeight="semibold">{children}</Breadcrumb.CurrentLink>
        ) : (
          <Breadcrumb.Link asChild>
            <button type="button" onClick={onOpen}>
              {children}
            </button>
          </Breadcrumb.Link>
        )}
      </Breadcrumb.Item>
    </>
  );
}

function FolderTile({ folder, onOpen, onDropFile, menu }: { folder: Folder; onOpen: () => void; onDropFile?: (fileId: string) => void; menu: ReactNode }) {
  const drop = useDropTarget(onDropFile);
  return (
    <HStack
      role="listitem"
      gap="1"
      borderWidth="1px"
      rounded="md"
      bg={drop.over ? 'blue.subtle' : 'bg.card'}
      borderColor={drop.over ? 'blue.solid' : undefined}
      borderStyle={drop.over ? 'dashed' : 'solid'}
      pe="1"
      data-drop-over={drop.over || undefined}
      {...drop.handlers}
    >
      <Box asChild flex="1" minW="0">
        <button type="button" onClick={onOpen}>
          <HStack gap="3" px="3" py="2" textAlign="start">
            <LuFolder aria-hidden size="20" />
            <Stack gap="0" minW="0">
              <Text fontWeight="medium" truncate maxW="48">
                {folder.name}
                <VisuallyHidden>, </VisuallyHidden>
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {t.holds(folder.fileCount, folder.folderCount)}
              </Text>
            </Stack>
          </HStack>
        </button>
      </Box>
      {menu}
    </HStack>
  );
}

function FolderMenu({ folder, onRename, onDelete }: { folder: Folder; onRename?: (folder: Folder) => void; onDelete?: (folder: Folder) => void }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton aria-label={t.folderActions(folder.name)} variant="ghost" size="sm">
          <LuEllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {onRename ? (
              <Menu.Item value="rename" onClick={() => onRename(folder)}>
                <LuPencil aria-hidden />
                {t.rename}
              </Menu.Item>
            ) : null}
            {onDelete ? (
              <Menu.Item value="delete" onClick={() => onDelete(folder)} color="status.down" _highlighted={{ bg: 'bg.error', color: 'status.down' }}>
                <LuTrash2 aria-hidden />
                {t.delete}
              </Menu.Item>
            ) : null}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { LuClock, LuDownload, LuEllipsisVertical, LuEye, LuFileUp, LuFolderInput, LuLink, LuTag, LuTrash2 } from 'react-icons/lu';
import type { StoredFile } from '../../contract';
import { texts } from '../../lib/texts';
import { fileDetailsTexts, fileExtraTexts as x, folderTexts } from '../../lib/texts-files';
import { fileVersionTexts } from '../../lib/texts-history';

/** What a file can do, shared by the grid, the list and the browser around them. */
export interface FileActions {
  onPreview: (file: StoredFile) => void;
  onDownload: (file: StoredFile) => void;
  /** Called only after the user confirmed the deletion. Without it (a role that may not delete), no such item. */
  onDelete?: (id: string) => void;
  /** Asks the user; defaults to the browser's `window.confirm` (docs/product.md, 'Validation'). */
  confirm?: (message: string) => boolean;
  /** The file being deleted: its menu is disabled meanwhile. */
  deletingId?: string | null;
  /** 'Replace…': the route opens a file chooser for the file's new bytes. Without it, no such item. */
  onReplace?: (file: StoredFile) => void;
  /** 'Copy link': the route copies the absolute address of the file's bytes. Without it, no such item. */
  onCopyLink?: (file: StoredFile) => void;
  /** 'Versions…': the bytes earlier replacements put aside. Without it, no such item. */
  onShowVersions?: (file: StoredFile) => void;
  /** 'Details…': alt text, caption, credit, focal point. Without it (a role that may not), no such item. */
  onEditDetails?: (file: StoredFile) => void;
  /** 'Move to…': the folder it goes in. Without it (a role that may not), no such item, and cards are not dragged. */
  onMove?: (file: StoredFile) => void;
}

const browserConfirm = (message: string) => window.confirm(message);

/**
 * The per-file menu: Preview, Details…, Move to…, Download, Copy link, Replace…, Versions…, Delete (after a
 * confirmation), each of the last ones when given (what the signed-in role may do). Items act on click, not
 * on the menu's onSelect: the menu selects its *highlighted* item, and a click that arrives
 * without a pointer hover first (assistive technology, scripted clicks) has none. Enter on a
 * highlighted item clicks it, so the keyboard takes the same path.
 */
export function FileActionsMenu({
  file,
  onPreview,
  onDownload,
  onDelete,
  confirm = browserConfirm,
  deletingId,
  onReplace,
  onCopyLink,
  onShowVersions,
  onEditDetails,
  onMove,
}: FileActions & { file: StoredFile }) {
  const confirmAndDelete = () => {
    if (confirm(texts.files.confirmDelete)) onDelete?.(file.id);
  };

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton
          aria-label={texts.files.actions(file.name)}
          variant="ghost"
          size="sm"
          disabled={deletingId === file.id}
        >
          <LuEllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="preview" onClick={() => onPreview(file)}>
              <LuEye aria-hidden />
              {texts.files.preview}
            </Menu.Item>
            {onEditDetails ? (
              <Menu.Item value="details" onClick={() => onEditDetails(file)}>
                <LuTag aria-hidden />
                {fileDetailsTexts.menuItem}
              </Menu.Item>
            ) : null}
            {onMove ? (
              <Menu.Item value="move" onClick={() => onMove(file)}>
                <LuFolderInput aria-hidden />
                {folderTexts.moveItem}
              </Menu.Item>
            ) : null}
            <Menu.Item value="download" onClick={() => onDownload(file)}>
              <LuDownload aria-hidden />
              {texts.files.download}
            </Menu.Item>
            {onCopyLink ? (
              <Menu.Item value="copy-link" onClick={() => onCopyLink(file)}>
                <LuLink aria-hidden />
                {x.copyLink}
              </Menu.Item>
            ) : null}
            {onReplace ? (
              <Menu.Item value="replace" onClick={() => onReplace(file)}>
                <LuFileUp aria-hidden />
                {x.replace}
              </Menu.Item>
            ) : null}
            {onShowVersions ? (
              <Menu.Item value="versions" onClick={() => onShowVersions(file)}>
                <LuClock aria-hidden />
                {fileVersionTexts.menuItem}
              </Menu.Item>
            ) : null}
            {onDelete ? (
              <Menu.Item value="delete" onClick={confirmAndDelete} color="status.down" _highlighted={{ bg: 'bg.error', color: 'status.down' }}>
                <LuTrash2 aria-hidden />
                {texts.files.delete}
              </Menu.Item>
            ) : null}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** The library's folders (a flat list, as GET /folders answers it) read as a tree. */
import type { Folder } from '../../contract';

/** The folders directly in `parentId` (null: at the top), by name. */
export function childrenOf(folders: readonly Folder[], parentId: string | null): Folder[] {
  return folders.filter((folder) => folder.parentId === parentId).sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** From the top of the library down to `id` (empty for null or an unknown folder). */
export function folderPathOf(folders: readonly Folder[], id: string | null): Folder[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const path: Folder[] = [];
  for (let at = id === null ? undefined : byId.get(id); at && !path.includes(at); at = at.parentId === null ? undefined : byId.get(at.parentId)) {
    path.unshift(at);
  }
  return path;
}

export interface FolderChoice {
  folder: Folder;
  /** 0 at the top. */
  depth: number;
  /** Its name, indented by its depth (for a native select's options). */
  label: string;
}

/**
 * Every folder in tree order (each followed by what it holds), without `exclude` and what it
 * holds: the places something can go.
 */
export function folderChoices(folders: readonly Folder[], exclude?: string): FolderChoice[] {
  const out: FolderChoice[] = [];
  const walk = (parentId: string | null, depth: number) => {
    for (const folder of childrenOf(folders, parentId)) {
      if (folder.id === exclude) continue;
      out.push({ folder, depth, label: `${'\u00a0\u00a0'.repeat(depth)}${depth ? '└ ' : ''}${folder.name}` });
      walk(folder.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** The type a file card dragged carries (its id), which folders take when dropped on. */
export const FILE_DRAG_TYPE = 'application/x-library-file';

/** The props that let a file card or row be dragged onto a folder (when files may be moved). */
export function draggableFile(id: string, enabled: boolean) {
  if (!enabled) return {};
  return {
    draggable: true,
    onDragStart: (event: { dataTransfer: DataTransfer }) => {
      event.dataTransfer.setData(FILE_DRAG_TYPE, id);
      event.dataTransfer.effectAllowed = 'move';
    },
  };
}

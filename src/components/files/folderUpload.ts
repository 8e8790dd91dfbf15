/**
 * A folder dropped or chosen for upload: its files, each with the folders it sits in below the
 * folder shown, read from the browser's file-system entries (a drop) or from each file's
 * `webkitRelativePath` (a folder chosen); and the folders to make for them, parents first.
 */

/** A file of a folder upload, with the folders it sits in (outermost first; none: where it was dropped). */
export interface FolderFile {
  file: File;
  folders: string[];
}

/** What a drop's entry is, as far as this reads it (the browser's FileSystemEntry). */
interface Entry {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  file?: (success: (file: File) => void, failure?: (error: unknown) => void) => void;
  createReader?: () => { readEntries: (success: (entries: Entry[]) => void, failure?: (error: unknown) => void) => void };
}

/** Every file under the dropped entries, depth first, each with the folders it sits in. */
export async function filesOfEntries(entries: readonly Entry[], folders: string[] = []): Promise<FolderFile[]> {
  const found: FolderFile[] = [];
  for (const entry of entries) {
    if (entry.isFile && entry.file) {
      const file = await new Promise<File>((resolve, reject) => entry.file!(resolve, reject));
      found.push({ file, folders });
    } else if (entry.isDirectory && entry.createReader) {
      const reader = entry.createReader();
      // A reader gives its entries in batches (100 in Chromium), then an empty one.
      const children: Entry[] = [];
      for (;;) {
        const batch = await new Promise<Entry[]>((resolve, reject) => reader.readEntries(resolve, reject));
        if (!batch.length) break;
        children.push(...batch);
      }
      found.push(...(await filesOfEntries(children, [...folders, entry.name])));
    }
  }
  return found;
}

/** The files of a folder chosen with the folder picker: each one's folders from its relative path. */
export function filesOfChosenFolder(files: readonly File[]): FolderFile[] {
  return files.map((file) => ({ file, folders: (file.webkitRelativePath || file.name).split('/').slice(0, -1) }));
}

/** The folder paths the files need, each once, parents before their children. */
export function folderPathsOf(files: readonly FolderFile[]): string[][] {
  const seen = new Map<string, string[]>();
  for (const { folders } of files) {
    for (let depth = 1; depth <= folders.length; depth++) {
      const path = folders.slice(0, depth);
      seen.set(path.join('/'), path);
    }
  }
  return [...seen.values()].sort((a, b) => a.length - b.length);
}

import { useRef, useState, type DragEvent } from 'react';
import { filesOfEntries, type FolderFile } from './folderUpload';

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * Drag-and-drop of files onto one element. `isDragging` stays true while files hover over
 * the element or any of its children: dragenter/dragleave fire for every child crossed, so a
 * depth counter (not a boolean) decides when the pointer really left. A drop that holds folders
 * goes to `onFolder`, with every file in them (and beside them), when it is given.
 */
export function useFileDrop(onFiles: (files: File[]) => void, onFolder?: (files: FolderFile[]) => void) {
  const [isDragging, setDragging] = useState(false);
  const depth = useRef(0);

  const handlers = {
    onDragEnter(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver(event: DragEvent) {
      if (!carriesFiles(event)) return;
      // Without preventDefault the browser refuses the drop.
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    },
    onDragLeave(event: DragEvent) {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop(event: DragEvent) {
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      // The entries are read now: the drop's items are gone once the event is over.
      const entries = Array.from(event.dataTransfer?.items ?? [], (item) => item.webkitGetAsEntry?.() ?? null).filter((entry) => entry !== null);
      if (onFolder && entries.some((entry) => entry.isDirectory)) {
        void filesOfEntries(entries as unknown as Parameters<typeof filesOfEntries>[0]).then((files) => files.length > 0 && onFolder(files));
        return;
      }
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length > 0) onFiles(files);
    },
  };

  return { isDragging, handlers };
}

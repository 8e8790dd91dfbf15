/**
 * One file's upload as the file manager shows it: the upload queue (src/api/files.ts) makes
 * these, the drop zone (src/components/files/DropZone.tsx) lists them.
 */
import type { StoredFile } from '../contract';

/**
 * `waiting`: its turn has not come (a few files go up at once); `resuming`: its connection
 * dropped, and it goes on from what the server has after a wait; `duplicate`: the bytes were
 * already in the library, `file` is the file that has them.
 */
export type UploadStatus = 'waiting' | 'uploading' | 'resuming' | 'done' | 'duplicate' | 'failed';

/** Whether an upload is still under way (waiting, sending or resuming). */
export const isActive = (status: UploadStatus) => status === 'waiting' || status === 'uploading' || status === 'resuming';

export interface UploadItem {
  id: string;
  name: string;
  /** 0..1 */
  progress: number;
  status: UploadStatus;
  /**
   * Why the server refused the file (docs/product.md, 'Validation'), shown for a failed upload; for a
   * duplicate, the server's 'Already in the library as …'.
   */
  message?: string;
  /** The stored file (a finished upload), or the one that already had these bytes (a duplicate). */
  file?: StoredFile;
  /** The folders it goes in, below the folder shown (a folder uploaded): `Holiday/Day 1`. */
  path?: string;
  /** While resuming: which try this is (1, 2…). */
  attempt?: number;
}

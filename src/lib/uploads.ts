/**
 * One file's upload as the file manager shows it: the upload queue (src/api/files.ts) makes
 * these, the drop zone (src/components/files/DropZone.tsx) lists them.
 */
import type { StoredFile } from '../contract';

/** `duplicate`: the bytes were already in the library; `file` is the file that has them. */
export type UploadStatus = 'uploading' | 'done' | 'duplicate' | 'failed';

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
}

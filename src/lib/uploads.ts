/**
 * One file's upload as the file manager shows it: the upload queue (src/api/files.ts) makes
 * these, the drop zone (src/components/files/DropZone.tsx) lists them.
 */
export type UploadStatus = 'uploading' | 'done' | 'failed';

export interface UploadItem {
  id: string;
  name: string;
  /** 0..1 */
  progress: number;
  status: UploadStatus;
  /** Why the server refused the file (SPEC.md section 5), shown for a failed upload. */
  message?: string;
}

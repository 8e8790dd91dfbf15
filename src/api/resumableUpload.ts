/**
 * A file sent as a resumable upload (src/contract/uploads.ts) with tus-js-client: when the
 * connection drops, it waits, asks the server how much it has and sends the rest, up to
 * RESUME_DELAYS_MS.length times; a page reloaded meanwhile goes on from there too (the upload's
 * address is kept in the browser until it ends). Loaded with the first large upload only.
 */
import { Upload, type DetailedError } from 'tus-js-client';
import { UPLOAD_METADATA } from '../contract/uploads';
import { API_BASE } from './client';

/** How long to wait before each new try after a dropped connection; then the upload fails. */
export const RESUME_DELAYS_MS = [1_000, 3_000, 5_000, 10_000, 20_000];

export interface ResumableHandlers {
  onProgress: (fraction: number) => void;
  /** The connection dropped: try `attempt` (1, 2…) goes on after its wait. */
  onResuming: (attempt: number) => void;
}

/** What the server answered last: the library's answer to the upload, or its refusal (0: no answer). */
export interface ResumableAnswer {
  status: number;
  body: string;
}

/**
 * Sends `file` into `folder`; settles with the last answer (a refusal or lost connection rejects
 * with it). `signal` stops it, keeping what the server has: the same file chosen again goes on.
 */
export function sendResumable(file: File, folder: string | undefined, { onProgress, onResuming }: ResumableHandlers, signal?: AbortSignal): Promise<ResumableAnswer> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${API_BASE}/uploads`,
      metadata: {
        [UPLOAD_METADATA.name]: file.name,
        [UPLOAD_METADATA.type]: file.type,
        ...(folder ? { [UPLOAD_METADATA.folder]: folder } : {}),
      },
      retryDelays: RESUME_DELAYS_MS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress(total ? sent / total : 0),
      // A lost connection or a server that did not answer is tried again; a refusal is final.
      onShouldRetry: (error, attempt) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        const again = status === 0 || status >= 500 || status === 409 || status === 423;
        if (again) onResuming(attempt + 1);
        return again;
      },
      onError: (error) => {
        const response = (error as DetailedError).originalResponse;
        reject(Object.assign(error, { answer: { status: response?.getStatus() ?? 0, body: response?.getBody() ?? '' } satisfies ResumableAnswer }));
      },
      onSuccess: ({ lastResponse }) => resolve({ status: lastResponse.getStatus(), body: lastResponse.getBody() }),
    });
    signal?.addEventListener('abort', () => {
      void upload.abort(false);
      reject(signal.reason);
    });
    // The same file started before (a reload, a closed tab): it goes on where it stopped.
    const start = () => {
      if (!signal?.aborted) upload.start();
    };
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      start();
    }, start);
  });
}

/**
 * Resumable uploads (src/contract/uploads.ts): the tus protocol, by @tus/server with its file
 * store in DATA_DIR/uploads (not DATA_DIR/tmp, whose leftovers go after an hour: an upload may
 * go on for a day). An upload belongs to the account that started it; its last bytes go through
 * the library as POST /files does (checked, deduplicated, into its folder), and its answer is
 * that of POST /files. The bytes of an upload then go, whatever the library said; those of one
 * not finished within UPLOAD_EXPIRY_HOURS are removed by the hourly sweep.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { errorBodyOf, ROOT_FOLDER, serverMessages } from '../../src/contract/index.ts';
import { UPLOAD_EXPIRY_HOURS, UPLOAD_METADATA, UPLOADS_PATH } from '../../src/contract/uploads.ts';
import { ApiError, apiError, toApiError } from '../errors.ts';
import { folderExists } from '../repositories/folders.ts';
import { displayName, fileTooLarge, uploadFile, type LibraryContext } from './library.ts';

interface Uploader {
  id: string;
  email: string;
}

/** What the hooks of @tus/server are given: a web Request carrying Node's own request. */
type TusRequest = Parameters<NonNullable<ConstructorParameters<typeof Server>[0]['onIncomingRequest']>>[0];

/** An error as @tus/server sends it: our JSON body (the file routes' shape) and status. */
const refusal = (error: ApiError) => ({ status_code: error.statusCode, body: JSON.stringify(errorBodyOf(error, 'file')) });

export class ResumableUploads {
  private readonly tus: Server;
  private readonly store: FileStore;
  /** Who sent each request being handled (the API's session check said it before). */
  private readonly uploaders = new WeakMap<IncomingMessage, Uploader>();

  constructor(
    private readonly ctx: LibraryContext,
    private readonly directory: string,
    maxUploadBytes: number,
    private readonly onError: (error: unknown) => void,
  ) {
    this.store = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_HOURS * 3_600_000 });
    this.tus = new Server({
      path: UPLOADS_PATH,
      datastore: this.store,
      maxSize: maxUploadBytes,
      relativeLocation: true,
      // The console's own origin only: no CORS header.
      allowedOrigins: [],
      disableTerminationForFinishedUploads: true,
      onIncomingRequest: async (req, id) => {
        // A creation has no upload yet; any other request is of the sender's own upload.
        if (req.method === 'POST') return;
        const upload = await this.store.getUpload(id).catch(() => undefined);
        if (!upload || upload.metadata?.owner !== this.uploaderOf(req).id) throw refusal(apiError('upload_not_found'));
      },
      onUploadCreate: async (req, upload) => {
        const name = upload.metadata?.[UPLOAD_METADATA.name];
        if (!name) throw refusal(apiError('missing_file'));
        if (upload.size === 0) throw refusal(apiError('file_empty'));
        const folder = upload.metadata?.[UPLOAD_METADATA.folder];
        if (folder && folder !== ROOT_FOLDER && !(await folderExists(ctx.db, folder).catch(() => false))) {
          throw refusal(apiError('folder_target_not_found'));
        }
        return { metadata: { ...upload.metadata, owner: this.uploaderOf(req).id } };
      },
      onUploadFinish: async (req, upload) => this.finish(this.uploaderOf(req), upload),
      onResponseError: async (_req, error) => {
        const known = error as { status_code?: number; body?: string };
        if (known.status_code === 413) return refusal(fileTooLarge(maxUploadBytes));
        // The store's own refusals (an unknown or expired id) in the API's words.
        if (known.status_code === 404 || known.status_code === 410) return refusal(apiError('upload_not_found'));
        if (known.status_code && known.body?.startsWith('{')) return undefined;
        if (known.status_code && known.status_code < 500) return undefined;
        this.onError(error);
        return refusal(toApiError(error as Error));
      },
    });
  }

  async init() {
    await mkdir(this.directory, { recursive: true });
  }

  /** Answers one request of the protocol (`raw` from a route that handed its reply over). */
  async handle(req: IncomingMessage, res: ServerResponse, uploader: Uploader) {
    this.uploaders.set(req, uploader);
    await this.tus.handle(req, res);
  }

  /** Removes the bytes of uploads past UPLOAD_EXPIRY_HOURS: how many. */
  sweep(): Promise<number> {
    return this.tus.cleanUpExpiredUploads();
  }

  private uploaderOf(req: TusRequest): Uploader {
    const node = (req as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
    const uploader = node && this.uploaders.get(node);
    if (!uploader) throw refusal(apiError('unauthorized'));
    return uploader;
  }

  /** The last bytes are in: the file goes through the library, and the upload's bytes go. */
  private async finish(uploader: Uploader, upload: Upload) {
    const file = path.join(this.directory, upload.id);
    const folder = upload.metadata?.[UPLOAD_METADATA.folder] || undefined;
    try {
      const { file: stored, reused, restored } = await uploadFile(this.ctx, uploader.email, file, displayName(upload.metadata?.[UPLOAD_METADATA.name] ?? undefined), folder);
      const answer = reused
        ? {
            success: true,
            file: stored,
            message: restored ? serverMessages.restoredFromTrash(stored.name) : serverMessages.alreadyInLibrary(stored.name),
            duplicate: true,
            ...(restored ? { restored: true } : {}),
          }
        : { success: true, file: stored, message: serverMessages.fileUploaded };
      return { status_code: reused ? 200 : 201, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: JSON.stringify(answer) };
    } catch (error) {
      const refused = toApiError(error as Error);
      if (refused.statusCode >= 500) this.onError(error);
      throw refusal(refused);
    } finally {
      await Promise.all([rm(file, { force: true }), rm(`${file}.json`, { force: true })]).catch(this.onError);
    }
  }
}

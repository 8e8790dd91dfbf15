/** MSW handlers for the files API, built from the shared contract. */
import { delay, http, HttpResponse } from 'msw';
import {
  fileUpdateSchema,
  MAX_BULK_IDS,
  MAX_UPLOAD_BYTES,
  serverMessages,
  type BulkResult,
  type DeleteResult,
  type FileListResult,
  type FileResult,
  type FileTrashResult,
  type FileUsage,
  type FileVersion,
  type FileVersionList,
  type StoredFile,
  type TrashedFile,
  type UploadResult,
} from '../../src/contract';
import { files as sampleFiles, makeFile, manyFiles, STORY_ADMIN, tinyPngDataUrl, versionOf } from '../fixtures';
import { errorResponse } from './errors';

const API = '*/api/files';
const ALLOWED = ['image/jpeg', 'image/png', 'image/gif', 'image/svg+xml', 'application/pdf'];
const FILE_ACTIONS = ['delete', 'restore', 'purge'];

function listResult(all: StoredFile[], url: URL): FileListResult {
  const type = url.searchParams.get('type');
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  const page = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 50);
  const matching = all
    .filter((f) => !type || f.type === type)
    .filter((f) => f.name.toLowerCase().includes(search))
    .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
  return {
    data: matching.slice((page - 1) * limit, page * limit),
    total: matching.length,
    page,
    limit,
    summary: {
      images: all.filter((f) => f.type === 'image').length,
      pdfs: all.filter((f) => f.type === 'pdf').length,
      totalBytes: all.reduce((sum, f) => sum + f.size, 0),
    },
  };
}

/** The SHA-256 of an uploaded file's bytes, in hex, as the server keys its files. */
async function sha256Of(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

interface Entry {
  file: StoredFile;
  /** Set while in the trash. */
  deletedAt?: string;
  /** Known for the files uploaded here (the samples' bytes are not known). */
  sha256?: string;
  /** Earlier versions (oldest first): what each replacement put aside. */
  versions: { version: FileVersion; file: StoredFile; sha256?: string }[];
}

/** The part named `file` of a multipart request, or the refusal the server would send. */
async function filePart(request: Request): Promise<File | Response> {
  const form = await request.formData();
  const file = form.get('file');
  if (!(file instanceof File)) return errorResponse('missing_file', { shape: 'file' });
  if (!ALLOWED.includes(file.type)) return errorResponse('file_type_not_allowed', { shape: 'file' });
  if (file.size > MAX_UPLOAD_BYTES) return errorResponse('file_too_large', serverMessages.fileTooLarge, { shape: 'file' });
  return file;
}

/**
 * A working in-memory files API, with the trash (`trashed`: files already in it), bulk actions,
 * replacement in place and bytes kept once (an upload of bytes uploaded before answers the file
 * that has them). Uploads are judged by the declared type here (the real server judges bytes);
 * the refusals carry the server's exact messages.
 */
export function filesApi(
  initial: StoredFile[] = sampleFiles,
  trashed: TrashedFile[] = [],
  /** Files' earlier versions as a story wants them (oldest first). */
  versionsOf: Record<string, { version: FileVersion; file: StoredFile }[]> = {},
  /** Where files are used, as GET /files/:id/usage answers (none by default). */
  usageOf: Record<string, FileUsage['data']> = {},
) {
  /** The published articles (out of the trash) that show a file, by name, as the server names them. */
  const shownBy = (id: string) =>
    (usageOf[id] ?? []).filter((use) => use.status === 'published' && !use.inTrash).map((use) => use.title ?? use.slug ?? use.articleId);
  // A file object is never changed in place (a replacement makes a new one): no copies needed.
  const db = new Map<string, Entry>([
    ...initial.map((f): [string, Entry] => [f.id, { file: f, versions: [...(versionsOf[f.id] ?? [])] }]),
    ...trashed.map(({ deletedAt, ...f }): [string, Entry] => [f.id, { file: f, deletedAt, versions: [] }]),
  ]);
  /** Keeps the entry's current bytes as its next version (the same bytes again keep none), as the server does. */
  const keepVersion = (entry: Entry, nextSha256: string | undefined) => {
    if (entry.sha256 !== undefined && entry.sha256 === nextSha256) return;
    const number = (entry.versions.at(-1)?.version.number ?? 0) + 1;
    entry.versions.push({ version: versionOf(entry.file, number, STORY_ADMIN), file: entry.file, sha256: entry.sha256 });
  };
  let next = 100;
  const live = () => [...db.values()].filter((e) => !e.deletedAt).map((e) => e.file);
  const liveEntry = (id: string) => {
    const entry = db.get(id);
    return entry && !entry.deletedAt ? entry : undefined;
  };
  const fileNotFound = () => errorResponse('not_found', serverMessages.fileNotFound, { shape: 'file' });
  const versionNotFound = () => errorResponse('not_found', serverMessages.fileVersionNotFound, { shape: 'file' });
  // What follows the bytes; the file's details (alt text, focal point…) stay through a replacement.
  const describe = (file: File, at: string): Pick<StoredFile, 'name' | 'size' | 'type' | 'mimeType' | 'thumbnailUrl' | 'lastModified' | 'width' | 'height'> => {
    const isImage = file.type.startsWith('image/');
    return {
      name: file.name,
      size: file.size,
      type: isImage ? 'image' : 'pdf',
      mimeType: file.type,
      thumbnailUrl: isImage ? tinyPngDataUrl : undefined,
      lastModified: at,
      // The sample bytes are the 1 × 1 PNG.
      width: isImage ? 1 : null,
      height: isImage ? 1 : null,
    };
  };
  return [
    http.get(`${API}/latest`, ({ request }) => {
      const count = Number(new URL(request.url).searchParams.get('count') ?? 10);
      const data = live().sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt)).slice(0, count);
      return HttpResponse.json({ data });
    }),
    http.get(`${API}/trash`, ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const all = [...db.values()]
        .filter((e): e is Entry & { deletedAt: string } => Boolean(e.deletedAt))
        .sort((a, b) => b.deletedAt.localeCompare(a.deletedAt) || b.file.id.localeCompare(a.file.id))
        .map((e) => ({ ...e.file, deletedAt: e.deletedAt }));
      return HttpResponse.json<FileTrashResult>({ data: all.slice((page - 1) * limit, page * limit), total: all.length, page, limit });
    }),
    http.get(API, ({ request }) => HttpResponse.json(listResult(live(), new URL(request.url)))),
    http.post(API, async ({ request }) => {
      const file = await filePart(request);
      if (file instanceof Response) return file;
      const sha256 = await sha256Of(file);
      const same = [...db.values()].find((e) => e.sha256 === sha256);
      if (same) {
        const restored = Boolean(same.deletedAt);
        delete same.deletedAt;
        return HttpResponse.json<UploadResult>({
          success: true,
          file: same.file,
          message: restored ? serverMessages.restoredFromTrash(same.file.name) : serverMessages.alreadyInLibrary(same.file.name),
          duplicate: true,
          ...(restored ? { restored: true } : {}),
        });
      }
      const at = new Date().toISOString();
      const stored = makeFile({
        id: `file_new_${next++}`,
        ...describe(file, at),
        url: file.type.startsWith('image/') ? tinyPngDataUrl : '/api/files/none/content',
        uploadedAt: at,
      });
      db.set(stored.id, { file: stored, sha256, versions: [] });
      return HttpResponse.json<UploadResult>({ success: true, file: stored, message: serverMessages.fileUploaded }, { status: 201 });
    }),
    http.put(`${API}/:id/content`, async ({ params, request }) => {
      const entry = liveEntry(String(params.id));
      if (!entry) return fileNotFound();
      const file = await filePart(request);
      if (file instanceof Response) return file;
      const sha256 = await sha256Of(file);
      const other = [...db.values()].find((e) => e.sha256 === sha256 && e !== entry);
      if (other) {
        const message = other.deletedAt
          ? serverMessages.alreadyInTrash(other.file.name)
          : serverMessages.alreadyInLibrary(other.file.name);
        return errorResponse('file_duplicate', message, { shape: 'file' });
      }
      keepVersion(entry, sha256);
      entry.file = { ...entry.file, ...describe(file, new Date().toISOString()) };
      if (!entry.file.thumbnailUrl) delete entry.file.thumbnailUrl;
      entry.sha256 = sha256;
      return HttpResponse.json<UploadResult>({ success: true, file: entry.file, message: serverMessages.fileReplaced });
    }),
    http.get(`${API}/:id/versions`, ({ params }) => {
      const entry = liveEntry(String(params.id));
      if (!entry) return fileNotFound();
      return HttpResponse.json<FileVersionList>({ data: entry.versions.map((v) => v.version).reverse() });
    }),
    http.get(`${API}/:id/versions/:v/content`, ({ params }) => {
      const entry = liveEntry(String(params.id));
      if (!entry) return fileNotFound();
      const kept = entry.versions.find((v) => v.version.number === Number(params.v));
      if (!kept) return versionNotFound();
      return new HttpResponse('bytes of an earlier version', { headers: { 'content-type': kept.version.mimeType } });
    }),
    http.post(`${API}/:id/versions/:v/restore`, ({ params }) => {
      const entry = liveEntry(String(params.id));
      if (!entry) return fileNotFound();
      const kept = entry.versions.find((v) => v.version.number === Number(params.v));
      if (!kept) return versionNotFound();
      const other = kept.sha256 && [...db.values()].find((e) => e !== entry && e.sha256 === kept.sha256);
      if (other) {
        const message = other.deletedAt ? serverMessages.alreadyInTrash(other.file.name) : serverMessages.alreadyInLibrary(other.file.name);
        return errorResponse('file_duplicate', message, { shape: 'file' });
      }
      keepVersion(entry, kept.sha256);
      entry.file = { ...kept.file, id: entry.file.id, url: entry.file.url, uploadedAt: entry.file.uploadedAt, lastModified: new Date().toISOString() };
      entry.sha256 = kept.sha256;
      return HttpResponse.json<FileResult>({ success: true, file: entry.file, message: serverMessages.fileVersionRestored });
    }),
    http.post(`${API}/bulk`, async ({ request }) => {
      const body = (await request.json().catch(() => null)) as { action?: unknown; ids?: unknown } | null;
      const ids = Array.isArray(body?.ids) ? body.ids.filter((id): id is string => typeof id === 'string') : [];
      if (typeof body?.action !== 'string' || !FILE_ACTIONS.includes(body.action)) {
        return errorResponse('validation_failed', 'Invalid body field "action": Invalid option: expected one of "delete"|"restore"|"purge"', {
          shape: 'file',
        });
      }
      if (ids.length === 0) return errorResponse('validation_failed', 'Invalid body field "ids": Too small: expected array to have >=1 items', { shape: 'file' });
      if (ids.length > MAX_BULK_IDS) {
        return errorResponse('validation_failed', `Invalid body field "ids": ${serverMessages.fileBulkTooMany}`, { shape: 'file' });
      }
      const result: BulkResult = { changed: [], unchanged: [], refused: [] };
      const now = new Date().toISOString();
      for (const id of new Set(ids)) {
        const entry = db.get(id);
        if (!entry) {
          result.refused.push({ id, code: 'not_found', message: serverMessages.fileNotFound });
        } else if (body.action === 'delete') {
          if (entry.deletedAt) result.unchanged.push(id);
          else if (shownBy(id).length && (body as { confirm?: unknown }).confirm !== true) {
            result.refused.push({ id, code: 'file_in_use', message: serverMessages.fileInUse(shownBy(id)) });
          } else {
            entry.deletedAt = now;
            result.changed.push(id);
          }
        } else if (body.action === 'restore') {
          if (!entry.deletedAt) result.unchanged.push(id);
          else {
            delete entry.deletedAt;
            result.changed.push(id);
          }
        } else if (!entry.deletedAt) {
          result.refused.push({ id, code: 'not_in_trash', message: serverMessages.fileNotInTrash });
        } else {
          db.delete(id);
          result.changed.push(id);
        }
      }
      return HttpResponse.json(result);
    }),
    http.post(`${API}/:id/restore`, ({ params }) => {
      const entry = db.get(String(params.id));
      if (!entry?.deletedAt) return fileNotFound();
      delete entry.deletedAt;
      return HttpResponse.json<FileResult>({ success: true, file: entry.file, message: serverMessages.fileRestored });
    }),
    http.delete(`${API}/:id/forever`, ({ params }) => {
      const id = String(params.id);
      const entry = db.get(id);
      if (!entry) return fileNotFound();
      if (!entry.deletedAt) return errorResponse('not_in_trash', serverMessages.fileNotInTrash, { shape: 'file' });
      db.delete(id);
      return HttpResponse.json<DeleteResult>({ success: true, message: serverMessages.filePurged });
    }),
    // The server's own rules (the contract's schema), its own words.
    http.patch(`${API}/:id`, async ({ params, request }) => {
      const entry = liveEntry(String(params.id));
      if (!entry) return fileNotFound();
      const parsed = fileUpdateSchema.safeParse(await request.json().catch(() => ({})));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = issue.path.join('.');
        return errorResponse('validation_failed', `Invalid body${field ? ` field "${field}"` : ''}: ${issue.message}`, { shape: 'file' });
      }
      entry.file = { ...entry.file, ...parsed.data };
      return HttpResponse.json<FileResult>({ success: true, file: entry.file, message: serverMessages.fileDetailsSaved });
    }),
    http.get(`${API}/:id/usage`, ({ params }) => {
      if (!db.has(String(params.id))) return fileNotFound();
      const data = usageOf[String(params.id)] ?? [];
      return HttpResponse.json<FileUsage>({ data, total: data.length });
    }),
    http.delete(`${API}/:id`, ({ params, request }) => {
      const entry = liveEntry(String(params.id));
      if (!entry) return fileNotFound();
      const names = shownBy(entry.file.id);
      if (names.length && new URL(request.url).searchParams.get('confirm') !== 'true') {
        return errorResponse('file_in_use', serverMessages.fileInUse(names), { shape: 'file' });
      }
      entry.deletedAt = new Date().toISOString();
      return HttpResponse.json<DeleteResult>({ success: true, message: serverMessages.fileDeleted });
    }),
  ];
}

export const fileHandlers = {
  api: filesApi,
  /** The sample library, and a trash holding the sample trashed files (see trashedFileSamples). */
  withTrash: (trashed: TrashedFile[]) => filesApi(sampleFiles, trashed),
  /** A library of `count` files (see `manyFiles`), served a page at a time. */
  many: (count = 10_000) => filesApi(manyFiles(count)),
  empty: () => filesApi([]),
  loading: () => [http.get(API, () => delay('infinite')), http.get(`${API}/latest`, () => delay('infinite'))],
  /**
   * The list fails (500 internal). `_storyMessage` is ignored (the message is the server's): it
   * stays only until the stories stop passing one.
   */
  /** The database is down (503 database_unavailable, in the file routes' shape). */
  failing: () => [http.get(API, () => errorResponse('database_unavailable', { shape: 'file' }))],
  slowUpload: () => [http.post(API, () => delay('infinite'))],
  /** The trash never answers (its loading state). */
  trashLoading: () => [http.get(`${API}/trash`, () => delay('infinite'))],
  /** The trash fails: the database is down (503, in the file routes' shape). */
  trashFailing: () => [http.get(`${API}/trash`, () => errorResponse('database_unavailable', { shape: 'file' }))],
  /** A replacement never finishes: its progress stays on screen. */
  slowReplace: () => [http.put(`${API}/:id/content`, () => delay('infinite'))],
  /** A file's versions never come (the dialog's loading state). */
  versionsLoading: () => [http.get(`${API}/:id/versions`, () => delay('infinite'))],
  /** A file's usage never comes (the dialog's loading state). */
  usageLoading: () => [http.get(`${API}/:id/usage`, () => delay('infinite'))],
  /** A file's usage cannot be read (503, in the file routes' shape). */
  usageFailing: () => [http.get(`${API}/:id/usage`, () => errorResponse('database_unavailable', { shape: 'file' }))],
  /** A file's details are never saved (the dialog waits). */
  slowDetails: () => [http.patch(`${API}/:id`, () => delay('infinite'))],
  /** A file's details cannot be saved: the database is down (503, in the file routes' shape). */
  detailsFailing: () => [http.patch(`${API}/:id`, () => errorResponse('database_unavailable', { shape: 'file' }))],
  /** A file's versions cannot be read (503, in the file routes' shape). */
  versionsFailing: () => [http.get(`${API}/:id/versions`, () => errorResponse('database_unavailable', { shape: 'file' }))],
};

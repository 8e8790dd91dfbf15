/** MSW handlers for the files API, built from the shared contract. */
import { delay, http, HttpResponse } from 'msw';
import {
  fileBulkRequestSchema,
  folderCreateSchema,
  folderMessages,
  folderUpdateSchema,
  MAX_FOLDER_DEPTH,
  ROOT_FOLDER,
  type Folder,
  type FolderDetail,
  type FolderResult,
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
import { files as sampleFiles, filesInFolders, makeFile, manyFiles, sampleFolders, STORY_ADMIN, tinyPngDataUrl, versionOf } from '../fixtures';
import { errorResponse } from './errors';
import { UPLOAD_METADATA } from '../../src/contract/uploads';

const API = '*/api/files';
const UPLOADS = '*/api/uploads';
const ALLOWED = ['image/jpeg', 'image/png', 'image/gif', 'image/svg+xml', 'application/pdf'];
const FILE_ACTIONS = ['delete', 'restore', 'purge', 'move'];
const FOLDERS = '*/api/folders';

/** A validation refusal in the server's words: the first issue, and the field it is about. */
function invalid(error: { issues: { path: PropertyKey[]; message: string }[] }, shape?: 'file') {
  const issue = error.issues[0]!;
  const field = issue.path.map(String).join('.');
  return errorResponse('validation_failed', `Invalid body${field ? ` field "${field}"` : ''}: ${issue.message}`, shape ? { shape } : {});
}

function listResult(all: StoredFile[], url: URL): FileListResult {
  const folder = url.searchParams.get('folder');
  if (folder !== null) all = all.filter((f) => f.folderId === (folder === ROOT_FOLDER ? null : folder));
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
  /** The library's folders (their counts are worked out from the files). */
  initialFolders: Pick<Folder, 'id' | 'name' | 'parentId' | 'createdAt'>[] = [],
  {
    dropConnectionOnce = false,
    resumeHangs = false,
  }: {
    /** A resumable upload's first PATCH loses its connection after half its bytes reached the server (which keeps them). */
    dropConnectionOnce?: boolean;
    /** After that, asking the server how much it has never gets an answer (the upload stays resuming). */
    resumeHangs?: boolean;
  } = {},
) {
  const folders = new Map(initialFolders.map((folder) => [folder.id, { ...folder }]));
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
  /** An upload's bytes kept as the server keeps them: a new file into `folder`, or the one that has them. */
  const keep = async (file: File, folder: string | null): Promise<Response> => {
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
    if (folder && folder !== ROOT_FOLDER && !folders.has(folder)) return errorResponse('folder_target_not_found', { shape: 'file' });
    const stored = makeFile({
      id: `file_new_${next++}`,
      folderId: folder && folder !== ROOT_FOLDER ? folder : null,
      ...describe(file, at),
      url: file.type.startsWith('image/') ? tinyPngDataUrl : '/api/files/none/content',
      uploadedAt: at,
    });
    db.set(stored.id, { file: stored, sha256, versions: [] });
    return HttpResponse.json<UploadResult>({ success: true, file: stored, message: serverMessages.fileUploaded }, { status: 201 });
  };
  /** Resumable uploads (src/contract/uploads.ts): the tus calls, the bytes kept as they come. */
  const uploads = new Map<string, { size: number; name: string; type: string; folder: string | null; parts: ArrayBuffer[]; offset: number; dropped: boolean }>();
  const tusHeaders = (extra: Record<string, string> = {}) => ({ 'Tus-Resumable': '1.0.0', ...extra });
  const uploadGone = () => errorResponse('upload_not_found', { shape: 'file' });
  const uploadHandlers = () => [
    http.post(UPLOADS, ({ request }) => {
      const metadata = Object.fromEntries(
        (request.headers.get('upload-metadata') ?? '')
          .split(',')
          .filter(Boolean)
          .map((pair) => {
            const [key, value = ''] = pair.trim().split(' ');
            return [key, new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)))];
          }),
      );
      const size = Number(request.headers.get('upload-length'));
      if (size > MAX_UPLOAD_BYTES) return errorResponse('file_too_large', serverMessages.fileTooLarge, { shape: 'file' });
      const folder = metadata[UPLOAD_METADATA.folder] || null;
      if (folder && folder !== ROOT_FOLDER && !folders.has(folder)) return errorResponse('folder_target_not_found', { shape: 'file' });
      const id = `up_${next++}`;
      uploads.set(id, { size, name: metadata[UPLOAD_METADATA.name] ?? 'file', type: metadata[UPLOAD_METADATA.type] ?? '', folder, parts: [], offset: 0, dropped: false });
      return new HttpResponse(null, { status: 201, headers: tusHeaders({ Location: `/api/uploads/${id}` }) });
    }),
    http.head(`${UPLOADS}/:id`, async ({ params }) => {
      const upload = uploads.get(String(params.id));
      if (!upload) return new HttpResponse(null, { status: 404, headers: tusHeaders() });
      if (resumeHangs && upload.dropped) await delay('infinite');
      return new HttpResponse(null, { status: 200, headers: tusHeaders({ 'Upload-Offset': String(upload.offset), 'Upload-Length': String(upload.size), 'Cache-Control': 'no-store' }) });
    }),
    http.patch(`${UPLOADS}/:id`, async ({ params, request }) => {
      const upload = uploads.get(String(params.id));
      if (!upload) return uploadGone();
      if (Number(request.headers.get('upload-offset')) !== upload.offset) return new HttpResponse(null, { status: 409, headers: tusHeaders() });
      const bytes = await request.arrayBuffer();
      if (dropConnectionOnce && !upload.dropped) {
        // Half of what was sent reached the server, which keeps it; then the connection drops.
        upload.dropped = true;
        const half = Math.floor(bytes.byteLength / 2);
        upload.parts.push(bytes.slice(0, half));
        upload.offset += half;
        return HttpResponse.error();
      }
      upload.parts.push(bytes);
      upload.offset += bytes.byteLength;
      if (upload.offset < upload.size) return new HttpResponse(null, { status: 204, headers: tusHeaders({ 'Upload-Offset': String(upload.offset) }) });
      uploads.delete(String(params.id));
      const answer = await keep(new File(upload.parts, upload.name, { type: upload.type }), upload.folder);
      answer.headers.set('Upload-Offset', String(upload.offset));
      answer.headers.set('Tus-Resumable', '1.0.0');
      return answer;
    }),
    http.delete(`${UPLOADS}/:id`, ({ params }) => {
      uploads.delete(String(params.id));
      return new HttpResponse(null, { status: 204, headers: tusHeaders() });
    }),
  ];
  /** A folder as the API answers it: what it holds worked out from the files and folders. */
  const folderOf = (stored: Pick<Folder, 'id' | 'name' | 'parentId' | 'createdAt'>): Folder => ({
    ...stored,
    fileCount: live().filter((f) => f.folderId === stored.id).length,
    folderCount: [...folders.values()].filter((f) => f.parentId === stored.id).length,
  });
  const pathOf = (id: string | null) => {
    const path: { id: string; name: string }[] = [];
    for (let at = id ? folders.get(id) : undefined; at; at = at.parentId ? folders.get(at.parentId) : undefined) path.unshift({ id: at.id, name: at.name });
    return path;
  };
  const heightOf = (id: string): number => 1 + Math.max(0, ...[...folders.values()].filter((f) => f.parentId === id).map((f) => heightOf(f.id)));
  const nameTaken = (name: string, parentId: string | null, except?: string) => {
    const same = [...folders.values()].find((f) => f.parentId === parentId && f.name.toLowerCase() === name.toLowerCase() && f.id !== except);
    return same ? errorResponse('folder_name_taken', folderMessages.nameTaken(name, parentId ? folders.get(parentId)!.name : null)) : undefined;
  };
  const folderNotFound = () => errorResponse('not_found', folderMessages.notFound);
  /** The folder handlers: the server's rules (names, cycles, depth, what a deleted folder held), its words. */
  const folderHandlers = () => [
    http.get(FOLDERS, () =>
      HttpResponse.json({ data: [...folders.values()].map(folderOf).sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id)) }),
    ),
    http.get(`${FOLDERS}/:id`, ({ params }) => {
      const folder = folders.get(String(params.id));
      if (!folder) return folderNotFound();
      return HttpResponse.json<FolderDetail>({ folder: folderOf(folder), path: pathOf(folder.id) });
    }),
    http.post(FOLDERS, async ({ request }) => {
      const parsed = folderCreateSchema.safeParse(await request.json().catch(() => ({})));
      if (!parsed.success) return invalid(parsed.error);
      const parentId = parsed.data.parentId ?? null;
      if (parentId && !folders.has(parentId)) return errorResponse('folder_target_not_found');
      if (pathOf(parentId).length >= MAX_FOLDER_DEPTH) return errorResponse('folder_too_deep');
      const taken = nameTaken(parsed.data.name, parentId);
      if (taken) return taken;
      const folder = { id: `folder_new_${next++}`, name: parsed.data.name, parentId, createdAt: new Date().toISOString() };
      folders.set(folder.id, folder);
      return HttpResponse.json<FolderResult>({ success: true, folder: folderOf(folder), message: folderMessages.created }, { status: 201 });
    }),
    http.patch(`${FOLDERS}/:id`, async ({ params, request }) => {
      const folder = folders.get(String(params.id));
      if (!folder) return folderNotFound();
      const parsed = folderUpdateSchema.safeParse(await request.json().catch(() => ({})));
      if (!parsed.success) return invalid(parsed.error);
      const name = parsed.data.name ?? folder.name;
      const parentId = parsed.data.parentId === undefined ? folder.parentId : parsed.data.parentId;
      if (parentId && !folders.has(parentId)) return errorResponse('folder_target_not_found');
      if (parentId !== folder.parentId && parentId) {
        if (pathOf(parentId).some((step) => step.id === folder.id)) return errorResponse('folder_cycle');
        if (pathOf(parentId).length + heightOf(folder.id) > MAX_FOLDER_DEPTH) return errorResponse('folder_too_deep');
      }
      const taken = nameTaken(name, parentId, folder.id);
      if (taken) return taken;
      Object.assign(folder, { name, parentId });
      return HttpResponse.json<FolderResult>({ success: true, folder: folderOf(folder), message: folderMessages.saved });
    }),
    http.delete(`${FOLDERS}/:id`, ({ params, request }) => {
      const folder = folders.get(String(params.id));
      if (!folder) return folderNotFound();
      const { fileCount, folderCount } = folderOf(folder);
      const moveTo = new URL(request.url).searchParams.get('moveTo');
      if (fileCount + folderCount > 0 && moveTo === null) return errorResponse('folder_not_empty', folderMessages.notEmpty(fileCount, folderCount));
      const target = moveTo === null || moveTo === ROOT_FOLDER ? null : moveTo;
      if (target && !folders.has(target)) return errorResponse('folder_target_not_found');
      if (target && pathOf(target).some((step) => step.id === folder.id)) return errorResponse('folder_cycle');
      const children = [...folders.values()].filter((f) => f.parentId === folder.id);
      const clash = children.find((child) => nameTaken(child.name, target));
      if (clash) return nameTaken(clash.name, target)!;
      for (const entry of db.values()) if (entry.file.folderId === folder.id) entry.file = { ...entry.file, folderId: target };
      for (const child of children) child.parentId = target;
      folders.delete(folder.id);
      return HttpResponse.json<DeleteResult>({ success: true, message: folderMessages.deleted });
    }),
  ];
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
    ...folderHandlers(),
    http.get(API, ({ request }) => {
      const folder = new URL(request.url).searchParams.get('folder');
      if (folder && folder !== ROOT_FOLDER && !folders.has(folder)) return errorResponse('not_found', folderMessages.notFound, { shape: 'file' });
      return HttpResponse.json(listResult(live(), new URL(request.url)));
    }),
    http.post(API, async ({ request }) => {
      const file = await filePart(request);
      if (file instanceof Response) return file;
      return keep(file, new URL(request.url).searchParams.get('folder'));
    }),
    ...uploadHandlers(),
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
        return errorResponse('validation_failed', 'Invalid body field "action": Invalid option: expected one of "delete"|"restore"|"purge"|"move"', {
          shape: 'file',
        });
      }
      if (ids.length === 0) return errorResponse('validation_failed', 'Invalid body field "ids": Too small: expected array to have >=1 items', { shape: 'file' });
      if (ids.length > MAX_BULK_IDS) {
        return errorResponse('validation_failed', `Invalid body field "ids": ${serverMessages.fileBulkTooMany}`, { shape: 'file' });
      }
      const result: BulkResult = { changed: [], unchanged: [], refused: [] };
      const now = new Date().toISOString();
      if (body.action === 'move') {
        const parsed = fileBulkRequestSchema.safeParse(body);
        if (!parsed.success) return invalid(parsed.error, 'file');
        const folderId = parsed.data.folderId ?? null;
        if (folderId && !folders.has(folderId)) return errorResponse('folder_target_not_found', { shape: 'file' });
        for (const id of new Set(ids)) {
          const entry = liveEntry(id);
          if (!entry) result.refused.push({ id, code: 'not_found', message: serverMessages.fileNotFound });
          else if (entry.file.folderId === folderId) result.unchanged.push(id);
          else {
            entry.file = { ...entry.file, folderId };
            result.changed.push(id);
          }
        }
        return HttpResponse.json(result);
      }
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
      if (!parsed.success) return invalid(parsed.error, 'file');
      if (parsed.data.folderId && !folders.has(parsed.data.folderId)) return errorResponse('folder_target_not_found', { shape: 'file' });
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
  /** The sample library in the sample folders (Photos › 2026 and Events, Reports, Archive). */
  inFolders: (folders: Folder[] = sampleFolders, files: StoredFile[] = filesInFolders) => filesApi(files, [], {}, {}, folders),
  /** The folders never come (the bar's loading state). */
  foldersLoading: () => [http.get(FOLDERS, () => delay('infinite'))],
  /** The folders cannot be read: the database is down (503). */
  foldersFailing: () => [http.get(FOLDERS, () => errorResponse('database_unavailable'))],
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

/** MSW handlers for the files API, built from the shared contract. */
import { delay, http, HttpResponse } from 'msw';
import {
  MAX_UPLOAD_BYTES,
  serverMessages,
  type DeleteResult,
  type FileListResult,
  type StoredFile,
  type UploadResult,
} from '../../src/contract';
import { files as sampleFiles, makeFile, tinyPngDataUrl } from '../fixtures';
import { errorResponse } from './errors';

const API = '*/api/files';
const ALLOWED = ['image/jpeg', 'image/png', 'image/gif', 'image/svg+xml', 'application/pdf'];

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

/**
 * A working in-memory files API. Uploads are judged by the declared type here (the real
 * server judges bytes); the refusals carry the server's exact messages.
 */
export function filesApi(initial: StoredFile[] = sampleFiles) {
  const db = new Map(initial.map((f) => [f.id, structuredClone(f)]));
  let next = 100;
  return [
    http.get(`${API}/latest`, ({ request }) => {
      const count = Number(new URL(request.url).searchParams.get('count') ?? 10);
      const data = [...db.values()].sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt)).slice(0, count);
      return HttpResponse.json({ data });
    }),
    http.get(API, ({ request }) => HttpResponse.json(listResult([...db.values()], new URL(request.url)))),
    http.post(API, async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file');
      if (!(file instanceof File)) return errorResponse('missing_file', { shape: 'file' });
      if (!ALLOWED.includes(file.type)) return errorResponse('file_type_not_allowed', { shape: 'file' });
      if (file.size > MAX_UPLOAD_BYTES) return errorResponse('file_too_large', serverMessages.fileTooLarge, { shape: 'file' });
      const isImage = file.type.startsWith('image/');
      const stored = makeFile({
        id: `file_new_${next++}`,
        name: file.name,
        size: file.size,
        type: isImage ? 'image' : 'pdf',
        mimeType: file.type,
        url: isImage ? tinyPngDataUrl : '/api/files/none/content',
        thumbnailUrl: isImage ? tinyPngDataUrl : undefined,
        uploadedAt: new Date().toISOString(),
        lastModified: new Date().toISOString(),
      });
      db.set(stored.id, stored);
      return HttpResponse.json<UploadResult>(
        { success: true, file: stored, message: serverMessages.fileUploaded },
        { status: 201 },
      );
    }),
    http.delete(`${API}/:id`, ({ params }) => {
      const id = String(params.id);
      if (!db.delete(id)) return errorResponse('not_found', serverMessages.fileNotFound, { shape: 'file' });
      return HttpResponse.json<DeleteResult>({ success: true, message: serverMessages.fileDeleted });
    }),
  ];
}

/**
 * `count` files, newest first, named after their position (`file-00000.pdf`, `file-00001.png`,
 * …) so a name tells where it sits in the list; even positions are PDFs, odd ones images
 * without thumbnails (no network for 10,000 of them).
 */
export function manyFiles(count: number): StoredFile[] {
  const newest = Date.UTC(2026, 10, 20, 12);
  return Array.from({ length: count }, (_, i) => {
    const isPdf = i % 2 === 0;
    const at = new Date(newest - i * 60_000).toISOString();
    return makeFile({
      id: `file_many_${String(i).padStart(5, '0')}`,
      name: `file-${String(i).padStart(5, '0')}.${isPdf ? 'pdf' : 'png'}`,
      size: 1_000 + ((i * 7_919) % 5_000_000),
      type: isPdf ? 'pdf' : 'image',
      mimeType: isPdf ? 'application/pdf' : 'image/png',
      url: `/api/files/file_many_${i}/content`,
      uploadedAt: at,
      lastModified: at,
    });
  });
}

export const fileHandlers = {
  api: filesApi,
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
};

import { describe, expect, it } from 'vitest';
import type { FileListResult, StoredFile } from '../contract';
import { makeFile } from '../../stories/fixtures/files';
import { fileKeys, fileListQuery, selectLoadedFiles } from './files';

const file = (id: string): StoredFile =>
  makeFile({ id, name: `${id}.pdf`, size: 1, url: `/api/files/${id}/content`, uploadedAt: '2026-11-20T09:30:00.000Z', lastModified: '2026-11-20T09:30:00.000Z' });
const summary = { images: 0, pdfs: 3, totalBytes: 3 };
const page = (n: number, ids: string[], total = 120): FileListResult => ({
  data: ids.map(file),
  total,
  page: n,
  limit: 50,
  summary,
});

describe('file list pages', () => {
  it('asks for the next page number until the total is reached', () => {
    const { getNextPageParam } = fileListQuery({ type: 'all', search: '' });
    expect(getNextPageParam(page(1, []), [], 1, [])).toBe(2);
    expect(getNextPageParam(page(2, []), [], 2, [])).toBe(3);
    expect(getNextPageParam(page(3, []), [], 3, [])).toBeUndefined();
  });

  it('keys every filter under the lists that uploads and deletes invalidate', () => {
    expect(fileListQuery({ type: 'pdf', search: 'x' }).queryKey.slice(0, 2)).toEqual(fileKeys.lists());
  });

  it('joins the pages in order, keeps a file sent twice once, and keeps the total and summary', () => {
    // A file uploaded between two pages shifts page 2 by one: 'b' comes again.
    const loaded = selectLoadedFiles({ pages: [page(1, ['a', 'b']), page(2, ['b', 'c'])], pageParams: [1, 2] });
    expect(loaded.files.map((f) => f.id)).toEqual(['a', 'b', 'c']);
    expect(loaded.total).toBe(120);
    expect(loaded.summary).toEqual(summary);
  });
});

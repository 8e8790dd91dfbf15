// Folders of the file library: nested, renamed, moved, deleted with what they hold moved where
// the admin says; files listed by folder, moved one by one or several at once, uploaded into one.
// Each refusal is checked for its exact message and for changing nothing.
import { describe, expect, it } from 'vitest';
import {
  folderMessages,
  MAX_FOLDER_DEPTH,
  serverMessages,
  type Folder,
  type FolderDetail,
  type FileListResult,
} from '../../src/contract/index.ts';
import { backends, fixtures, multipartBody, auth, uploadOk, useHarness } from './helpers.ts';

describe.each(backends)('folders ($name)', (backend) => {
  const ctx = useHarness(backend);
  const { api } = ctx;

  const create = async (name: string, parentId?: string | null) => {
    const res = await api('POST', '/api/folders', { name, ...(parentId !== undefined ? { parentId } : {}) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ folder: Folder }>().folder;
  };
  const folders = async () => (await api('GET', '/api/folders')).json<{ data: Folder[] }>().data;
  /** The folders as `name<parent name` lines, sorted: what a refusal must leave as it was. */
  const tree = async () => {
    const all = await folders();
    const names = new Map(all.map((f) => [f.id, f.name]));
    return all.map((f) => `${f.name}<${f.parentId ? names.get(f.parentId) : ''}`).sort();
  };
  const refused = async (res: { statusCode: number; json: <T>() => T }, status: number, code: string, message: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json<{ code: string; message: string }>()).toMatchObject({ code, message });
  };
  const png = (seed: number) => fixtures.png(20 + seed, 20);
  const fileIn = async (name: string, seed: number, folderId?: string) => {
    const file = await uploadOk(ctx, name, await png(seed));
    if (folderId) expect((await api('PATCH', `/api/files/${file.id}`, { folderId })).statusCode).toBe(200);
    return file;
  };
  const listed = async (query: string) => {
    const res = await api('GET', `/api/files?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<FileListResult>();
    return { names: body.data.map((f) => f.name).sort(), total: body.total };
  };

  it('nests folders, says what each holds and its path, and lists a folder\'s files', async () => {
    const photos = await create('Photos');
    const year = await create('2026', photos.id);
    const a = await fileIn('a.png', 1, year.id);
    await fileIn('b.png', 2, year.id);
    await fileIn('c.png', 3);
    expect(a.folderId).toBeNull();
    const all = await folders();
    expect(all.map((f) => [f.name, f.parentId, f.fileCount, f.folderCount])).toEqual([
      ['2026', photos.id, 2, 0],
      ['Photos', null, 0, 1],
    ]);
    const detail = (await api('GET', `/api/folders/${year.id}`)).json<FolderDetail>();
    expect(detail.path).toEqual([
      { id: photos.id, name: 'Photos' },
      { id: year.id, name: '2026' },
    ]);
    expect(await listed(`folder=${year.id}`)).toEqual({ names: ['a.png', 'b.png'], total: 2 });
    expect(await listed('folder=root')).toEqual({ names: ['c.png'], total: 1 });
    expect(await listed(`folder=${photos.id}`)).toEqual({ names: [], total: 0 });
    // Without a folder, the whole library, as before.
    expect((await listed('')).total).toBe(3);
    expect((await listed(`folder=${year.id}&search=a`)).names).toEqual(['a.png']);
    const file = (await api('GET', `/api/files?folder=${year.id}&search=a`)).json<FileListResult>().data[0]!;
    expect(file.folderId).toBe(year.id);
  });

  it('uploads into a folder; the same bytes again stay where they are', async () => {
    const docs = await create('Docs');
    const body = multipartBody([{ name: 'file', filename: 'in.png', contentType: 'image/png', data: await png(4) }]);
    const res = await ctx.h.app.inject({ method: 'POST', url: `/api/files?folder=${docs.id}`, payload: body.payload, headers: { ...body.headers, ...auth(ctx.token) } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ file: { folderId: string } }>().file.folderId).toBe(docs.id);
    const again = await ctx.h.app.inject({ method: 'POST', url: '/api/files?folder=root', payload: body.payload, headers: { ...body.headers, ...auth(ctx.token) } });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ file: { folderId: string } }>().file.folderId).toBe(docs.id);
    // Into a folder that is not there: refused before anything is stored.
    const other = multipartBody([{ name: 'file', filename: 'x.png', contentType: 'image/png', data: await png(5) }]);
    const gone = await ctx.h.app.inject({
      method: 'POST',
      url: `/api/files?folder=${'0'.repeat(26)}`,
      payload: other.payload,
      headers: { ...other.headers, ...auth(ctx.token) },
    });
    await refused(gone, 422, 'folder_target_not_found', folderMessages.targetNotFound);
    expect((await listed('')).total).toBe(1);
  });

  it('renames and moves a folder, and refuses a taken name, a folder inside itself, one too deep', async () => {
    const a = await create('A');
    const b = await create('B');
    const inner = await create('Inner', a.id);
    const res = await api('PATCH', `/api/folders/${inner.id}`, { name: 'Kept', parentId: b.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: folderMessages.saved, folder: { name: 'Kept', parentId: b.id } });
    const before = await tree();
    expect(before).toEqual(['A<', 'B<', 'Kept<B']);

    await refused(await api('POST', '/api/folders', { name: 'kept', parentId: b.id }), 409, 'folder_name_taken', folderMessages.nameTaken('kept', 'B'));
    await refused(await api('POST', '/api/folders', { name: 'a' }), 409, 'folder_name_taken', folderMessages.nameTaken('a', null));
    await refused(await api('PATCH', `/api/folders/${a.id}`, { name: 'b' }), 409, 'folder_name_taken', folderMessages.nameTaken('b', null));
    await refused(await api('PATCH', `/api/folders/${b.id}`, { parentId: b.id }), 422, 'folder_cycle', folderMessages.cycle);
    const kept = (await folders()).find((f) => f.name === 'Kept')!;
    await refused(await api('PATCH', `/api/folders/${b.id}`, { parentId: kept.id }), 422, 'folder_cycle', folderMessages.cycle);
    await refused(await api('PATCH', `/api/folders/${a.id}`, { parentId: '0'.repeat(26) }), 422, 'folder_target_not_found', folderMessages.targetNotFound);
    expect(await tree()).toEqual(before);

    // MAX_FOLDER_DEPTH deep and no deeper, whether made there or moved there.
    let parent = a.id;
    for (let depth = 2; depth <= MAX_FOLDER_DEPTH; depth++) parent = (await create(`Level ${depth}`, parent)).id;
    await refused(await api('POST', '/api/folders', { name: 'Too deep', parentId: parent }), 422, 'folder_too_deep', folderMessages.tooDeep);
    await refused(await api('PATCH', `/api/folders/${b.id}`, { parentId: parent }), 422, 'folder_too_deep', folderMessages.tooDeep);
    expect((await folders()).length).toBe(MAX_FOLDER_DEPTH + 2);
    const deepest = (await api('GET', `/api/folders/${parent}`)).json<FolderDetail>();
    expect(deepest.path.map((p) => p.name)).toEqual(['A', ...Array.from({ length: MAX_FOLDER_DEPTH - 1 }, (_, i) => `Level ${i + 2}`)]);
  });

  it('refuses bad names and bodies with the exact message, changing nothing', async () => {
    await create('Only');
    const before = await tree();
    const invalid = async (body: unknown, message: string, url = '/api/folders', method: 'POST' | 'PATCH' = 'POST') => {
      const res = await api(method, url, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ code: string; message: string }>().message).toContain(message);
    };
    await invalid({ name: '   ' }, folderMessages.nameEmpty);
    await invalid({ name: 'x'.repeat(101) }, folderMessages.nameTooLong);
    await invalid({ name: 'a/b' }, folderMessages.nameInvalid);
    await invalid({ name: 'a\\b' }, folderMessages.nameInvalid);
    await invalid({ name: 'tab\there' }, folderMessages.nameInvalid);
    await invalid({ name: 'ok', color: 'red' }, 'color');
    const only = (await folders())[0]!;
    await invalid({}, folderMessages.updateEmpty, `/api/folders/${only.id}`, 'PATCH');
    expect(await tree()).toEqual(before);
    // Names are trimmed.
    expect((await create('  Spaced  ')).name).toBe('Spaced');
    // Unknown folders: 404 with the folder's own word.
    for (const [method, url] of [
      ['GET', '/api/folders/nope'],
      ['GET', `/api/folders/${'0'.repeat(26)}`],
      ['PATCH', `/api/folders/${'0'.repeat(26)}`],
      ['DELETE', `/api/folders/${'0'.repeat(26)}`],
      ['GET', `/api/files?folder=${'0'.repeat(26)}`],
    ] as const) {
      const res = await api(method, url, method === 'PATCH' ? { name: 'x' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json<{ message: string }>().message).toBe(folderMessages.notFound);
    }
  });

  it('deletes an empty folder; one that holds files asks where they go, then moves them there', async () => {
    const empty = await create('Empty');
    const del = await api('DELETE', `/api/folders/${empty.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: folderMessages.deleted });

    const full = await create('Full');
    const sub = await create('Sub', full.id);
    const target = await create('Target');
    await create('Sub', target.id);
    await fileIn('one.png', 1, full.id);
    await fileIn('two.png', 2, full.id);
    const trashed = await fileIn('three.png', 3, full.id);
    expect((await api('DELETE', `/api/files/${trashed.id}`)).statusCode).toBe(200);
    const before = await tree();

    await refused(await api('DELETE', `/api/folders/${full.id}`), 409, 'folder_not_empty', folderMessages.notEmpty(2, 1));
    await refused(await api('DELETE', `/api/folders/${full.id}?moveTo=${sub.id}`), 422, 'folder_cycle', folderMessages.cycle);
    await refused(await api('DELETE', `/api/folders/${full.id}?moveTo=${full.id}`), 422, 'folder_cycle', folderMessages.cycle);
    // Target holds a folder named Sub already.
    await refused(await api('DELETE', `/api/folders/${full.id}?moveTo=${target.id}`), 409, 'folder_name_taken', folderMessages.nameTaken('Sub', 'Target'));
    await refused(await api('DELETE', `/api/folders/${full.id}?moveTo=${'0'.repeat(26)}`), 422, 'folder_target_not_found', folderMessages.targetNotFound);
    expect(await tree()).toEqual(before);
    expect((await listed(`folder=${full.id}`)).total).toBe(2);

    const moved = await api('DELETE', `/api/folders/${full.id}?moveTo=root`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await tree()).toEqual(['Sub<', 'Sub<Target', 'Target<']);
    expect(await listed('folder=root')).toEqual({ names: ['one.png', 'two.png'], total: 2 });
    // The file in the trash comes back at the top.
    const restored = await api('POST', `/api/files/${trashed.id}/restore`);
    expect(restored.json<{ file: { folderId: string | null } }>().file.folderId).toBeNull();
    const activity = (await api('GET', '/api/activity?limit=50')).json<{ data: { kind: string; message: string }[] }>().data;
    expect(activity.map((a) => a.message)).toContain('Folder "Full" deleted; what it held moved to the top of the library');
    expect(activity.filter((a) => a.kind === 'folder.created')).toHaveLength(5);
  });

  it('moves files one by one and several at once; refuses unknown folders and files, changing nothing', async () => {
    const box = await create('Box');
    const one = await fileIn('one.png', 1);
    const two = await fileIn('two.png', 2);
    const gone = await fileIn('gone.png', 3);
    expect((await api('DELETE', `/api/files/${gone.id}`)).statusCode).toBe(200);

    const single = await api('PATCH', `/api/files/${one.id}`, { folderId: box.id, alt: 'One' });
    expect(single.statusCode, single.body).toBe(200);
    expect(single.json()).toMatchObject({ file: { folderId: box.id, alt: 'One' }, message: serverMessages.fileDetailsSaved });

    const bulk = await api('POST', '/api/files/bulk', { action: 'move', ids: [one.id, two.id, gone.id, 'unknown'], folderId: box.id });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({
      changed: [two.id],
      unchanged: [one.id],
      refused: [
        { id: gone.id, code: 'not_found', message: serverMessages.fileNotFound },
        { id: 'unknown', code: 'not_found', message: serverMessages.fileNotFound },
      ],
    });
    expect(await listed(`folder=${box.id}`)).toEqual({ names: ['one.png', 'two.png'], total: 2 });
    expect((await folders())[0]!.fileCount).toBe(2);

    await refused(await api('PATCH', `/api/files/${one.id}`, { folderId: '0'.repeat(26), alt: 'Changed' }), 422, 'folder_target_not_found', folderMessages.targetNotFound);
    await refused(await api('POST', '/api/files/bulk', { action: 'move', ids: [two.id], folderId: 'nope' }), 422, 'folder_target_not_found', folderMessages.targetNotFound);
    const noFolder = await api('POST', '/api/files/bulk', { action: 'move', ids: [two.id] });
    expect(noFolder.statusCode).toBe(400);
    expect(noFolder.json<{ message: string }>().message).toContain(folderMessages.moveNeedsFolder);
    const after = (await api('GET', `/api/files?folder=${box.id}`)).json<FileListResult>().data;
    expect(after.map((f) => [f.name, f.alt]).sort()).toEqual([
      ['one.png', 'One'],
      ['two.png', ''],
    ]);

    // Out of every folder.
    const out = await api('POST', '/api/files/bulk', { action: 'move', ids: [one.id, two.id], folderId: null });
    expect(out.json<{ changed: string[] }>().changed.sort()).toEqual([one.id, two.id].sort());
    expect((await listed('folder=root')).total).toBe(2);
    const activity = (await api('GET', '/api/activity?limit=50')).json<{ data: { kind: string; message: string }[] }>().data;
    expect(activity.filter((a) => a.kind === 'file.moved').map((a) => a.message)).toContain('File "two.png" moved into "Box"');
  });
});

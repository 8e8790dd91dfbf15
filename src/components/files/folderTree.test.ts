import { describe, expect, it } from 'vitest';
import type { Folder } from '../../contract';
import { childrenOf, folderChoices, folderPathOf } from './folderTree';

const folder = (id: string, name: string, parentId: string | null = null): Folder => ({
  id,
  name,
  parentId,
  fileCount: 0,
  folderCount: 0,
  createdAt: '2026-06-15T10:00:00.000Z',
});
const folders = [folder('p', 'Photos'), folder('y', '2026', 'p'), folder('m', 'May', 'y'), folder('a', 'archive'), folder('r', 'Reports')];

describe('the folders as a tree', () => {
  it('lists a folder\'s children by name, whatever the case', () => {
    expect(childrenOf(folders, null).map((f) => f.name)).toEqual(['archive', 'Photos', 'Reports']);
    expect(childrenOf(folders, 'p').map((f) => f.name)).toEqual(['2026']);
  });

  it('gives a folder\'s path from the top, and none for the top or an unknown id', () => {
    expect(folderPathOf(folders, 'm').map((f) => f.name)).toEqual(['Photos', '2026', 'May']);
    expect(folderPathOf(folders, null)).toEqual([]);
    expect(folderPathOf(folders, 'gone')).toEqual([]);
  });

  it('offers every folder in tree order, indented, without the one excluded and what it holds', () => {
    expect(folderChoices(folders).map((c) => [c.folder.name, c.depth])).toEqual([
      ['archive', 0],
      ['Photos', 0],
      ['2026', 1],
      ['May', 2],
      ['Reports', 0],
    ]);
    expect(folderChoices(folders)[3]!.label).toBe('\u00a0\u00a0\u00a0\u00a0└ May');
    expect(folderChoices(folders, 'y').map((c) => c.folder.name)).toEqual(['archive', 'Photos', 'Reports']);
  });

  it('stops at a loop rather than running forever', () => {
    const looped = [folder('x', 'X', 'z'), folder('z', 'Z', 'x')];
    expect(folderPathOf(looped, 'x').map((f) => f.name)).toEqual(['Z', 'X']);
  });
});

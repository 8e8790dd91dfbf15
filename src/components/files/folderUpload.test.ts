import { describe, expect, it } from 'vitest';
import { filesOfChosenFolder, filesOfEntries, folderPathsOf } from './folderUpload';

const file = (name: string) => new File([name], name, { type: 'image/png' });
const fileEntry = (name: string) => ({ isFile: true, isDirectory: false, name, file: (ok: (f: File) => void) => ok(file(name)) });
/** A folder whose reader answers in batches of two, as a browser's does in batches of 100. */
const folderEntry = (name: string, children: unknown[]) => ({
  isFile: false,
  isDirectory: true,
  name,
  createReader: () => {
    let at = 0;
    return {
      readEntries: (ok: (entries: never[]) => void) => {
        ok(children.slice(at, at + 2) as never[]);
        at += 2;
      },
    };
  },
});

describe('a folder upload', () => {
  it('reads every file of a dropped folder, in every batch of its reader, with the folders it sits in', async () => {
    const dropped = [
      folderEntry('Holiday', [fileEntry('a.png'), fileEntry('b.png'), folderEntry('Day 1', [fileEntry('c.png')]), fileEntry('d.png')]),
      fileEntry('loose.png'),
    ];
    const found = await filesOfEntries(dropped);
    expect(found.map(({ file: f, folders }) => [f.name, folders.join('/')])).toEqual([
      ['a.png', 'Holiday'],
      ['b.png', 'Holiday'],
      ['c.png', 'Holiday/Day 1'],
      ['d.png', 'Holiday'],
      ['loose.png', ''],
    ]);
    expect(folderPathsOf(found)).toEqual([['Holiday'], ['Holiday', 'Day 1']]);
  });

  it('reads a chosen folder\'s files from their relative paths', () => {
    const chosen = ['Holiday/a.png', 'Holiday/Day 2/b.png'].map((path) => Object.defineProperty(file(path.split('/').pop()!), 'webkitRelativePath', { value: path }));
    const found = filesOfChosenFolder(chosen);
    expect(found.map((f) => f.folders)).toEqual([['Holiday'], ['Holiday', 'Day 2']]);
    expect(folderPathsOf(found)).toEqual([['Holiday'], ['Holiday', 'Day 2']]);
  });
});

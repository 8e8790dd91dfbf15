/**
 * Folders of the file library: their limits and the server's words about them. Needs no zod
 * (the schemas are `./folders`'); re-exported by `./index`.
 */

/** Folders go at most this many deep (a folder at the top is 1 deep). */
export const MAX_FOLDER_DEPTH = 10;
/** How many folders the library holds at most. */
export const MAX_FOLDERS = 1_000;
export const FOLDER_NAME_MAX = 100;

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

export const folderMessages = {
  notFound: 'Folder not found',
  targetNotFound: 'The folder to move to does not exist (it may have just been deleted).',
  nameEmpty: 'Enter a folder name.',
  nameTooLong: `A folder name can be at most ${FOLDER_NAME_MAX} characters.`,
  nameInvalid: 'A folder name cannot hold a slash (/ or \\) or a control character.',
  /** 409 `folder_name_taken`: in the folder it would go in, or at the top. */
  nameTaken: (name: string, parent: string | null) =>
    `A folder named "${name}" is already ${parent === null ? 'at the top of the library' : `in "${parent}"`}.`,
  cycle: 'A folder cannot go inside itself or inside a folder it holds.',
  tooDeep: `Folders go at most ${MAX_FOLDER_DEPTH} deep.`,
  tooMany: `The library holds ${MAX_FOLDERS.toLocaleString('en-US')} folders, the most it can: delete some first.`,
  updateEmpty: 'Send a name or a parentId.',
  /** 409 `folder_not_empty`: a folder deleted without saying where what it holds goes. */
  notEmpty: (files: number, folders: number) =>
    `This folder holds ${[files ? plural(files, 'file') : '', folders ? plural(folders, 'folder') : ''].filter(Boolean).join(' and ')}: say where ${files + folders === 1 ? 'it goes' : 'they go'} (moveTo).`,
  moveNeedsFolder: 'Moving files needs folderId (null: out of every folder).',
  created: 'Folder created',
  saved: 'Folder saved',
  deleted: 'Folder deleted',
} as const;

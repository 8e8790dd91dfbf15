import { serverMessages, TRASH_RETENTION_DAYS } from '../contract';

const files = (n: number) => (n === 1 ? '1 file' : `${n.toLocaleString('en-US')} files`);

/**
 * Texts of the file manager beyond docs/product.md's 'File manager' (src/lib/texts.ts `files`): the selection and its
 * bulk Delete, the trash, Replace… and Copy link. A module of its own, imported by that (lazy)
 * screen only.
 */
export const fileExtraTexts = {
  // Folders uploaded, and uploads waiting or resuming.
  chooseFolder: 'Choose a Folder',
  chooseFolderInput: 'Folder to upload',
  /** Where a file of an uploaded folder goes, below the folder shown. */
  intoFolder: (path: string) => `into ${path}`,
  waiting: 'Waiting for its turn…',
  /** A large upload whose connection dropped: it goes on from what the server has after a wait. */
  resuming: (attempt: number) => `Connection lost: going on from what the server has (try ${attempt})…`,
  folderUploadFailed: (message: string) => `The folders for this upload could not be made, so nothing was uploaded: ${message}`,
  // The selection and its bar.
  select: (name: string) => `Select ${name}`,
  selectAll: 'Select all on this page',
  barLabel: 'Bulk actions',
  selected: (n: number) => `${n.toLocaleString('en-US')} selected`,
  delete: 'Delete',
  clear: 'Clear selection',
  /** The server's own words when it refuses more than MAX_BULK_IDS ids. */
  tooMany: serverMessages.fileBulkTooMany,
  /** The confirmation for one file of docs/product.md, 'Validation' ('Are you sure you want to delete this file?'), pluralised. */
  confirmDeleteMany: (n: number) =>
    n === 1 ? 'Are you sure you want to delete this file?' : `Are you sure you want to delete these ${n.toLocaleString('en-US')} files?`,
  // What a delete's toast says, and its Undo.
  deleted: 'File deleted',
  movedToTrash: (n: number) => `${files(n)} moved to the trash`,
  alreadyInTrash: (n: number) => `${n.toLocaleString('en-US')} already in the trash`,
  alreadyOut: (n: number) => `${n.toLocaleString('en-US')} already out of the trash`,
  refused: (n: number, message: string) => `${n.toLocaleString('en-US')} could not be changed: ${message}`,
  bulkFailed: 'The bulk action failed',
  /** Asked again when published articles show some of the files a bulk delete was refused: the server's words for one. */
  confirmDeleteInUse: (n: number, first: string) =>
    n === 1 ? first : `${files(n)} of the selection are shown by published articles (the first: ${first}) Delete all ${files(n)} anyway?`,
  undo: 'Undo',
  restoredMany: (n: number) => `${files(n)} restored`,
  restoreFailed: 'Could not restore the files',
  deleteFailed: 'Could not delete the file',
  // The tabs.
  tabsLabel: 'Files or trash',
  filesTab: 'Files',
  trashTab: 'Trash',
  // The trash.
  trashListLabel: 'Deleted files',
  trashLoading: 'Loading the trash...',
  trashErrorTitle: 'Error Loading the Trash',
  trashErrorFallback: 'Failed to fetch the trash',
  trashEmptyTitle: 'The trash is empty',
  trashEmptyBody: `Deleted files stay here for ${TRASH_RETENTION_DAYS} days.`,
  deletedOn: (date: string) => `Deleted ${date}`,
  restore: 'Restore',
  restoring: 'Restoring...',
  restored: 'File restored',
  deleteForever: 'Delete forever',
  confirmDeleteForever: 'This file will be deleted for good. Its link stops working. This cannot be undone.',
  purged: 'File deleted forever',
  // Replace… and Copy link (the file's menu).
  replace: 'Replace…',
  replaceInput: (name: string) => `Replacement for ${name}`,
  replacing: (name: string) => `Replacing ${name}...`,
  replaceProgress: (percent: number) => `${percent}% sent`,
  replaced: (name: string) => `${name} replaced`,
  replaceFailed: 'The file was not replaced',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  copyRefused: 'Could not copy the link',
  copyRefusedHelp: (url: string) => `The browser did not allow access to the clipboard. Copy the link yourself: ${url}`,
  // A duplicate upload (the message itself is the server's).
  showFile: 'Show file',
  showFileOf: (name: string) => `Show file ${name}`,
} as const;

/** The file's Details… dialog: what it says about itself (alt text, caption, credit, focal point). */
export const fileDetailsTexts = {
  menuItem: 'Details…',
  title: (name: string) => `Details of ${name}`,
  intro: 'What you write here goes with the file into every article that shows it.',
  alt: 'Alt text',
  altHelp: 'What the image shows, for people who cannot see it.',
  noAlt: 'No alt text yet: articles that show this image will be flagged until it has some.',
  caption: 'Caption',
  credit: 'Credit',
  count: (n: number, max: number) => `${n.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}`,
  altTooLong: serverMessages.fileAltTooLong,
  captionTooLong: serverMessages.fileCaptionTooLong,
  creditTooLong: serverMessages.fileCreditTooLong,
  focalPoint: 'Focal point',
  focalHelp: 'Click the subject in the picture, or give it in percent: crops of the image keep it in frame.',
  focalPicture: 'Picture: click to set the focal point',
  /** The 640-pixel picture could not be made (derivative_failed): the stored image is shown instead. */
  pictureAsStored: 'A smaller copy of this image could not be made, so it is shown as stored (its pages keep working with it).',
  across: 'Across (%)',
  down: 'Down (%)',
  middle: 'Use the middle',
  focalAt: (x: number, y: number) => `Focal point at ${Math.round(x * 100)}% across, ${Math.round(y * 100)}% down`,
  focalMiddle: 'Focal point: the middle (none set)',
  focalOutside: serverMessages.focalPointOutside,
  save: 'Save details',
  saving: 'Saving...',
  saved: serverMessages.fileDetailsSaved,
  cancel: 'Cancel',
  close: 'Close',
  saveFailed: 'Could not save the details',
  unchanged: 'Nothing changed yet.',
};

/** Where a file is used, in its Details… dialog. */
export const fileUsageTexts = {
  title: 'Used in',
  loading: 'Looking for the articles that use it...',
  failed: 'Could not tell where it is used',
  none: 'No article uses this file.',
  untitled: 'Untitled article',
  published: 'Published',
  draft: 'Draft',
  inTrash: 'In the trash',
  place: { body: 'in its text', social: 'as its social image' } as const,
  more: (n: number) => `and ${n.toLocaleString('en-US')} more`,
  publishedWarning: 'Deleting this file breaks the images of the published articles above.',
};

/** Folders of the library: the bar above the files, and the dialogs that make, rename, delete and move. */
export const folderTexts = {
  nav: 'Folders',
  allFiles: 'All files',
  newFolder: 'New folder',
  folderActions: (name: string) => `Actions for folder ${name}`,
  holds: (files: number, folders: number) =>
    [`${files.toLocaleString('en-US')} file${files === 1 ? '' : 's'}`, folders ? `${folders.toLocaleString('en-US')} folder${folders === 1 ? '' : 's'}` : '']
      .filter(Boolean)
      .join(' · '),
  loading: 'Loading folders',
  loadFailed: (message: string) => `Folders could not be loaded: ${message}`,
  noSubfolders: 'No folders here.',
  dropHint: 'Drag files onto a folder to move them there.',
  emptyFolder: 'This folder is empty: upload files here, or drag files onto it from All files.',
  rename: 'Rename…',
  delete: 'Delete…',
  // The name dialog.
  createTitle: (parent: string | null) => (parent ? `New folder in ${parent}` : 'New folder'),
  renameTitle: (name: string) => `Rename ${name}`,
  name: 'Name',
  nameHelp: 'Up to 100 characters, without a slash.',
  create: 'Create folder',
  save: 'Save name',
  saving: 'Saving...',
  cancel: 'Cancel',
  created: (name: string) => `Folder "${name}" created`,
  renamed: (name: string) => `Folder renamed "${name}"`,
  // The delete dialog.
  deleteTitle: (name: string) => `Delete ${name}`,
  deleteEmpty: 'It holds nothing. Files in the trash that were in it come back at the top of the library.',
  deleteHolds: (files: number, folders: number) => `It holds ${folderTexts.holds(files, folders)}. Where should they go?`,
  moveWhatItHolds: 'Move what it holds to',
  deleteConfirm: 'Delete folder',
  deleting: 'Deleting...',
  deleted: (name: string) => `Folder "${name}" deleted`,
  // Where things go.
  top: 'No folder (the top of the library)',
  topShort: 'All files',
  // The move dialog.
  moveItem: 'Move to…',
  moveTitle: (count: number, name?: string) => (count === 1 && name ? `Move ${name}` : `Move ${count.toLocaleString('en-US')} files`),
  moveTo: 'Folder',
  moveConfirm: 'Move',
  moving: 'Moving...',
  moved: (count: number, where: string) => `${count === 1 ? '1 file' : `${count.toLocaleString('en-US')} files`} moved to ${where}`,
  movedNone: 'Already there: nothing moved.',
  moveRefused: (count: number) => `${count.toLocaleString('en-US')} could not be moved (deleted meanwhile).`,
};

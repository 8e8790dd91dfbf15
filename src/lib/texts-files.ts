import { serverMessages, TRASH_RETENTION_DAYS } from '../contract';

const files = (n: number) => (n === 1 ? '1 file' : `${n.toLocaleString('en-US')} files`);

/**
 * Texts of the file manager beyond docs/product.md's 'File manager' (src/lib/texts.ts `files`): the selection and its
 * bulk Delete, the trash, Replace… and Copy link. A module of its own, imported by that (lazy)
 * screen only.
 */
export const fileExtraTexts = {
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

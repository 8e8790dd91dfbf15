/**
 * The file library's use cases: what the routes, the scraper's image import and the hourly
 * sweeps call. Each owns its transaction and ends with the commit step (./commit.ts): activity
 * entries and webhook events.
 */
export { displayName, fileTooLarge, replaceFile, replaceUpload, restoreFileVersion, storeFile, uploadFile, type LibraryContext, type Stored } from './library.ts';
export { bulkFiles, fileNotFound, moveFileToTrash, purgeFileForGood, restoreFileFromTrash, sweepFileTrash, type OnLeftover } from './trash.ts';
export { listFileVersions, pruneFileVersions, readFileVersion } from './versions.ts';
export { fileExists, findFile, listFiles, listFileTrash, readLatestFiles } from './read.ts';
export { updateFile } from './details.ts';
export { chosenFormat, isResizable, readDerivative, FORMAT_TYPES } from './derivatives.ts';
export { libraryImageIds, responsiveImages } from './responsive.ts';
export { ResumableUploads } from './resumable.ts';
export { fileUsageOf } from './usage.ts';
export { createFolder, deleteFolder, folderFilter, getFolder, listFolders, moveFiles, updateFolder } from './folders.ts';

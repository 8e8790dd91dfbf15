import { Box, Button, HStack, Icon, List, Progress, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId, useImperativeHandle, useRef, type ChangeEvent, type KeyboardEvent, type Ref } from 'react';
import { LuCircleCheck, LuCloudUpload, LuCopy } from 'react-icons/lu';
import { ACCEPTED_UPLOAD_TYPES, type StoredFile } from '../../contract';
import { texts } from '../../lib/texts';
import { fileExtraTexts } from '../../lib/texts-files';
import type { UploadItem } from '../../lib/uploads';
import { filesOfChosenFolder, type FolderFile } from './folderUpload';
import { useFileDrop } from './useFileDrop';

export type { UploadItem, UploadStatus } from '../../lib/uploads';

/** Lets the page's Upload Files button open the same hidden chooser. */
export interface DropZoneHandle {
  openChooser: () => void;
}

export interface DropZoneProps {
  /** Called with the files dropped on the zone or picked in the chooser. */
  onFiles: (files: File[]) => void;
  /**
   * Called with the files of a folder dropped on the zone or chosen with Choose a Folder, each
   * with the folders it sits in; absent, folders are not offered (a drop gives its loose files).
   */
  onFolder?: (files: FolderFile[]) => void;
  uploads?: UploadItem[];
  /** 'Show file' beside a duplicate upload: points out the file that already had its bytes. */
  onShowFile?: (file: StoredFile) => void;
  ref?: Ref<DropZoneHandle>;
}

/**
 * The upload area: drop files on it, click it (or press Enter/Space on it), or use Choose
 * Files. All three paths end in `onFiles`; the route decides how to upload.
 */
export function DropZone({ onFiles, onFolder, uploads = [], onShowFile, ref }: DropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const hintId = useId();
  const { isDragging, handlers } = useFileDrop(onFiles, onFolder);

  const openChooser = () => inputRef.current?.click();
  useImperativeHandle(ref, () => ({ openChooser }), []);

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Reset so that choosing the same file again still fires a change.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };

  const onFolderChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length > 0) onFolder?.(filesOfChosenFolder(files));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys on the inner button are the button's own business.
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openChooser();
    }
  };

  return (
    <Stack gap="4">
      <Box
        role="group"
        aria-labelledby={titleId}
        aria-describedby={hintId}
        tabIndex={0}
        data-dragging={isDragging || undefined}
        onClick={openChooser}
        onKeyDown={onKeyDown}
        {...handlers}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={isDragging ? 'border.dropzoneActive' : 'border.dropzone'}
        bg={isDragging ? 'bg.dropzoneActive' : 'bg.dropzone'}
        transform={isDragging ? 'scale(1.01)' : undefined}
        transition="transform 0.15s ease-out, background-color 0.15s, border-color 0.15s"
        _motionReduce={{ transition: 'none', transform: 'none' }}
        rounded="lg"
        p={{ base: '6', md: '10' }}
        textAlign="center"
        cursor="pointer"
        _hover={{ borderColor: 'border.dropzoneActive' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
      >
        <Stack align="center" gap="3">
          <Icon as={LuCloudUpload} boxSize="10" color={isDragging ? 'border.dropzoneActive' : 'fg.muted'} aria-hidden />
          <Text id={titleId} fontWeight="semibold" fontSize="lg">
            {texts.files.dropTitle}
          </Text>
          <Text id={hintId} color="fg.muted" fontSize="sm">
            {texts.files.dropHint}
          </Text>
          <HStack gap="3" wrap="wrap" justify="center">
            <Button
              variant="outline"
              onClick={(event) => {
                event.stopPropagation();
                openChooser();
              }}
            >
              {texts.files.chooseFiles}
            </Button>
            {onFolder ? (
              <Button
                variant="outline"
                onClick={(event) => {
                  event.stopPropagation();
                  folderRef.current?.click();
                }}
              >
                {fileExtraTexts.chooseFolder}
              </Button>
            ) : null}
          </HStack>
        </Stack>
        <VisuallyHidden asChild>
          <input
            ref={inputRef}
            type="file"
            multiple
            accept={ACCEPTED_UPLOAD_TYPES}
            aria-label={texts.files.chooseFilesInput}
            tabIndex={-1}
            onChange={onInputChange}
            onClick={(event) => event.stopPropagation()}
          />
        </VisuallyHidden>
        {onFolder ? (
          <VisuallyHidden asChild>
            {/* The browser's folder picker: every file inside, each with its relative path. */}
            <input
              ref={folderRef}
              type="file"
              multiple
              {...{ webkitdirectory: '' }}
              aria-label={fileExtraTexts.chooseFolderInput}
              tabIndex={-1}
              onChange={onFolderChange}
              onClick={(event) => event.stopPropagation()}
            />
          </VisuallyHidden>
        ) : null}
      </Box>
      {uploads.length > 0 && <UploadList uploads={uploads} onShowFile={onShowFile} />}
    </Stack>
  );
}

function UploadList({ uploads, onShowFile }: { uploads: UploadItem[]; onShowFile?: (file: StoredFile) => void }) {
  return (
    <List.Root variant="plain" gap="3">
      {uploads.map((upload) => (
        <List.Item key={upload.id} display="block" data-status={upload.status}>
          <Text fontSize="sm" fontWeight="medium" truncate title={upload.path ? `${upload.path}/${upload.name}` : upload.name}>
            {upload.name}
            {upload.path ? (
              <Text as="span" fontWeight="normal" color="fg.muted">
                {` ${fileExtraTexts.intoFolder(upload.path)}`}
              </Text>
            ) : null}
          </Text>
          {upload.status === 'waiting' && (
            <Text fontSize="sm" color="fg.muted">
              {fileExtraTexts.waiting}
            </Text>
          )}
          {upload.status === 'resuming' && (
            <Text role="status" fontSize="sm" color="status.warn">
              {fileExtraTexts.resuming(upload.attempt ?? 1)}
            </Text>
          )}
          {(upload.status === 'uploading' || upload.status === 'resuming') && (
            <Progress.Root value={Math.round(Math.min(1, Math.max(0, upload.progress)) * 100)} size="sm" mt="1">
              <Progress.Track aria-label={texts.files.uploadProgress(upload.name)}>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          )}
          {upload.status === 'done' && (
            <Text fontSize="sm" color="status.ok" display="flex" alignItems="center" gap="1">
              <LuCircleCheck aria-hidden />
              {texts.files.uploaded}
            </Text>
          )}
          {/* Bytes already in the library: said as the server says it, not as an error. */}
          {upload.status === 'duplicate' && (
            <Stack direction="row" align="center" gap="2" wrap="wrap" mt="1">
              <Text role="status" fontSize="sm" color="fg.muted" display="flex" alignItems="center" gap="1">
                <LuCopy aria-hidden />
                {upload.message}
              </Text>
              {upload.file && onShowFile ? (
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={fileExtraTexts.showFileOf(upload.file.name)}
                  onClick={() => upload.file && onShowFile(upload.file)}
                >
                  {fileExtraTexts.showFile}
                </Button>
              ) : null}
            </Stack>
          )}
          {upload.status === 'failed' && upload.message && (
            <Text role="alert" fontSize="sm" color="status.down">
              {upload.message}
            </Text>
          )}
        </List.Item>
      ))}
    </List.Root>
  );
}

import { Button, chakra, Dialog, Image, Text } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import type { StoredFile } from '../../contract';
import { texts } from '../../lib/texts';
import { DialogShell } from '../common/DialogShell';
import { withVersion } from './fileUrls';

export interface FilePreviewDialogProps {
  /** The file to show; null closes the dialog. */
  file: StoredFile | null;
  onClose: () => void;
  onDownload: (file: StoredFile) => void;
}

/** Shows an image or a PDF in a dialog, with Close and Download. */
export function FilePreviewDialog({ file, onClose, onDownload }: FilePreviewDialogProps) {
  return (
    <DialogShell open={file !== null} onDismiss={onClose} size="xl">
      <Dialog.Header>
        <Dialog.Title truncate>{file?.name}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{file && <PreviewBody file={file} />}</Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">{texts.files.close}</Button>
        </Dialog.ActionTrigger>
        <Button onClick={() => file && onDownload(file)}>
          <LuDownload aria-hidden />
          {texts.files.download}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}

function PreviewBody({ file }: { file: StoredFile }) {
  // The version it shows: a replaced file's old bytes, cached by the browser, are not shown.
  const src = withVersion(file.url, file.lastModified);
  if (file.type === 'image') {
    return <Image src={src} alt={file.name} maxH="70vh" mx="auto" objectFit="contain" />;
  }
  if (file.type === 'pdf') {
    return (
      <chakra.iframe src={src} title={texts.files.previewOf(file.name)} w="full" h="70vh" borderWidth="1px" rounded="md" />
    );
  }
  return <Text color="fg.muted">{texts.files.previewUnavailable}</Text>;
}

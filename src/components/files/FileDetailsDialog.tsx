import { useState, type MouseEvent } from 'react';
import { Box, Field, HStack, Image, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { FILE_ALT_MAX, FILE_CAPTION_MAX, FILE_CREDIT_MAX, type FileUpdate, type FocalPoint, type StoredFile } from '../../contract';
import { fileDetailsTexts as t } from '../../lib/texts-files';
import { Button } from '../common/Button';
import { FormDialog } from '../common/FormDialog';
import { useLastShown } from '../common/useLastShown';
import { fileImageUrl, withVersion } from './fileUrls';
import { FileUsageList, type FileUsageListProps } from './FileUsageList';

export interface FileDetailsDialogProps {
  /** The file to describe; null: closed. */
  file: StoredFile | null;
  isPending: boolean;
  /** Why the last save failed, in the server's words. */
  error: string | null;
  /** Only the fields that changed. */
  onSave: (details: FileUpdate) => void;
  onCancel: () => void;
  /** Where the file is used (read when the dialog opens). */
  usage: FileUsageListProps;
}

/**
 * 'Details…': what a file says about itself, into every article that shows it: alt text and a
 * focal point (images), a caption and a credit; and where it is used. The focal point is set by clicking the picture or
 * by its two percentages (the keyboard's way); crops of the image keep it in frame.
 */
export function FileDetailsDialog(props: FileDetailsDialogProps) {
  // While it closes (it fades out), the dialog keeps its name.
  const named = useLastShown(props.file);
  // Keyed by the file: each opening starts from what it says now.
  return <DetailsForm key={props.file?.id ?? 'closed'} {...props} title={named ? t.title(named.name) : ''} />;
}

const percent = (n: number) => Math.round(n * 1000) / 10;
const sameFocal = (a: FocalPoint | null, b: FocalPoint | null) => (a === null || b === null ? a === b : a.x === b.x && a.y === b.y);

function DetailsForm({ file, isPending, error, onSave, onCancel, usage, title }: FileDetailsDialogProps & { title: string }) {
  const [alt, setAlt] = useState(file?.alt ?? '');
  const [caption, setCaption] = useState(file?.caption ?? '');
  const [credit, setCredit] = useState(file?.credit ?? '');
  const [focal, setFocal] = useState<FocalPoint | null>(file?.focalPoint ?? null);
  // The picture at 640 pixels could not be made (the server refused it in time or memory): the stored image instead.
  const [asStored, setAsStored] = useState(false);
  // The percentages as typed (a field may be empty or out of range while being typed).
  const [typed, setTyped] = useState(() => ({ x: focal ? String(percent(focal.x)) : '', y: focal ? String(percent(focal.y)) : '' }));
  const isImage = file?.type === 'image';
  // A focal point matters where crops are made: raster images (they have a size).
  const hasFocal = isImage && file.width !== null;

  const typedNumber = (text: string) => (text.trim() === '' ? null : Number(text));
  const tx = typedNumber(typed.x);
  const ty = typedNumber(typed.y);
  const focalInvalid = [tx, ty].some((n) => n !== null && (!Number.isFinite(n) || n < 0 || n > 100)) || (tx === null) !== (ty === null);
  const tooLong = { alt: alt.length > FILE_ALT_MAX, caption: caption.length > FILE_CAPTION_MAX, credit: credit.length > FILE_CREDIT_MAX };

  const changes: FileUpdate = {};
  if (file) {
    if (isImage && alt !== file.alt) changes.alt = alt;
    if (caption !== file.caption) changes.caption = caption;
    if (credit !== file.credit) changes.credit = credit;
    if (hasFocal && !sameFocal(focal, file.focalPoint)) changes.focalPoint = focal;
  }
  const unchanged = Object.keys(changes).length === 0;
  const invalid = tooLong.alt || tooLong.caption || tooLong.credit || focalInvalid;

  const place = (point: FocalPoint | null) => {
    setFocal(point);
    setTyped({ x: point ? String(percent(point.x)) : '', y: point ? String(percent(point.y)) : '' });
  };
  const type = (axis: 'x' | 'y', text: string) => {
    const next = { ...typed, [axis]: text };
    setTyped(next);
    const x = typedNumber(next.x);
    const y = typedNumber(next.y);
    if (x !== null && y !== null && x >= 0 && x <= 100 && y >= 0 && y <= 100) setFocal({ x: x / 100, y: y / 100 });
    else if (x === null && y === null) setFocal(null);
  };
  const clickPicture = (event: MouseEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 1000) / 1000));
    place({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
  };

  return (
    <FormDialog
      open={file !== null}
      title={title}
      size="lg"
      cancelLabel={t.cancel}
      submitLabel={t.save}
      onCancel={onCancel}
      onSubmit={() => {
        if (!invalid && !unchanged) onSave(changes);
      }}
      isPending={isPending}
      pendingText={t.saving}
      submitDisabled={invalid || unchanged}
      asForm
      noValidate
      holdWhilePending
      error={error}
    >
      <Text color="fg.muted" textStyle="sm">
        {t.intro}
      </Text>
      {isImage ? (
        <Field.Root invalid={tooLong.alt}>
          <Field.Label>{t.alt}</Field.Label>
          <Textarea value={alt} onChange={(event) => setAlt(event.target.value)} rows={2} autoComplete="off" />
          <HStack justify="space-between" w="full" gap="3" align="start">
            {tooLong.alt ? (
              <Field.ErrorText color="status.down">{t.altTooLong}</Field.ErrorText>
            ) : (
              <Field.HelperText color={alt.trim() ? 'fg.muted' : 'status.warn'}>{alt.trim() ? t.altHelp : t.noAlt}</Field.HelperText>
            )}
            <Text textStyle="xs" color={tooLong.alt ? 'status.down' : 'fg.muted'} flexShrink={0}>
              {t.count(alt.length, FILE_ALT_MAX)}
            </Text>
          </HStack>
        </Field.Root>
      ) : null}
      {hasFocal ? (
        <Stack gap="2" role="group" aria-label={t.focalPoint}>
          <Text fontWeight="medium" textStyle="sm">
            {t.focalPoint}
          </Text>
          <Text color="fg.muted" textStyle="xs">
            {t.focalHelp}
          </Text>
          <Box position="relative" alignSelf="start" maxW="full" cursor="crosshair" onClick={clickPicture} data-testid="focal-picture">
            <Image
              src={asStored ? withVersion(file.url, file.lastModified) : fileImageUrl(file, 640)}
              onError={() => setAsStored(true)}
              alt={t.focalPicture}
              display="block"
              maxH="64"
              maxW="full"
              borderRadius="sm"
              draggable={false}
            />
            <Box
              aria-hidden
              position="absolute"
              left={`${(focal?.x ?? 0.5) * 100}%`}
              top={`${(focal?.y ?? 0.5) * 100}%`}
              transform="translate(-50%, -50%)"
              boxSize="6"
              borderRadius="full"
              borderWidth="3px"
              borderColor="white"
              boxShadow="0 0 0 2px black"
              bg={focal ? 'blue.500/60' : 'transparent'}
              pointerEvents="none"
            />
          </Box>
          {asStored ? (
            <Text textStyle="xs" color="fg.muted">
              {t.pictureAsStored}
            </Text>
          ) : null}
          <Text role="status" textStyle="sm">
            {focal ? t.focalAt(focal.x, focal.y) : t.focalMiddle}
          </Text>
          <HStack gap="3" align="end" wrap="wrap">
            <Field.Root invalid={focalInvalid} w="32">
              <Field.Label>{t.across}</Field.Label>
              <Input inputMode="decimal" value={typed.x} onChange={(event) => type('x', event.target.value)} autoComplete="off" />
            </Field.Root>
            <Field.Root invalid={focalInvalid} w="32">
              <Field.Label>{t.down}</Field.Label>
              <Input inputMode="decimal" value={typed.y} onChange={(event) => type('y', event.target.value)} autoComplete="off" />
            </Field.Root>
            <Button variant="outline" size="sm" onClick={() => place(null)} disabled={focal === null && !typed.x && !typed.y}>
              {t.middle}
            </Button>
          </HStack>
          {focalInvalid ? (
            <Text color="status.down" textStyle="sm">
              {t.focalOutside}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      <Field.Root invalid={tooLong.caption}>
        <Field.Label>{t.caption}</Field.Label>
        <Textarea value={caption} onChange={(event) => setCaption(event.target.value)} rows={2} autoComplete="off" />
        {tooLong.caption ? <Field.ErrorText color="status.down">{t.captionTooLong}</Field.ErrorText> : null}
      </Field.Root>
      <Field.Root invalid={tooLong.credit}>
        <Field.Label>{t.credit}</Field.Label>
        <Input value={credit} onChange={(event) => setCredit(event.target.value)} autoComplete="off" />
        {tooLong.credit ? <Field.ErrorText color="status.down">{t.creditTooLong}</Field.ErrorText> : null}
      </Field.Root>
      <FileUsageList {...usage} />
    </FormDialog>
  );
}

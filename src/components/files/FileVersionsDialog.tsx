import { useState } from 'react';
import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { Button } from '../common/Button';
import { LuDownload, LuUndo2 } from 'react-icons/lu';
import type { FileVersion, StoredFile } from '../../contract';
import { formatBytes, formatDateTime } from '../../lib/format';
import { fileVersionTexts as t } from '../../lib/texts-history';
import { ClosableDialog } from '../common/ClosableDialog';
import { ErrorNotice } from '../common/ErrorNotice';
import { ListStates } from '../common/ListStates';
import { useConfirmedAction } from '../common/useConfirmedAction';
import { useLastShown } from '../common/useLastShown';

export interface FileVersionsDialogProps {
  /** The file whose versions show; null: closed. */
  file: StoredFile | null;
  versions: readonly FileVersion[] | undefined;
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
  onDownload: (version: FileVersion) => void;
  /** Makes a version's bytes the file's again; rejects with the API's error. Without it (a role that may not), no Restore. */
  onRestore?: (version: FileVersion) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A file's earlier versions (what each "Replace…" put aside), newest first: download one, or
 * restore it after a confirmation that says the current bytes are kept in turn.
 */
export function FileVersionsDialog({ file, versions, isLoading, error, onRetry, onDownload, onRestore, onClose }: FileVersionsDialogProps) {
  // While it closes (it fades out), the dialog keeps its name.
  const named = useLastShown(file);
  const asking = useConfirmedAction<FileVersion>();
  const [done, setDone] = useState<string | null>(null);
  const close = () => {
    if (asking.pending) return;
    asking.cancel();
    setDone(null);
    onClose();
  };
  const restore = async () => {
    if (onRestore && (await asking.run(onRestore))) setDone(t.restored);
  };
  return (
    <ClosableDialog open={file !== null} title={named ? t.title(named.name) : ''} onClose={close} closeLabel={t.close}>
      <Stack gap="4">
        <Text color="fg.muted" textStyle="sm">
          {t.intro}
        </Text>
        {done && (
          <Text role="status" color="status.ok" fontWeight="medium">
            {done}
          </Text>
        )}
        <ListStates
          items={versions}
          isLoading={isLoading}
          loadingLabel={t.loading}
          error={error}
          errorTitle={t.error}
          onRetry={onRetry}
          empty={<Text>{t.empty}</Text>}
          inline
        >
          {(shown) => (
            <Stack as="ol" aria-label={t.listLabel} gap="2" listStyleType="none" m="0" p="0">
              {shown.map((version) => (
                <HStack as="li" key={version.number} aria-label={t.version(version.number)} borderWidth="1px" borderRadius="md" p="3" gap="3" align="start">
                  <Stack gap="1" flex="1" minW="0">
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="semibold">{t.version(version.number)}</Text>
                      <Text wordBreak="break-all">{version.name}</Text>
                      <Badge>{version.type.toUpperCase()}</Badge>
                    </HStack>
                    <Text textStyle="sm" color="fg.muted">
                      {formatBytes(version.size)} · {t.replacedAt(formatDateTime(version.replacedAt), version.replacedBy)}
                    </Text>
                  </Stack>
                  <HStack gap="1" flexShrink={0}>
                    <Button size="sm" variant="ghost" onClick={() => onDownload(version)} aria-label={t.download(version.name)}>
                      <LuDownload aria-hidden />
                    </Button>
                    {onRestore ? (
                      <Button size="sm" variant="outline" onClick={() => asking.ask(version)}>
                        <LuUndo2 aria-hidden />
                        {t.restore}
                      </Button>
                    ) : null}
                  </HStack>
                </HStack>
              ))}
            </Stack>
          )}
        </ListStates>
        {asking.subject && (
          <Stack role="group" aria-label={t.restoreTitle(asking.subject.number)} gap="3" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
            <Text fontWeight="semibold">{t.restoreTitle(asking.subject.number)}</Text>
            <Text>{t.restoreBody(asking.subject.name)}</Text>
            <ErrorNotice message={asking.error} />
            <HStack gap="2">
              <Button variant="outline" onClick={asking.cancel} disabled={asking.pending}>
                {t.cancel}
              </Button>
              <Button colorPalette="blue" onClick={() => void restore()} loading={asking.pending} loadingText={t.restoring}>
                {t.restore}
              </Button>
            </HStack>
          </Stack>
        )}
      </Stack>
    </ClosableDialog>
  );
}

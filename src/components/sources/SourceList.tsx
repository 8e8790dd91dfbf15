import { useCallback, useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { LuLink } from 'react-icons/lu';
import type { Source, SourcePoll } from '../../contract';
import { sourceTexts } from '../../lib/texts-sources';
import { ActionOutcomeText } from '../common/ActionOutcomeText';
import { ConfirmRemovalDialog } from '../common/ConfirmRemovalDialog';
import { ListStates } from '../common/ListStates';
import { StateNotice } from '../common/StateNotice';
import { useConfirmedAction } from '../common/useConfirmedAction';
import { useLastShown } from '../common/useLastShown';
import type { ActionOutcome } from '../common/useActionResult';
import { SourceCard } from './SourceCard';

const t = sourceTexts;

export interface SourceListProps {
  sources: readonly Source[] | undefined;
  isLoading: boolean;
  /** Loading failed: the server's words. */
  error?: string | null;
  onRetry: () => void;
  /** The signed-in role may poll, pause, resume and delete sources. */
  canManage: boolean;
  onShowEntries: (id: string) => void;
  /** Each rejects with the API's error. */
  onPoll: (id: string) => Promise<SourcePoll>;
  onSetPaused: (id: string, paused: boolean) => Promise<unknown>;
  onSetWatch: (id: string, watch: boolean) => Promise<unknown>;
  onDelete: (id: string) => Promise<unknown>;
}

/**
 * The sources, with their states (loading, failed, none yet) and their actions; Delete asks
 * first, the others act at once and say what came of it.
 */
export function SourceList({ sources, isLoading, error, onRetry, canManage, onShowEntries, onPoll, onSetPaused, onSetWatch, onDelete }: SourceListProps) {
  const deleting = useConfirmedAction<Source>();
  const [notice, setNotice] = useState<ActionOutcome | null>(null);
  const deleteShown = useLastShown(deleting.subject);
  const { ask: askDelete } = deleting;
  const setPaused = useCallback((id: string, paused: boolean) => onSetPaused(id, paused), [onSetPaused]);

  const confirmDelete = async () => {
    const url = deleting.subject?.feedUrl;
    if (await deleting.run((source) => onDelete(source.id))) setNotice({ text: t.remove.done(url ?? ''), error: false });
  };

  return (
    <Stack gap="3">
      <ActionOutcomeText outcome={notice} />
      <ListStates
        items={sources}
        isLoading={isLoading}
        loadingLabel={t.list.loading}
        error={error}
        errorTitle={t.list.errorTitle}
        onRetry={onRetry}
        empty={<StateNotice icon={<LuLink />} title={t.list.emptyTitle} body={t.list.emptyBody} />}
      >
        {(shown) => (
          <Stack as="ul" aria-label={t.list.label} gap="3" listStyleType="none" m="0" p="0">
            {shown.map((source) => (
              <SourceCard
                key={source.id}
                source={source}
                canManage={canManage}
                onShowEntries={onShowEntries}
                onPoll={onPoll}
                onSetPaused={setPaused}
                onSetWatch={onSetWatch}
                onDelete={askDelete}
              />
            ))}
          </Stack>
        )}
      </ListStates>
      <ConfirmRemovalDialog
        open={deleting.subject !== null}
        texts={t.remove}
        body={deleteShown && t.remove.body(deleteShown.feedUrl)}
        onCancel={deleting.cancel}
        onConfirm={() => void confirmDelete()}
        isPending={deleting.pending}
        error={deleteShown && deleting.error}
      />
    </Stack>
  );
}

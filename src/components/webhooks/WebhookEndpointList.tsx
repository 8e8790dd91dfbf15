import { useCallback, useState } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import { LuLink } from 'react-icons/lu';
import type { WebhookEndpoint, WebhookPatch } from '../../contract';
import { webhookTexts } from '../../lib/texts-webhooks';
import { ErrorState, LoadingState, StateNotice } from '../articles/ArticleList';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { ErrorNotice } from '../common/ErrorNotice';
import { useConfirmedAction } from '../common/useConfirmedAction';
import { useLastShown } from '../common/useLastShown';
import { ActionOutcomeText } from './ActionOutcomeText';
import { EditWebhookDialog } from './EditWebhookDialog';
import type { ActionOutcome } from './useActionResult';
import { WebhookEndpointCard } from './WebhookEndpointCard';

const t = webhookTexts;

export interface WebhookEndpointListProps {
  endpoints: readonly WebhookEndpoint[] | undefined;
  isLoading: boolean;
  /** Loading failed: the server's words. */
  error?: string | null;
  onRetry: () => void;
  onShowDeliveries: (id: string) => void;
  /** Each rejects with the API's error. */
  onSendTest: (id: string) => Promise<unknown>;
  onUpdate: (id: string, patch: WebhookPatch) => Promise<unknown>;
  onDelete: (id: string) => Promise<unknown>;
}

/**
 * The webhook endpoints, with their states (loading, failed, none yet) and their actions; Edit
 * and Delete open a dialog (Delete asks first), the others act at once and say what came of it.
 */
export function WebhookEndpointList({
  endpoints,
  isLoading,
  error,
  onRetry,
  onShowDeliveries,
  onSendTest,
  onUpdate,
  onDelete,
}: WebhookEndpointListProps) {
  const editing = useConfirmedAction<WebhookEndpoint>();
  const deleting = useConfirmedAction<WebhookEndpoint>();
  const [notice, setNotice] = useState<ActionOutcome | null>(null);
  const deleteShown = useLastShown(deleting.subject);
  const setEnabled = useCallback((id: string, enabled: boolean) => onUpdate(id, { enabled }), [onUpdate]);
  const { ask: askEdit } = editing;
  const { ask: askDelete } = deleting;

  const save = async (patch: WebhookPatch) => {
    if (await editing.run((endpoint) => (Object.keys(patch).length ? onUpdate(endpoint.id, patch) : Promise.resolve()))) {
      setNotice({ text: t.endpoint.saved, error: false });
    }
  };
  const confirmDelete = async () => {
    const url = deleting.subject?.url;
    if (await deleting.run((endpoint) => onDelete(endpoint.id))) setNotice({ text: t.remove.done(url ?? ''), error: false });
  };

  return (
    <Stack gap="3">
      <ActionOutcomeText outcome={notice} />
      {isLoading ? (
        <LoadingState label={t.list.loading} />
      ) : error ? (
        <ErrorState title={t.list.errorTitle} message={error} onRetry={onRetry} />
      ) : !endpoints?.length ? (
        <StateNotice icon={<LuLink />} title={t.list.emptyTitle} body={t.list.emptyBody} />
      ) : (
        <Stack as="ul" aria-label={t.list.label} gap="3" listStyleType="none" m="0" p="0">
          {endpoints.map((endpoint) => (
            <WebhookEndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              onShowDeliveries={onShowDeliveries}
              onSendTest={onSendTest}
              onSetEnabled={setEnabled}
              onEdit={askEdit}
              onDelete={askDelete}
            />
          ))}
        </Stack>
      )}
      <EditWebhookDialog
        endpoint={editing.subject}
        isPending={editing.pending}
        error={editing.error}
        onSave={(patch) => void save(patch)}
        onCancel={editing.cancel}
      />
      <ConfirmDialog
        open={deleting.subject !== null}
        title={t.remove.title}
        cancelLabel={t.remove.cancel}
        confirmLabel={t.remove.confirm}
        confirmPalette="red"
        onCancel={deleting.cancel}
        onConfirm={() => void confirmDelete()}
        isPending={deleting.pending}
        pendingText={t.remove.deleting}
        holdWhilePending
      >
        {deleteShown && (
          <Stack gap="3">
            <Text wordBreak="break-word">{t.remove.body(deleteShown.url)}</Text>
            <ErrorNotice message={deleting.error} />
          </Stack>
        )}
      </ConfirmDialog>
    </Stack>
  );
}

import { useCallback, useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { LuLink } from 'react-icons/lu';
import type { WebhookEndpoint, WebhookPatch } from '../../contract';
import { webhookTexts } from '../../lib/texts-webhooks';
import { ConfirmRemovalDialog } from '../common/ConfirmRemovalDialog';
import { ListStates } from '../common/ListStates';
import { StateNotice } from '../common/StateNotice';
import { useConfirmedAction } from '../common/useConfirmedAction';
import { useLastShown } from '../common/useLastShown';
import { ActionOutcomeText } from '../common/ActionOutcomeText';
import { EditWebhookDialog } from './EditWebhookDialog';
import type { ActionOutcome } from '../common/useActionResult';
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
      <ListStates
        items={endpoints}
        isLoading={isLoading}
        loadingLabel={t.list.loading}
        error={error}
        errorTitle={t.list.errorTitle}
        onRetry={onRetry}
        empty={<StateNotice icon={<LuLink />} title={t.list.emptyTitle} body={t.list.emptyBody} />}
      >
        {(shown) => (
          <Stack as="ul" aria-label={t.list.label} gap="3" listStyleType="none" m="0" p="0">
            {shown.map((endpoint) => (
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
      </ListStates>
      <EditWebhookDialog
        endpoint={editing.subject}
        isPending={editing.pending}
        error={editing.error}
        onSave={(patch) => void save(patch)}
        onCancel={editing.cancel}
      />
      <ConfirmRemovalDialog
        open={deleting.subject !== null}
        texts={t.remove}
        body={deleteShown && t.remove.body(deleteShown.url)}
        onCancel={deleting.cancel}
        onConfirm={() => void confirmDelete()}
        isPending={deleting.pending}
        error={deleteShown && deleting.error}
      />
    </Stack>
  );
}

import { useCallback, useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { PageTitle } from '../components/common/PageTitle';
import { RefusedScreen } from '../components/common/RefusedScreen';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRedeliverWebhook,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../api/webhooks';
import { AddWebhookCard, WebhookDeliveriesDialog, WebhookEndpointList } from '../components/webhooks';
import type { WebhookCreate, WebhookPatch } from '../contract';
import { webhookTexts } from '../lib/texts-webhooks';
import { AccessScreen } from './AccessScreen';

/** The webhook endpoints: their state and actions, adding one, and each one's delivery log. */
function Webhooks() {
  const webhooks = useWebhooks();
  const { mutateAsync: create } = useCreateWebhook();
  const { mutateAsync: update } = useUpdateWebhook();
  const { mutateAsync: remove } = useDeleteWebhook();
  const { mutateAsync: sendTest } = useTestWebhook();
  const { mutateAsync: redeliver } = useRedeliverWebhook();
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [logId, setLogId] = useState<string | null>(null);
  const deliveries = useWebhookDeliveries(logId);
  const logEndpoint = webhooks.data?.find((endpoint) => endpoint.id === logId) ?? null;

  const onUpdate = useCallback((id: string, patch: WebhookPatch) => update({ id, patch }), [update]);
  const onRedeliver = useCallback((deliveryId: string) => redeliver({ endpointId: logId ?? '', deliveryId }), [redeliver, logId]);
  const onAdd = async (request: WebhookCreate) => {
    const result = await create(request);
    setCreated({ url: result.data.url, secret: result.secret });
  };

  return (
    <Stack gap="6" maxW="4xl">
      <PageTitle title={webhookTexts.title} intro={webhookTexts.intro} />
      <WebhookEndpointList
        endpoints={webhooks.data}
        isLoading={webhooks.isPending}
        error={webhooks.error?.message}
        onRetry={() => void webhooks.refetch()}
        onShowDeliveries={setLogId}
        onSendTest={sendTest}
        onUpdate={onUpdate}
        onDelete={remove}
      />
      <AddWebhookCard onAdd={onAdd} created={created} onDismissCreated={() => setCreated(null)} />
      <WebhookDeliveriesDialog
        endpoint={logEndpoint}
        deliveries={deliveries.data}
        isLoading={deliveries.isPending && logId !== null}
        error={deliveries.error?.message}
        onRetry={() => void deliveries.refetch()}
        hasMore={deliveries.hasNextPage}
        isLoadingMore={deliveries.isFetchingNextPage}
        onLoadMore={() => void deliveries.fetchNextPage()}
        onRedeliver={onRedeliver}
        onClose={() => {
          setLogId(null);
          // What the log showed happening (deliveries made, retries given up) shows in the list too.
          void webhooks.refetch();
        }}
      />
    </Stack>
  );
}

/** Webhooks are an admin's: another role reaching /webhooks is told so, and nothing is asked of the server. */
export default function WebhooksRoute() {
  return (
    <AccessScreen>
      {(access) => {
        const refused = access.screenNotice('listWebhooks');
        return refused ? <RefusedScreen title={webhookTexts.title} message={refused} /> : <Webhooks />;
      }}
    </AccessScreen>
  );
}

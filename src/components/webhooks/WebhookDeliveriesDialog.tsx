import { Stack, Text } from '@chakra-ui/react';
import { webhookMessages, type WebhookEndpoint } from '../../contract';
import { webhookTexts } from '../../lib/texts-webhooks';
import { ClosableDialog } from '../common/ClosableDialog';
import { useLastShown } from '../common/useLastShown';
import { WebhookDeliveryLog, type WebhookDeliveryLogProps } from './WebhookDeliveryLog';

const t = webhookTexts.log;

export interface WebhookDeliveriesDialogProps extends Omit<WebhookDeliveryLogProps, 'redeliverBlocked'> {
  /** The endpoint whose log shows; null: closed. */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}

/** An endpoint's delivery log in a dialog (Escape, the close button or a click outside close it). */
export function WebhookDeliveriesDialog({ endpoint, onClose, ...log }: WebhookDeliveriesDialogProps) {
  // While it closes (it fades out), the dialog keeps its name.
  const shown = useLastShown(endpoint);
  return (
    <ClosableDialog open={endpoint !== null} title={shown ? t.title(shown.url) : ''} onClose={onClose} closeLabel={t.close} size="xl">
      <Stack gap="4">
        <Text color="fg.muted" textStyle="sm">
          {t.intro}
        </Text>
        {/* A disabled endpoint is sent nothing, a redelivery included: the server's own words say so. */}
        <WebhookDeliveryLog {...log} redeliverBlocked={shown && !shown.enabled ? webhookMessages.endpointDisabled : null} />
      </Stack>
    </ClosableDialog>
  );
}

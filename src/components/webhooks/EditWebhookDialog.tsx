import type { WebhookEndpoint, WebhookPatch } from '../../contract';
import { webhookTexts } from '../../lib/texts-webhooks';
import { FormDialog } from '../common/FormDialog';
import { useWebhookDraft } from './useWebhookDraft';
import { WebhookFields } from './WebhookFields';

const t = webhookTexts.edit;

export interface EditWebhookDialogProps {
  /** The endpoint to edit; null: closed. */
  endpoint: WebhookEndpoint | null;
  isPending: boolean;
  /** Why the server refused (an address not allowed, the endpoint gone), in its words. */
  error: string | null;
  /** What changed (empty when nothing did). */
  onSave: (patch: WebhookPatch) => void;
  onCancel: () => void;
}

/** 'Edit': an endpoint's address and events; the server checks a changed address again. */
export function EditWebhookDialog(props: EditWebhookDialogProps) {
  // Keyed by the endpoint: each opening starts from its own address and events.
  return <EditForm key={props.endpoint?.id ?? 'closed'} {...props} />;
}

function EditForm({ endpoint, isPending, error, onSave, onCancel }: EditWebhookDialogProps) {
  const { draft, check, fields } = useWebhookDraft({ url: endpoint?.url ?? '', events: endpoint?.events ?? [] });
  const submit = () => {
    if (!endpoint) return;
    const found = check();
    if (found.url || found.events) return;
    const url = draft.url.trim();
    const eventsChanged =
      draft.events.length !== endpoint.events.length || draft.events.some((e) => !endpoint.events.includes(e));
    onSave({ ...(url !== endpoint.url ? { url } : {}), ...(eventsChanged ? { events: draft.events } : {}) });
  };
  return (
    <FormDialog
      open={endpoint !== null}
      size="lg"
      title={t.title}
      cancelLabel={t.cancel}
      submitLabel={t.save}
      onCancel={onCancel}
      onSubmit={submit}
      isPending={isPending}
      pendingText={t.saving}
      asForm
      noValidate
      holdWhilePending
      error={error}
    >
      <WebhookFields {...fields} />
    </FormDialog>
  );
}

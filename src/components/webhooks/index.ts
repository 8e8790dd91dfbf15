export { AddWebhookCard, type AddWebhookCardProps } from './AddWebhookCard';
export { EditWebhookDialog, type EditWebhookDialogProps } from './EditWebhookDialog';
export { WebhookDeliveriesDialog, type WebhookDeliveriesDialogProps } from './WebhookDeliveriesDialog';
export { WebhookDeliveryLog, type WebhookDeliveryLogProps } from './WebhookDeliveryLog';
export { WebhookEndpointCard, type WebhookEndpointCardProps } from './WebhookEndpointCard';
export { WebhookEndpointList, type WebhookEndpointListProps } from './WebhookEndpointList';
export { WebhookFields, draftProblems, type WebhookDraft, type WebhookDraftProblems } from './WebhookFields';

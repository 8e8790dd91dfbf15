/**
 * Texts of the Webhooks screen: the endpoints, adding one (and its secret, shown once), their
 * actions and their delivery log. A module of its own, imported by that (lazy) screen only.
 */
import { WEBHOOK_TEST_EVENT, webhookEventLabels, type WebhookDelivery } from '../contract';

const deliveries = (n: number) => (n === 1 ? '1 delivery' : `${n.toLocaleString('en-US')} deliveries`);

export const webhookTexts = {
  title: 'Webhooks',
  intro:
    'Endpoints this console tells of changes to articles and files. Each request is signed, and retried for 24 hours when it fails.',

  list: {
    label: 'Webhook endpoints',
    loading: 'Loading webhook endpoints...',
    errorTitle: 'The webhook endpoints could not be loaded',
    emptyTitle: 'No webhook endpoints yet',
    emptyBody: 'Add an endpoint below to be told when articles are published, changed or deleted, and when files change.',
  },

  endpoint: {
    enabled: 'Enabled',
    disabled: 'Disabled',
    failing: 'Failing',
    events: 'Events',
    pending: (n: number) => (n === 0 ? 'Nothing waiting' : `${deliveries(n)} waiting`),
    noAttempt: 'No delivery attempted yet',
    lastAttempt: (when: string, outcome: string) => `Last attempt ${when}: ${outcome}`,
    /** The last attempt's outcome: delivered with its status, or why it failed (the server's words). */
    outcome: ({ ok, status, error }: { ok: boolean; status: number | null; error: string | null }) =>
      ok ? `delivered (${status})` : (error ?? (status === null ? 'no answer' : `${status}`)),
    failingSince: (when: string) => `Failing since ${when}`,
    failingHint: (disableOn: string) =>
      `Deliveries are retried for 24 hours each. If none succeeds, the endpoint is disabled on ${disableOn}.`,
    disabledTitle: 'This endpoint is disabled: nothing is sent to it.',
    disabledAt: (when: string) => `Disabled ${when}.`,
    created: (when: string, by: string | null) => (by ? `Added ${when} by ${by}` : `Added ${when}`),
    // Actions (the visible text, and the name a screen reader hears with the endpoint's address).
    deliveries: 'Deliveries',
    deliveriesLabel: (url: string) => `Deliveries to ${url}`,
    sendTest: 'Send a test event',
    sendTestLabel: (url: string) => `Send a test event to ${url}`,
    sending: 'Sending...',
    testSent: 'Test event queued. Open Deliveries to follow it.',
    enable: 'Enable',
    enableLabel: (url: string) => `Enable ${url}`,
    enabling: 'Enabling...',
    enabledDone: 'Endpoint enabled. Its failures were cleared.',
    disable: 'Disable',
    disableLabel: (url: string) => `Disable ${url}`,
    disabling: 'Disabling...',
    disabledDone: 'Endpoint disabled. Nothing is sent to it until it is enabled again.',
    edit: 'Edit',
    editLabel: (url: string) => `Edit ${url}`,
    saved: 'Endpoint saved.',
    delete: 'Delete',
    deleteLabel: (url: string) => `Delete ${url}`,
  },

  form: {
    title: 'Add endpoint',
    intro: 'An http or https address that accepts POST requests with a JSON body. Private and local addresses are refused.',
    url: 'Endpoint URL',
    urlPlaceholder: 'https://example.com/webhooks',
    urlRequired: 'Enter the endpoint URL',
    events: 'Events to send',
    eventsHint: 'Choose at least one.',
    eventsRequired: 'Choose at least one event',
    submit: 'Add endpoint',
    submitting: 'Adding...',
  },

  secret: {
    created: (url: string) =>
      `${url} was added. Copy its signing secret now: it is shown only this once. ` +
      'Receivers verify each request with it as the Standard Webhooks specification says: ' +
      'the webhook-signature header is an HMAC-SHA256 of the webhook-id, the webhook-timestamp and the body.',
  },

  edit: {
    title: 'Edit endpoint',
    save: 'Save',
    saving: 'Saving...',
    cancel: 'Cancel',
  },

  remove: {
    title: 'Delete this endpoint?',
    body: (url: string) => `${url} will no longer be told of changes. Its delivery log is deleted with it.`,
    confirm: 'Delete',
    deleting: 'Deleting...',
    cancel: 'Cancel',
    done: (url: string) => `${url} was deleted.`,
  },

  log: {
    title: (url: string) => `Deliveries to ${url}`,
    intro: 'Newest first. A delivery that fails is retried after about 5 s, 30 s, 2 min, 15 min and 1 h, then every 3 h, for 24 hours.',
    close: 'Close',
    listLabel: 'Deliveries',
    loading: 'Loading deliveries...',
    error: 'The deliveries could not be loaded',
    retry: 'Try Again',
    empty: 'No deliveries yet. Changes to articles and files, and test events, are listed here.',
    loadMore: 'Load older deliveries',
    loadingMore: 'Loading...',
    eventLabel: (type: WebhookDelivery['type']) => (type === WEBHOOK_TEST_EVENT ? 'Test event' : webhookEventLabels[type]),
    delivery: (event: string, when: string) => `${event}, ${when}`,
    state: { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' },
    nextAttempt: (when: string) => `Next attempt ${when}`,
    nextAttemptNow: 'Next attempt due now',
    gaveUp: 'Not retried any more.',
    webhookId: 'webhook-id',
    noAttempts: 'Not attempted yet.',
    attemptsLabel: 'Attempts',
    attempt: (n: number) => `Attempt ${n}`,
    noStatus: 'No answer',
    duration: (ms: number) => `${ms.toLocaleString('en-US')} ms`,
    response: 'Response',
    redeliver: 'Redeliver',
    redeliverLabel: (event: string, when: string) => `Redeliver ${event}, ${when}`,
    redelivering: 'Redelivering...',
    redelivered: 'Queued for redelivery.',
  },
} as const;

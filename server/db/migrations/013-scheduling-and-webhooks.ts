import type { Migration } from './types.ts';

export const schedulingAndWebhooks: Migration = {
  version: 13,
  name: 'scheduled publishing and webhooks',
  statements: [
    // When an article is to be published or unpublished (null: not scheduled), the admin's time
    // zone it was chosen in, and who chose it. Not part of what a revision records: scheduling
    // writes no revision; the publish it leads to does.
    `ALTER TABLE articles
        ADD COLUMN publish_at timestamptz,
        ADD COLUMN unpublish_at timestamptz,
        ADD COLUMN schedule_tz text,
        ADD COLUMN schedule_by text,
        ADD COLUMN schedule_failed_action text CHECK (schedule_failed_action IN ('publish', 'unpublish')),
        ADD COLUMN schedule_failed_reason text,
        ADD COLUMN schedule_failed_at timestamptz,
        ADD COLUMN schedule_note text`,
    // The scheduler's claims: what is due, soonest first, failed ones left for a Retry.
    `CREATE INDEX articles_publish_due_idx ON articles (publish_at) WHERE publish_at IS NOT NULL AND schedule_failed_at IS NULL`,
    `CREATE INDEX articles_unpublish_due_idx ON articles (unpublish_at) WHERE unpublish_at IS NOT NULL AND schedule_failed_at IS NULL`,
    // The Scheduled tab's pages and count.
    `CREATE INDEX articles_scheduled_idx ON articles (created_at DESC, id DESC)
        WHERE (publish_at IS NOT NULL OR unpublish_at IS NOT NULL) AND deleted_at IS NULL`,

    // Where events go: an endpoint, the events it takes, its signing secret (whsec_…).
    `CREATE TABLE webhook_endpoints (
        id text PRIMARY KEY,
        url text NOT NULL,
        events text[] NOT NULL,
        secret text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        disabled_reason text,
        disabled_at timestamptz,
        failing_since timestamptz,
        created_at timestamptz NOT NULL,
        created_by text,
        updated_at timestamptz NOT NULL
      )`,
    // The outbox and the delivery log at once: one row per event and endpoint, written in the
    // transaction of the change, then delivered (and retried) by whichever process claims it.
    `CREATE TABLE webhook_deliveries (
        id text PRIMARY KEY,
        endpoint_id text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        event_id text NOT NULL,
        event_type text NOT NULL,
        payload text NOT NULL,
        created_at timestamptz NOT NULL,
        state text NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        lease_until timestamptz,
        retry_until timestamptz NOT NULL
      )`,
    `CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE state = 'pending'`,
    `CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC)`,
    `CREATE TABLE webhook_attempts (
        delivery_id text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        number int NOT NULL,
        at timestamptz NOT NULL,
        status int,
        duration_ms int NOT NULL,
        error text,
        response text,
        PRIMARY KEY (delivery_id, number)
      )`,
  ],
};

import { memo } from 'react';
import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react';
import { Button } from '../common/Button';
import { LuRefreshCw } from 'react-icons/lu';
import type { WebhookAttempt, WebhookDelivery, WebhookDeliveryState } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { webhookTexts } from '../../lib/texts-webhooks';
import { ListStates, type PagedListProps } from '../common/ListStates';
import { LoadMoreButton } from '../common/LoadMoreButton';
import { ActionOutcomeText } from '../common/ActionOutcomeText';
import { useActionResult } from '../common/useActionResult';

const t = webhookTexts.log;

const statePalette: Record<WebhookDeliveryState, string> = { pending: 'orange', delivered: 'green', failed: 'red' };

export interface WebhookDeliveryLogProps extends PagedListProps {
  deliveries: readonly WebhookDelivery[] | undefined;
  /** Why nothing can be redelivered now (the endpoint is disabled); null: Redeliver is offered. */
  redeliverBlocked?: string | null;
  /** Queues a delivery again, due now; rejects with the API's error. */
  onRedeliver: (deliveryId: string) => Promise<unknown>;
}

/**
 * An endpoint's deliveries, newest first: the event, when, pending (and when next), delivered or
 * failed; each attempt's time, status or error, duration and the start of the answer; Redeliver;
 * older pages on demand. With its states: loading, failed, none yet.
 */
export function WebhookDeliveryLog({
  deliveries,
  isLoading,
  error,
  onRetry,
  hasMore,
  isLoadingMore,
  onLoadMore,
  redeliverBlocked = null,
  onRedeliver,
}: WebhookDeliveryLogProps) {
  return (
    <ListStates
      items={deliveries}
      isLoading={isLoading}
      loadingLabel={t.loading}
      error={error}
      errorTitle={t.error}
      onRetry={onRetry}
      empty={<Text color="fg.muted">{t.empty}</Text>}
      inline
    >
      {(shown) => (
        <Stack gap="3">
          {redeliverBlocked && (
            <Text textStyle="sm" color="status.warn" fontWeight="medium">
              {redeliverBlocked}
            </Text>
          )}
          <Stack as="ol" aria-label={t.listLabel} gap="3" listStyleType="none" m="0" p="0">
            {shown.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} canRedeliver={!redeliverBlocked} onRedeliver={onRedeliver} />
            ))}
          </Stack>
          <LoadMoreButton hasMore={hasMore} isLoadingMore={isLoadingMore} onLoadMore={onLoadMore} label={t.loadMore} loadingLabel={t.loadingMore} />
        </Stack>
      )}
    </ListStates>
  );
}

interface DeliveryRowProps {
  delivery: WebhookDelivery;
  canRedeliver: boolean;
  onRedeliver: (deliveryId: string) => Promise<unknown>;
}

/** One delivery and its attempts; memoised: a new page or a redelivery re-renders only what changed. */
const DeliveryRow = memo(function DeliveryRow({ delivery, canRedeliver, onRedeliver }: DeliveryRowProps) {
  const action = useActionResult<'redeliver'>();
  const event = t.eventLabel(delivery.type);
  const when = formatDateTime(delivery.createdAt);
  const name = t.delivery(event, when);
  return (
    <Box as="li" aria-label={name} borderWidth="1px" borderRadius="md" p="3">
      <Stack gap="2">
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="semibold">{event}</Text>
          <Text textStyle="sm" color="fg.muted">
            {when}
          </Text>
          <Badge colorPalette={statePalette[delivery.state]}>{t.state[delivery.state]}</Badge>
          <Box flex="1" />
          {canRedeliver && (
            <Button
              size="xs"
              variant="outline"
              aria-label={t.redeliverLabel(event, when)}
              loading={action.pending === 'redeliver'}
              loadingText={t.redelivering}
              onClick={() => void action.run('redeliver', () => onRedeliver(delivery.id), t.redelivered)}
            >
              <LuRefreshCw aria-hidden />
              {t.redeliver}
            </Button>
          )}
        </Flex>
        {delivery.state === 'pending' && (
          <Text textStyle="sm" color="status.warn">
            {delivery.nextAttemptAt ? t.nextAttempt(formatDateTime(delivery.nextAttemptAt)) : t.nextAttemptNow}
          </Text>
        )}
        {delivery.state === 'failed' && (
          <Text textStyle="sm" color="status.down">
            {t.gaveUp}
          </Text>
        )}
        <Text textStyle="xs" color="fg.muted" wordBreak="break-all">
          {t.webhookId}{' '}
          <Text as="span" fontFamily="mono">
            {delivery.eventId}
          </Text>
        </Text>
        {delivery.attempts.length === 0 ? (
          <Text textStyle="sm" color="fg.muted">
            {t.noAttempts}
          </Text>
        ) : (
          <Stack as="ol" aria-label={t.attemptsLabel} gap="2" listStyleType="none" m="0" p="0">
            {delivery.attempts.map((attempt) => (
              <AttemptRow key={attempt.number} attempt={attempt} />
            ))}
          </Stack>
        )}
        <ActionOutcomeText outcome={action.outcome} />
      </Stack>
    </Box>
  );
});

function AttemptRow({ attempt }: { attempt: WebhookAttempt }) {
  const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
  return (
    <Box as="li" aria-label={t.attempt(attempt.number)} borderLeftWidth="2px" borderColor={ok ? 'status.ok' : 'status.down'} ps="3">
      <Text textStyle="sm">
        <Text as="span" fontWeight="medium">
          {t.attempt(attempt.number)}
        </Text>
        {' · '}
        {formatDateTime(attempt.at)}
        {' · '}
        <Text as="span" color={ok ? 'status.ok' : 'status.down'} fontWeight="medium">
          {attempt.status ?? t.noStatus}
        </Text>
        {' · '}
        {t.duration(attempt.durationMs)}
      </Text>
      {attempt.error && (
        <Text textStyle="sm" color="status.down">
          {attempt.error}
        </Text>
      )}
      {attempt.response !== null && (
        <Text textStyle="xs" color="fg.muted" mt="1">
          {t.response}
        </Text>
      )}
      {attempt.response !== null && (
        <Box
          as="pre"
          mt="1"
          p="2"
          bg="bg.muted"
          borderRadius="sm"
          fontFamily="mono"
          fontSize="xs"
          whiteSpace="pre-wrap"
          wordBreak="break-all"
        >
          {attempt.response}
        </Box>
      )}
    </Box>
  );
}

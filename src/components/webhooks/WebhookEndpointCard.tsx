import { memo, useEffect, useId, useRef } from 'react';
import { Alert, Badge, Card, Flex, HStack, Text } from '@chakra-ui/react';
import { Button } from '../common/Button';
// Icons the console already uses elsewhere: each new one would weigh on the first screen (react-icons/lu is in its chunk).
import { LuBan, LuCircleCheck, LuList, LuSend, LuSquarePen, LuTrash2 } from 'react-icons/lu';
import { WEBHOOK_DISABLE_AFTER_MS, webhookEventLabels, type WebhookEndpoint } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { webhookTexts } from '../../lib/texts-webhooks';
import { ActionOutcomeText } from '../common/ActionOutcomeText';
import { useActionResult } from '../common/useActionResult';

const t = webhookTexts.endpoint;

export interface WebhookEndpointCardProps {
  endpoint: WebhookEndpoint;
  onShowDeliveries: (id: string) => void;
  /** Sends a `webhook.test` event; rejects with the API's error. */
  onSendTest: (id: string) => Promise<unknown>;
  /** Enables (clearing its failures) or disables it; rejects with the API's error. */
  onSetEnabled: (id: string, enabled: boolean) => Promise<unknown>;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
}

/**
 * One endpoint: its address and events, whether it is enabled, what waits, how its last attempt
 * went, a warning while its deliveries fail and a notice (with Enable) once it is disabled; and
 * its actions: the delivery log, a test event, disable, edit, delete.
 */
export const WebhookEndpointCard = memo(function WebhookEndpointCard({
  endpoint,
  onShowDeliveries,
  onSendTest,
  onSetEnabled,
  onEdit,
  onDelete,
}: WebhookEndpointCardProps) {
  const urlId = useId();
  const action = useActionResult<'test' | 'enable' | 'disable'>();
  const { id, url, enabled, lastAttempt, failingSince } = endpoint;
  // Enable and Disable replace each other: the one that appears takes the focus of the one that went.
  const enableRef = useRef<HTMLButtonElement>(null);
  const disableRef = useRef<HTMLButtonElement>(null);
  const toggling = useRef(false);
  useEffect(() => {
    if (!toggling.current) return;
    toggling.current = false;
    const focused = document.activeElement;
    if (!focused || focused === document.body) (enabled ? disableRef : enableRef).current?.focus();
  }, [enabled]);
  const setEnabled = (next: boolean) => {
    toggling.current = true;
    void action.run(next ? 'enable' : 'disable', () => onSetEnabled(id, next), next ? t.enabledDone : t.disabledDone);
  };

  return (
    <Card.Root as="li" aria-labelledby={urlId} bg="bg.card" size="sm">
      <Card.Body gap="3">
        <Flex gap="2" align="center" wrap="wrap">
          <Text id={urlId} fontWeight="semibold" fontFamily="mono" wordBreak="break-all" flex="1" minW="12rem">
            {url}
          </Text>
          {!enabled ? (
            <Badge colorPalette="gray">{t.disabled}</Badge>
          ) : failingSince ? (
            <Badge colorPalette="orange">{t.failing}</Badge>
          ) : (
            <Badge colorPalette="green">{t.enabled}</Badge>
          )}
        </Flex>
        <Text textStyle="sm" color="fg.muted">
          {t.created(formatDateTime(endpoint.createdAt), endpoint.createdBy)}
        </Text>
        <HStack gap="2" wrap="wrap" align="center">
          <Text textStyle="sm" fontWeight="medium">
            {t.events}:
          </Text>
          <HStack as="ul" aria-label={t.events} gap="1.5" wrap="wrap" listStyleType="none" m="0" p="0">
            {endpoint.events.map((event) => (
              <Badge as="li" key={event} variant="outline">
                {webhookEventLabels[event]}
              </Badge>
            ))}
          </HStack>
        </HStack>
        <Text textStyle="sm">
          {t.pending(endpoint.pending)}
          {' · '}
          {lastAttempt ? (
            <Text as="span" color={lastAttempt.ok ? 'status.ok' : 'status.down'}>
              {t.lastAttempt(formatDateTime(lastAttempt.at), t.outcome(lastAttempt))}
            </Text>
          ) : (
            <Text as="span" color="fg.muted">
              {t.noAttempt}
            </Text>
          )}
        </Text>
        {enabled && failingSince && (
          <Alert.Root status="warning" size="sm">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t.failingSince(formatDateTime(failingSince))}</Alert.Title>
              <Alert.Description>
                {t.failingHint(formatDateTime(Date.parse(failingSince) + WEBHOOK_DISABLE_AFTER_MS))}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {!enabled && (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t.disabledTitle}</Alert.Title>
              {endpoint.disabledReason && <Alert.Description>{endpoint.disabledReason}</Alert.Description>}
              {endpoint.disabledAt && (
                <Alert.Description>{t.disabledAt(formatDateTime(endpoint.disabledAt))}</Alert.Description>
              )}
            </Alert.Content>
            <Button
              ref={enableRef}
              size="sm"
              colorPalette="blue"
              alignSelf="center"
              aria-label={t.enableLabel(url)}
              loading={action.pending === 'enable'}
              loadingText={t.enabling}
              onClick={() => setEnabled(true)}
            >
              <LuCircleCheck aria-hidden />
              {t.enable}
            </Button>
          </Alert.Root>
        )}
        <Flex gap="2" wrap="wrap">
          <Button size="sm" variant="outline" aria-label={t.deliveriesLabel(url)} onClick={() => onShowDeliveries(id)}>
            <LuList aria-hidden />
            {t.deliveries}
          </Button>
          {enabled && (
            <Button
              size="sm"
              variant="outline"
              aria-label={t.sendTestLabel(url)}
              loading={action.pending === 'test'}
              loadingText={t.sending}
              onClick={() => void action.run('test', () => onSendTest(id), t.testSent)}
            >
              <LuSend aria-hidden />
              {t.sendTest}
            </Button>
          )}
          {enabled && (
            <Button
              ref={disableRef}
              size="sm"
              variant="outline"
              aria-label={t.disableLabel(url)}
              loading={action.pending === 'disable'}
              loadingText={t.disabling}
              onClick={() => setEnabled(false)}
            >
              <LuBan aria-hidden />
              {t.disable}
            </Button>
          )}
          <Button size="sm" variant="outline" aria-label={t.editLabel(url)} onClick={() => onEdit(endpoint)}>
            <LuSquarePen aria-hidden />
            {t.edit}
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" aria-label={t.deleteLabel(url)} onClick={() => onDelete(endpoint)}>
            <LuTrash2 aria-hidden />
            {t.delete}
          </Button>
        </Flex>
        <ActionOutcomeText outcome={action.outcome} />
      </Card.Body>
    </Card.Root>
  );
});

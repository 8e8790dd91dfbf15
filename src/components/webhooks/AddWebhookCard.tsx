import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Box, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { Button } from '../common/Button';
import { LuPlus } from 'react-icons/lu';
import type { WebhookCreate } from '../../contract';
import { webhookTexts } from '../../lib/texts-webhooks';
import { OneTimeSecret } from '../account/OneTimeSecret';
import { ErrorNotice } from '../common/ErrorNotice';
import { messageOf } from '../common/messageOf';
import { useWebhookDraft } from './useWebhookDraft';
import { WebhookFields, type WebhookDraft } from './WebhookFields';

const t = webhookTexts.form;
const empty: WebhookDraft = { url: '', events: [] };

export interface AddWebhookCardProps {
  /** Adds the endpoint; rejects with the API's error (an address refused), which shows under the form. */
  onAdd: (request: WebhookCreate) => Promise<unknown>;
  /** The endpoint just added and its signing secret, shown once until dismissed. */
  created?: { url: string; secret: string } | null;
  onDismissCreated: () => void;
}

/**
 * 'Add endpoint': an address and the events to send to it. A refusal shows under the form with
 * what was typed kept; once added, the endpoint's signing secret shows this once, with Copy.
 */
export function AddWebhookCard({ onAdd, created, onDismissCreated }: AddWebhookCardProps) {
  const titleId = useId();
  const { draft, setDraft, check, fields } = useWebhookDraft(empty);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const firstEventRef = useRef<HTMLInputElement>(null);
  const secretRef = useRef<HTMLDivElement>(null);
  const secret = created?.secret;
  useEffect(() => {
    if (secret) secretRef.current?.focus();
  }, [secret]);

  const dismissSecret = () => {
    onDismissCreated();
    urlRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setRefusal(null);
    if (found.url) return urlRef.current?.focus();
    if (found.events) return firstEventRef.current?.focus();
    setPending(true);
    try {
      await onAdd({ url: draft.url.trim(), events: draft.events });
      setDraft(empty);
    } catch (cause) {
      setRefusal(messageOf(cause));
    } finally {
      setPending(false);
    }
  };

  return (
    <Card.Root as="section" aria-labelledby={titleId} bg="bg.card">
      <Card.Header>
        <Heading as="h2" size="md" id={titleId}>
          {t.title}
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          {t.intro}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {created && (
            // Focused when it appears (the Add button lost the focus while busy): it is what to read now.
            <Box ref={secretRef} tabIndex={-1} outline="none">
              <OneTimeSecret message={webhookTexts.secret.created(created.url)} secret={created.secret} onDismiss={dismissSecret} />
            </Box>
          )}
          <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
            <Stack gap="4">
              <WebhookFields {...fields} urlRef={urlRef} firstEventRef={firstEventRef} />
              <div>
                <Button type="submit" colorPalette="blue" loading={pending} loadingText={t.submitting}>
                  <LuPlus aria-hidden />
                  {t.submit}
                </Button>
              </div>
              <ErrorNotice message={refusal} />
            </Stack>
          </form>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

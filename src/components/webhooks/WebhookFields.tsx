import { useId, type Ref } from 'react';
import { Box, Checkbox, Field, Grid, Input, Text } from '@chakra-ui/react';
import { MAX_WEBHOOK_URL_LENGTH, WEBHOOK_EVENT_TYPES, webhookEventLabels, type WebhookEventType } from '../../contract';
import { webhookTexts } from '../../lib/texts-webhooks';

const t = webhookTexts.form;

/** What the admin typed and ticked, before it is sent. */
export interface WebhookDraft {
  url: string;
  events: WebhookEventType[];
}

/** What is missing from a draft (said at its field once the admin tried to send it). */
export interface WebhookDraftProblems {
  url?: string;
  events?: string;
}

export function draftProblems(draft: WebhookDraft): WebhookDraftProblems {
  return {
    ...(draft.url.trim() ? {} : { url: t.urlRequired }),
    ...(draft.events.length ? {} : { events: t.eventsRequired }),
  };
}

export interface WebhookFieldsProps {
  draft: WebhookDraft;
  onChange: (draft: WebhookDraft) => void;
  /** Shown only after a try to send. */
  problems: WebhookDraftProblems;
  urlRef?: Ref<HTMLInputElement>;
  firstEventRef?: Ref<HTMLInputElement>;
}

/** An endpoint's address and its events (one checkbox each, in the contract's order). */
export function WebhookFields({ draft, onChange, problems, urlRef, firstEventRef }: WebhookFieldsProps) {
  const eventsNoteId = useId();
  const toggle = (event: WebhookEventType, checked: boolean) => {
    const events = checked ? [...draft.events, event] : draft.events.filter((e) => e !== event);
    // Sent in the contract's order, whatever the order of the clicks.
    onChange({ ...draft, events: WEBHOOK_EVENT_TYPES.filter((e) => events.includes(e)) });
  };
  return (
    <>
      <Field.Root required invalid={!!problems.url}>
        <Field.Label>{t.url}</Field.Label>
        <Input
          ref={urlRef}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_WEBHOOK_URL_LENGTH}
          placeholder={t.urlPlaceholder}
          value={draft.url}
          onChange={(event) => onChange({ ...draft, url: event.target.value })}
        />
        {problems.url && <Field.ErrorText color="status.down">{problems.url}</Field.ErrorText>}
      </Field.Root>
      <Box
        as="fieldset"
        border="0"
        m="0"
        p="0"
        minW="0"
        aria-describedby={eventsNoteId}
      >
        <Text as="legend" fontWeight="medium" textStyle="sm" mb="1">
          {t.events}
        </Text>
        <Text id={eventsNoteId} textStyle="sm" color={problems.events ? 'status.down' : 'fg.muted'} mb="2">
          {problems.events ?? t.eventsHint}
        </Text>
        <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }} gap="2">
          {WEBHOOK_EVENT_TYPES.map((event, index) => (
            <Checkbox.Root
              key={event}
              checked={draft.events.includes(event)}
              onCheckedChange={(details) => toggle(event, details.checked === true)}
            >
              <Checkbox.HiddenInput ref={index === 0 ? firstEventRef : undefined} />
              <Checkbox.Control />
              <Checkbox.Label>{webhookEventLabels[event]}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Grid>
      </Box>
    </>
  );
}

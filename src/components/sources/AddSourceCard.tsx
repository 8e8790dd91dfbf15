import { useId, useRef, useState, type FormEvent } from 'react';
import { Card, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';
import { MAX_SOURCE_PATTERN_LENGTH, MAX_SOURCE_URL_LENGTH, SOURCE_MIN_INTERVAL_MINUTES, type SourceCreate } from '../../contract';
import { sourceTexts } from '../../lib/texts-sources';
import { Button } from '../common/Button';
import { ErrorNotice } from '../common/ErrorNotice';
import { messageOf } from '../common/messageOf';
import { ActionOutcomeText } from '../common/ActionOutcomeText';
import type { ActionOutcome } from '../common/useActionResult';

const t = sourceTexts.form;

interface Draft {
  url: string;
  interval: string;
  include: string;
}
const empty: Draft = { url: '', interval: '', include: '' };

/** What is wrong with a draft (said at its field once the editor tried to send it). */
function problemsOf(draft: Draft): { url?: string; interval?: string } {
  const minutes = Number(draft.interval);
  return {
    ...(draft.url.trim() ? {} : { url: t.urlRequired }),
    ...(draft.interval.trim() === '' || (Number.isInteger(minutes) && minutes >= SOURCE_MIN_INTERVAL_MINUTES) ? {} : { interval: t.intervalInvalid }),
  };
}

export interface AddSourceCardProps {
  /** Follows the source; resolves with its feed and the feeds its page named, rejects with the API's error (shown under the form). */
  onAdd: (request: SourceCreate) => Promise<{ feedUrl: string; found: readonly string[] }>;
}

/**
 * 'Add source': an address, how often to poll it, and an optional URL pattern. The server reads
 * the address first (which can take a few seconds): a refusal shows under the form with what was
 * typed kept; once added, what is followed is said (and the other feeds a page named).
 */
export function AddSourceCard({ onAdd }: AddSourceCardProps) {
  const titleId = useId();
  const [draft, setDraft] = useState<Draft>(empty);
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [added, setAdded] = useState<ActionOutcome | null>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const intervalRef = useRef<HTMLInputElement>(null);
  const problems = tried ? problemsOf(draft) : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setRefusal(null);
    setAdded(null);
    const found = problemsOf(draft);
    if (found.url) return urlRef.current?.focus();
    if (found.interval) return intervalRef.current?.focus();
    setPending(true);
    try {
      const request: SourceCreate = { url: draft.url.trim() };
      if (draft.interval.trim()) request.intervalMinutes = Number(draft.interval);
      if (draft.include.trim()) request.include = draft.include.trim();
      const result = await onAdd(request);
      setDraft(empty);
      setTried(false);
      setAdded({ text: t.added(result.feedUrl, result.found), error: false });
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
        <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
          <Stack gap="4">
            <Field.Root required invalid={!!problems.url}>
              <Field.Label>{t.url}</Field.Label>
              <Input
                ref={urlRef}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                maxLength={MAX_SOURCE_URL_LENGTH}
                placeholder={t.urlPlaceholder}
                value={draft.url}
                onChange={(event) => setDraft({ ...draft, url: event.target.value })}
              />
              {problems.url && <Field.ErrorText color="status.down">{problems.url}</Field.ErrorText>}
            </Field.Root>
            <Field.Root invalid={!!problems.interval}>
              <Field.Label>{t.interval}</Field.Label>
              <Input
                ref={intervalRef}
                type="number"
                inputMode="numeric"
                min={SOURCE_MIN_INTERVAL_MINUTES}
                step={1}
                maxW="12rem"
                placeholder="60"
                value={draft.interval}
                onChange={(event) => setDraft({ ...draft, interval: event.target.value })}
              />
              {problems.interval ? (
                <Field.ErrorText color="status.down">{problems.interval}</Field.ErrorText>
              ) : (
                <Field.HelperText>{t.intervalHint}</Field.HelperText>
              )}
            </Field.Root>
            <Field.Root>
              <Field.Label>{t.include}</Field.Label>
              <Input
                autoComplete="off"
                spellCheck={false}
                fontFamily="mono"
                maxLength={MAX_SOURCE_PATTERN_LENGTH}
                value={draft.include}
                onChange={(event) => setDraft({ ...draft, include: event.target.value })}
              />
              <Field.HelperText>{t.includeHint}</Field.HelperText>
            </Field.Root>
            <div>
              <Button type="submit" colorPalette="blue" loading={pending} loadingText={t.submitting}>
                <LuPlus aria-hidden />
                {t.submit}
              </Button>
            </div>
            <ErrorNotice message={refusal} />
            <ActionOutcomeText outcome={added} />
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

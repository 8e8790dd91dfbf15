import { memo, useEffect, useId, useRef } from 'react';
import { Alert, Badge, Card, Checkbox, Flex, Text } from '@chakra-ui/react';
import { Button } from '../common/Button';
// Icons the console already uses elsewhere: each new one would weigh on the first screen (react-icons/lu is in its chunk).
import { LuBan, LuCircleCheck, LuList, LuRefreshCw, LuTrash2 } from 'react-icons/lu';
import type { Source, SourcePoll } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { sourceTexts } from '../../lib/texts-sources';
import { ActionOutcomeText } from '../common/ActionOutcomeText';
import { Sparkline } from '../common/Sparkline';
import { useActionResult } from '../common/useActionResult';

const t = sourceTexts.source;

export interface SourceCardProps {
  source: Source;
  /** The signed-in role may poll, pause, resume and delete sources. */
  canManage: boolean;
  onShowEntries: (id: string) => void;
  /** Polls now; resolves with what the poll did, rejects with the API's error. */
  onPoll: (id: string) => Promise<SourcePoll>;
  /** Pauses or resumes it; rejects with the API's error. */
  onSetPaused: (id: string, paused: boolean) => Promise<unknown>;
  /** Watches its articles' pages for changes, or stops; rejects with the API's error. */
  onSetWatch: (id: string, watch: boolean) => Promise<unknown>;
  onDelete: (source: Source) => void;
}

/** Its drafts a day: the total and today's in words, a line per day beside them. */
function DraftsPerDay({ days }: { days: NonNullable<Source['draftsPerDay']> }) {
  const values = days.map((d) => d.drafts);
  return (
    <Flex align="center" gap="3" wrap="wrap">
      <Text textStyle="sm">{t.drafts(days.length, values.reduce((sum, n) => sum + n, 0), values.at(-1) ?? 0)}</Text>
      <Text as="span" color="fg.muted" lineHeight="0">
        <Sparkline values={values} />
      </Text>
    </Flex>
  );
}

/**
 * One source: its feed, kind and state, how often it is polled, when it was and will be, what
 * its entries became and its drafts a day, whether its articles are watched for changes, a
 * warning while it fails (why, and when it is tried again); and its actions: its entries, and
 * for who may manage sources, watch or not, poll now, pause or resume, delete.
 */
export const SourceCard = memo(function SourceCard({ source, canManage, onShowEntries, onPoll, onSetPaused, onSetWatch, onDelete }: SourceCardProps) {
  const nameId = useId();
  const watchHintId = useId();
  const action = useActionResult<'poll' | 'pause' | 'resume' | 'watch'>();
  const { id, feedUrl, paused, lastError } = source;
  // Pause and Resume replace each other: the one that appears takes the focus of the one that went.
  const pauseRef = useRef<HTMLButtonElement>(null);
  const resumeRef = useRef<HTMLButtonElement>(null);
  const toggling = useRef(false);
  useEffect(() => {
    if (!toggling.current) return;
    toggling.current = false;
    const focused = document.activeElement;
    if (!focused || focused === document.body) (paused ? resumeRef : pauseRef).current?.focus();
  }, [paused]);
  const setPaused = (next: boolean) => {
    toggling.current = true;
    void action.run(next ? 'pause' : 'resume', () => onSetPaused(id, next), next ? t.pausedDone : t.resumedDone);
  };
  // A poll that could not read the source answers its reason: said as a refusal.
  const poll = () =>
    void action.run(
      'poll',
      async () => {
        const result = await onPoll(id);
        if (result.error) throw new Error(t.polled(result));
        return result;
      },
      t.polled,
    );

  return (
    <Card.Root as="li" aria-labelledby={nameId} bg="bg.card" size="sm">
      <Card.Body gap="3">
        <Flex gap="2" align="center" wrap="wrap">
          <Text id={nameId} fontWeight="semibold" flex="1" minW="12rem" wordBreak="break-word">
            {source.title ?? feedUrl}
          </Text>
          <Badge variant="outline">{t.kind[source.kind]}</Badge>
          {paused ? (
            <Badge colorPalette="gray">{t.paused}</Badge>
          ) : lastError ? (
            <Badge colorPalette="orange">{t.failing}</Badge>
          ) : (
            <Badge colorPalette="green">{t.following}</Badge>
          )}
        </Flex>
        {source.title && (
          <Text textStyle="sm" fontFamily="mono" wordBreak="break-all">
            {feedUrl}
          </Text>
        )}
        <Text textStyle="sm" color="fg.muted">
          {t.every(source.intervalMinutes)}
          {' · '}
          {source.lastPolledAt ? t.lastPolled(formatDateTime(source.lastPolledAt)) : t.neverPolled}
          {source.nextPollAt && !lastError ? ` · ${t.nextPoll(formatDateTime(source.nextPollAt))}` : ''}
        </Text>
        {source.include && (
          <Text textStyle="sm" color="fg.muted">
            {t.include(source.include)}
          </Text>
        )}
        <Text textStyle="sm">
          {t.counts(source.counts)}
          {source.notModified > 0 ? ` · ${t.notModified(source.notModified)}` : ''}
        </Text>
        {source.draftsPerDay && <DraftsPerDay days={source.draftsPerDay} />}
        {source.watch !== undefined &&
          (canManage ? (
            <Checkbox.Root
              size="sm"
              checked={source.watch}
              disabled={action.pending === 'watch'}
              onCheckedChange={(details) => {
                const watch = details.checked === true;
                void action.run('watch', () => onSetWatch(id, watch), watch ? t.watchOn : t.watchOff);
              }}
            >
              <Checkbox.HiddenInput aria-describedby={watchHintId} />
              <Checkbox.Control />
              <Checkbox.Label>{t.watch}</Checkbox.Label>
            </Checkbox.Root>
          ) : (
            <Text textStyle="sm">{source.watch ? t.watched : t.notWatched}</Text>
          ))}
        {canManage && source.watch !== undefined && (
          <Text id={watchHintId} textStyle="xs" color="fg.muted" mt="-2">
            {t.watchHint}
          </Text>
        )}
        <Text textStyle="xs" color="fg.muted">
          {t.added(formatDateTime(source.createdAt), source.createdBy)}
        </Text>
        {!paused && lastError && (
          <Alert.Root status="warning" size="sm">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t.failingTitle(source.failures)}</Alert.Title>
              <Alert.Description>{lastError}</Alert.Description>
              {source.nextPollAt && <Alert.Description>{t.retryAt(formatDateTime(source.nextPollAt))}</Alert.Description>}
            </Alert.Content>
          </Alert.Root>
        )}
        <Flex gap="2" wrap="wrap">
          <Button size="sm" variant="outline" aria-label={t.entriesLabel(feedUrl)} onClick={() => onShowEntries(id)}>
            <LuList aria-hidden />
            {t.entries}
          </Button>
          {canManage && (
            <>
              <Button
                size="sm"
                variant="outline"
                // While it works, its name is what it shows (a name that hides the visible text misleads speech input).
                aria-label={action.pending === 'poll' ? `${t.polling} ${feedUrl}` : t.pollNowLabel(feedUrl)}
                loading={action.pending === 'poll'}
                loadingText={t.polling}
                onClick={poll}
              >
                <LuRefreshCw aria-hidden />
                {t.pollNow}
              </Button>
              {paused ? (
                <Button
                  ref={resumeRef}
                  size="sm"
                  variant="outline"
                  aria-label={action.pending === 'resume' ? `${t.resuming} ${feedUrl}` : t.resumeLabel(feedUrl)}
                  loading={action.pending === 'resume'}
                  loadingText={t.resuming}
                  onClick={() => setPaused(false)}
                >
                  <LuCircleCheck aria-hidden />
                  {t.resume}
                </Button>
              ) : (
                <Button
                  ref={pauseRef}
                  size="sm"
                  variant="outline"
                  aria-label={action.pending === 'pause' ? `${t.pausing} ${feedUrl}` : t.pauseLabel(feedUrl)}
                  loading={action.pending === 'pause'}
                  loadingText={t.pausing}
                  onClick={() => setPaused(true)}
                >
                  <LuBan aria-hidden />
                  {t.pause}
                </Button>
              )}
              <Button size="sm" variant="outline" colorPalette="red" aria-label={t.deleteLabel(feedUrl)} onClick={() => onDelete(source)}>
                <LuTrash2 aria-hidden />
                {t.delete}
              </Button>
            </>
          )}
        </Flex>
        <ActionOutcomeText outcome={action.outcome} />
      </Card.Body>
    </Card.Root>
  );
});

import { useState } from 'react';
import { Alert, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { SaveRow } from './SaveRow';
import { SectionCard } from './SectionCard';
import { Button } from '../common/Button';
import { scheduleProblem, type Article, type ArticleStatus, type SchedulePatch } from '../../contract';
import { scheduleTexts as t } from '../../lib/texts-schedule';
import { browserTimeZone, instantToWallClock, timeZoneChoices } from '../../lib/zonedTime';
import { LockNotice } from '../article-editor/LockNotice';
import { ErrorNotice } from '../common/ErrorNotice';
import { messageOf } from '../common/messageOf';
import { readWallClock, ScheduleTimeField, TimeZoneField } from '../schedule/ScheduleFields';
import { scheduledText, zonedText } from '../schedule/scheduleText';
import { useCheckedWrite } from './useCheckedWrite';

/** The schedule an article carries (src/contract/schedule.ts). */
export type ArticleSchedule = Pick<Article, 'publishAt' | 'unpublishAt' | 'scheduleTimeZone' | 'scheduleFailure' | 'scheduleNote'>;

export interface ScheduleCardProps {
  status: ArticleStatus;
  schedule: ArticleSchedule;
  /** The zone the inputs are read in when the article has none (the browser's by default; stories pin it). */
  defaultTimeZone?: string;
  /** The zones offered (`timeZoneChoices()` by default). */
  timeZones?: readonly string[];
  /** The clock the times are checked against before sending (stories may pin it). */
  now?: () => Date;
  /** Sends a schedule change (PATCH); resolves once saved, rejects with the API's error. */
  onSave: (patch: SchedulePatch) => Promise<unknown>;
  /** Runs a failed change now (POST …/schedule/retry); rejects with the API's error. */
  onRetry: () => Promise<unknown>;
  /** Why the signed-in role may not schedule: the card shows the schedule and says so, without its inputs and Retry. */
  refused?: string | null;
}

type Field = 'publishAt' | 'unpublishAt';
type Pending = 'save' | Field | 'retry' | null;
const FIELDS: readonly Field[] = ['publishAt', 'unpublishAt'];

/**
 * The article page's Schedule card: when the article is to be published (a draft) and to go
 * back to draft (a draft with a publish time, or a published article), each a date and time
 * read in the chosen IANA zone with its UTC time beside it; Save sends the changed times as ISO
 * instants with their offset, with the zone; Clear sends null. The times are checked as the
 * server checks them (`scheduleProblem`) before anything is sent, and a refusal, the card's or
 * the server's, is said in the server's words with every input left as typed. A change that
 * could not be made shows why, with Retry; a late one, its note.
 */
export function ScheduleCard({
  status,
  schedule,
  defaultTimeZone,
  timeZones,
  now = () => new Date(),
  onSave,
  onRetry,
  refused,
}: ScheduleCardProps) {
  const [fallbackZone] = useState(() => defaultTimeZone ?? browserTimeZone());
  const savedZone = schedule.scheduleTimeZone ?? defaultTimeZone ?? fallbackZone;
  const [zoneEdit, setZoneEdit] = useState<string | null>(null);
  const [edits, setEdits] = useState<Record<Field, string | null>>({ publishAt: null, unpublishAt: null });
  const { pending, setPending, outcome, setOutcome, write } = useCheckedWrite<Exclude<Pending, null>>();
  const [retryError, setRetryError] = useState<string | null>(null);
  const [zones] = useState(() => timeZones ?? timeZoneChoices([fallbackZone, schedule.scheduleTimeZone]));

  const zone = zoneEdit ?? savedZone;
  const isDraft = status === 'draft';
  const failure = schedule.scheduleFailure ?? null;
  const saved = (field: Field) => schedule[field] ?? null;
  const valueOf = (field: Field) => edits[field] ?? (saved(field) ? instantToWallClock(saved(field)!, zone) : '');
  const values = { publishAt: valueOf('publishAt'), unpublishAt: valueOf('unpublishAt') };
  const shown: Record<Field, boolean> = {
    publishAt: isDraft,
    // An unpublish needs the article published, or a publish before it.
    unpublishAt: !isDraft || saved('publishAt') !== null || values.publishAt !== '',
  };
  /** The field's new instant, when it is shown and holds another time than the saved one. */
  const changed = (field: Field) => {
    const read = shown[field] ? readWallClock(values[field], zone) : null;
    const before = saved(field);
    return read && (before === null || read.at.getTime() !== Date.parse(before)) ? read : null;
  };
  const changes = { publishAt: changed('publishAt'), unpublishAt: changed('unpublishAt') };
  const busy = pending !== null;

  const edit = (field: Field) => (value: string) => {
    setEdits((current) => ({ ...current, [field]: value }));
    setOutcome(null);
  };
  /** Another zone reads the times as typed in it: what the inputs show stays, the instants move. */
  const chooseZone = (next: string) => {
    setEdits(values);
    setZoneEdit(next);
    setOutcome(null);
  };

  const send = async (kind: Exclude<Pending, 'retry' | null>, patch: SchedulePatch, done: string) => {
    // The server's own check, here first: the same message, and nothing sent.
    const current = {
      publishAt: saved('publishAt') ? new Date(saved('publishAt')!) : null,
      unpublishAt: saved('unpublishAt') ? new Date(saved('unpublishAt')!) : null,
    };
    await write(
      kind,
      scheduleProblem(patch, now(), current),
      async () => {
        await onSave(patch);
        // The saved times show as saved; anything typed meanwhile stays.
        setEdits((current) => ({
          publishAt: 'publishAt' in patch && current.publishAt === values.publishAt ? null : current.publishAt,
          unpublishAt: 'unpublishAt' in patch && current.unpublishAt === values.unpublishAt ? null : current.unpublishAt,
        }));
        if (patch.timeZone !== undefined) setZoneEdit((current) => (current === patch.timeZone ? null : current));
      },
      done,
    );
  };

  const save = () =>
    void send(
      'save',
      {
        ...(changes.publishAt ? { publishAt: changes.publishAt.iso } : {}),
        ...(changes.unpublishAt ? { unpublishAt: changes.unpublishAt.iso } : {}),
        timeZone: zone,
      },
      t.saved,
    );
  // A draft is unpublished only once published: its publish time goes with its unpublish time.
  const clearsBoth = isDraft && saved('publishAt') !== null && saved('unpublishAt') !== null;
  const clear = (field: Field) =>
    void send(field, field === 'publishAt' && clearsBoth ? { publishAt: null, unpublishAt: null } : { [field]: null }, t.cleared);

  const retry = async () => {
    if (!failure) return;
    setPending('retry');
    setRetryError(null);
    setOutcome(null);
    try {
      await onRetry();
      setOutcome({ ok: true, message: t.retried(failure.action) });
    } catch (cause) {
      setRetryError(messageOf(cause));
    } finally {
      setPending(null);
    }
  };

  const summary = FIELDS
    .filter((field) => saved(field) && failure?.action !== (field === 'publishAt' ? 'publish' : 'unpublish'))
    .map((field) => scheduledText(field === 'publishAt' ? 'publish' : 'unpublish', saved(field)!, savedZone));

  const clearButton = (field: Field) =>
    saved(field) ? (
      <Button
        variant="outline"
        size="sm"
        aria-label={field === 'publishAt' ? t.clearPublish : t.clearUnpublish}
        disabled={busy}
        loading={pending === field}
        onClick={() => clear(field)}
      >
        {t.clear}
      </Button>
    ) : null;

  return (
    <SectionCard title={t.title} subtitle={isDraft ? t.subtitleDraft : t.subtitlePublished}>
      <Card.Body>
        <Stack gap="4">
          {failure ? (
            <Alert.Root status="error" role="alert" alignItems="flex-start">
              <Alert.Indicator />
              <Alert.Content gap="2">
                <Alert.Title>{t.failed(failure.action)}</Alert.Title>
                <Alert.Description>{t.failedBody(failure.reason, zonedText(failure.dueAt, savedZone))}</Alert.Description>
                {retryError ? <Alert.Description fontWeight="medium">{retryError}</Alert.Description> : null}
                {refused ? null : (
                  <HStack>
                    <Button
                      size="sm"
                      colorPalette="red"
                      disabled={busy}
                      loading={pending === 'retry'}
                      loadingText={t.retrying}
                      onClick={() => void retry()}
                    >
                      {t.retry}
                    </Button>
                  </HStack>
                )}
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {schedule.scheduleNote ? (
            <Alert.Root status="info" alignItems="center">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t.noteLabel}</Alert.Title>
                <Alert.Description>{schedule.scheduleNote}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {summary.length > 0 ? (
            <Stack gap="1">
              {summary.map((line) => (
                <Text key={line} fontWeight="medium">
                  {line}
                </Text>
              ))}
            </Stack>
          ) : failure ? null : (
            <Text color="fg.muted">{t.nothingScheduled}</Text>
          )}
          {refused ? (
            <LockNotice text={refused} />
          ) : (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                save();
              }}
            >
              <Stack gap="4">
                <TimeZoneField value={zone} zones={zones} onChange={chooseZone} disabled={busy} />
                {FIELDS.map((field) =>
                  shown[field] ? (
                    <ScheduleTimeField
                      key={field}
                      label={field === 'publishAt' ? t.publishLabel : t.unpublishLabel}
                      value={values[field]}
                      zone={zone}
                      onChange={edit(field)}
                      disabled={busy}
                      action={clearButton(field)}
                    />
                  ) : null,
                )}
                {clearsBoth ? (
                  <Text textStyle="sm" color="fg.muted">
                    {t.clearsBoth}
                  </Text>
                ) : null}
                {outcome && !outcome.ok ? <ErrorNotice message={outcome.message} /> : null}
                <SaveRow
                  label={t.save}
                  loadingText={t.saving}
                  disabled={busy || (!changes.publishAt && !changes.unpublishAt)}
                  loading={pending === 'save'}
                  outcome={outcome}
                />
              </Stack>
            </form>
          )}
        </Stack>
      </Card.Body>
    </SectionCard>
  );
}

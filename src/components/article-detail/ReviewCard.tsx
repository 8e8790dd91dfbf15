import { useState } from 'react';
import { Badge, Box, Card, Field, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { SectionCard } from './SectionCard';
import { Button } from '../common/Button';
import { ErrorNotice } from '../common/ErrorNotice';
import { InlineError } from '../common/InlineError';
import { InlineLoading } from '../common/InlineLoading';
import { REVIEW_NOTE_MAX, reviewMessages, reviewProblem, scheduleProblem, type ArticleReview, type ReviewAction, type ReviewPublish, type ReviewState } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { browserTimeZone } from '../../lib/zonedTime';
import { readWallClock, ScheduleTimeField } from '../schedule/ScheduleFields';
import { reviewTexts as t } from '../../lib/texts-review';

const PALETTE: Record<ReviewState, string> = { none: 'gray', in_review: 'blue', changes_requested: 'orange', approved: 'green' };

/** The refusals that are the note's (the field is marked); a publish time's are not. */
const NOTE_PROBLEMS = new Set<string>([reviewMessages.noteRequired, reviewMessages.noteTooLong]);

/** What an approval does besides. */
type Then = keyof typeof t.then;
const APPROVE_LABEL: Record<Then, string> = { keep: t.approve, now: t.approveAndPublish, schedule: t.approveAndSchedule };

export interface ReviewCardProps {
  /** The review (undefined while it is read). */
  review: ArticleReview | undefined;
  /** Why it could not be read, in the server's words, or null. */
  loadError: string | null;
  onRetry: () => void;
  isPublished: boolean;
  /** The role may ask for a review (authors and up). */
  canRequest: boolean;
  /** The role decides reviews (editors and admins). */
  canDecide: boolean;
  /**
   * Takes a step (with an approval, perhaps a publish: at once or scheduled); resolves with the
   * server's words once done, rejects with its refusal.
   */
  onStep: (action: ReviewAction, note: string, publish?: ReviewPublish) => Promise<string>;
  /** The zone a publish time is read in (the browser's by default; stories pin it). */
  defaultTimeZone?: string;
}

/**
 * The article page's Review card: where the review stands (asked by whom, of whom, when; the
 * decision and its note), 'Ask for review' for those who may edit the draft, and, while it is in
 * review, a note with 'Approve' and 'Ask for changes' for editors; on a draft, the approval can
 * also publish it at once or schedule its publish (a time read in the browser's zone, its UTC
 * time beside it). A step's outcome is said in a live region; a refusal in the server's words,
 * the note and the time kept.
 */
export function ReviewCard({ review, loadError, onRetry, isPublished, canRequest, canDecide, onStep, defaultTimeZone }: ReviewCardProps) {
  const [note, setNote] = useState('');
  const [then, setThen] = useState<Then>('keep');
  const [publishAt, setPublishAt] = useState('');
  const [zone] = useState(() => defaultTimeZone ?? browserTimeZone());
  const [pending, setPending] = useState<ReviewAction | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  /** What the approval publishes, or the problem with its time. */
  const publishOf = (): { publish?: ReviewPublish; problem?: string } => {
    if (isPublished || then === 'keep') return {};
    if (then === 'now') return { publish: 'now' };
    const zoned = readWallClock(publishAt, zone);
    if (!zoned) return { problem: t.chooseTime };
    const publish = { publishAt: zoned.iso, timeZone: zone };
    const problem = scheduleProblem(publish, new Date());
    return problem ? { problem } : { publish };
  };

  const take = async (action: ReviewAction) => {
    const besides = action === 'approve' ? publishOf() : {};
    const problem = reviewProblem({ action, note }) ?? besides.problem;
    if (problem) return setOutcome({ ok: false, message: problem });
    setPending(action);
    setOutcome(null);
    try {
      const message = await (besides.publish ? onStep(action, note.trim(), besides.publish) : onStep(action, note.trim()));
      setOutcome({ ok: true, message });
      if (action !== 'request') {
        setNote('');
        setThen('keep');
        setPublishAt('');
      }
    } catch (error) {
      setOutcome({ ok: false, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(null);
    }
  };

  const body = () => {
    if (loadError) return <InlineError title={t.failed} message={loadError} onRetry={onRetry} />;
    if (!review) return <InlineLoading label={t.loading} />;
    const when = (at: string | null) => (at ? formatDateTime(at) : '');
    const asking = canRequest && !isPublished && review.state !== 'in_review';
    const deciding = canDecide && review.state === 'in_review';
    return (
      <Stack gap="4">
        <HStack gap="3" wrap="wrap">
          <Badge colorPalette={PALETTE[review.state]} size="lg">
            {t.states[review.state]}
          </Badge>
          {review.state !== 'none' ? (
            <Text textStyle="sm" color="fg.muted">
              {t.asked(review.requestedBy?.email ?? null, when(review.requestedAt), review.reviewers.map((r) => r.email))}
            </Text>
          ) : (
            <Text textStyle="sm" color="fg.muted">
              {isPublished ? t.publishedNone : t.never}
            </Text>
          )}
        </HStack>
        {review.state === 'approved' || review.state === 'changes_requested' ? (
          <Stack gap="1">
            <Text textStyle="sm">
              {review.state === 'approved' ? t.approvedBy(review.decidedBy?.email ?? null, when(review.decidedAt)) : t.changesBy(review.decidedBy?.email ?? null, when(review.decidedAt))}
            </Text>
            {review.note ? (
              <Box as="blockquote" borderStartWidth="3px" borderColor="border.emphasized" ps="3" whiteSpace="pre-wrap">
                <Text textStyle="sm">{review.note}</Text>
              </Box>
            ) : null}
          </Stack>
        ) : null}
        {deciding ? (
          <Field.Root invalid={outcome?.ok === false && NOTE_PROBLEMS.has(outcome.message)}>
            <Field.Label>{t.noteLabel}</Field.Label>
            <Textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={REVIEW_NOTE_MAX} rows={3} bg="bg.card" />
            <Field.HelperText>{t.noteHelp}</Field.HelperText>
          </Field.Root>
        ) : null}
        {deciding && !isPublished ? (
          <Stack gap="3">
            <Field.Root maxW="sm">
              <Field.Label>{t.thenLabel}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={then} bg="bg.card" onChange={(event) => setThen(event.target.value as Then)}>
                  {(Object.keys(t.then) as Then[]).map((key) => (
                    <option key={key} value={key}>
                      {t.then[key]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>{t.thenHelp}</Field.HelperText>
            </Field.Root>
            {then === 'schedule' ? (
              <Stack gap="1">
                <ScheduleTimeField label={t.publishAtLabel} value={publishAt} zone={zone} onChange={setPublishAt} />
                <Text textStyle="sm" color="fg.muted">
                  {t.readIn(zone)}
                </Text>
              </Stack>
            ) : null}
          </Stack>
        ) : null}
        {asking || deciding ? (
          <HStack gap="3" wrap="wrap">
            {asking ? (
              <Button onClick={() => void take('request')} loading={pending === 'request'} loadingText={t.requesting} disabled={pending !== null}>
                {review.state === 'none' ? t.request : t.requestAgain}
              </Button>
            ) : null}
            {deciding ? (
              <>
                <Button onClick={() => void take('approve')} loading={pending === 'approve'} loadingText={t.approving} disabled={pending !== null}>
                  {APPROVE_LABEL[isPublished ? 'keep' : then]}
                </Button>
                <Button variant="outline" onClick={() => void take('request_changes')} loading={pending === 'request_changes'} loadingText={t.sending} disabled={pending !== null}>
                  {t.requestChanges}
                </Button>
              </>
            ) : null}
          </HStack>
        ) : null}
      </Stack>
    );
  };

  return (
    <SectionCard title={t.title} subtitle={t.subtitle}>
      <Card.Body gap="3">
        {body()}
        <Stack role="status" gap="0">
          {outcome?.ok ? <Text textStyle="sm" color="status.ok">{outcome.message}</Text> : null}
        </Stack>
        {outcome && !outcome.ok ? <ErrorNotice message={outcome.message} onDismiss={() => setOutcome(null)} /> : null}
      </Card.Body>
    </SectionCard>
  );
}

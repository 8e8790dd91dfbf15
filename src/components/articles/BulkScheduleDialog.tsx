import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { scheduleProblem } from '../../contract';
import { scheduleTexts as t } from '../../lib/texts-schedule';
import { browserTimeZone, timeZoneChoices } from '../../lib/zonedTime';
import { FormDialog } from '../common/FormDialog';
import { messageOf } from '../common/messageOf';
import { readWallClock, ScheduleTimeField, TimeZoneField } from '../schedule/ScheduleFields';

/** The times a bulk schedule sends: each as an ISO instant with its offset, with the zone they were chosen in. */
export interface BulkScheduleTimes {
  publishAt?: string;
  unpublishAt?: string;
  timeZone: string;
}

export interface BulkScheduleDialogProps {
  open: boolean;
  /** How many articles are selected. */
  count: number;
  /** The zone the inputs are read in at first (the browser's by default; stories pin it). */
  defaultTimeZone?: string;
  /** The zones offered (`timeZoneChoices()` by default). */
  timeZones?: readonly string[];
  /** The clock the times are checked against before sending. */
  now?: () => Date;
  /** Sends the request; resolves once done (the dialog closes), rejects with the API's error (said here, inputs kept). */
  onSchedule: (times: BulkScheduleTimes) => Promise<unknown>;
  onClose: () => void;
}

/**
 * 'Schedule…' on the list's bulk bar: a publish time, an unpublish time or both, read in the
 * chosen zone (UTC beside each), set on every selected article the server finds they fit. The
 * times are checked as the server checks them before anything is sent; a refusal is said in the
 * server's words and the inputs stay as typed.
 */
export function BulkScheduleDialog(props: BulkScheduleDialogProps) {
  // Each opening starts from empty times.
  return <ScheduleDialog key={props.open ? 'open' : 'closed'} {...props} />;
}

function ScheduleDialog({ open, count, defaultTimeZone, timeZones, now = () => new Date(), onSchedule, onClose }: BulkScheduleDialogProps) {
  // The count as it was when opened: a success clears the selection while the dialog closes.
  const [shownCount] = useState(count);
  const [zone, setZone] = useState(() => defaultTimeZone ?? browserTimeZone());
  const [zones] = useState(() => timeZones ?? timeZoneChoices([zone]));
  const [publishAt, setPublishAt] = useState('');
  const [unpublishAt, setUnpublishAt] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const publish = readWallClock(publishAt, zone);
  const unpublish = readWallClock(unpublishAt, zone);
  const canSend = !pending && (publish !== null || unpublish !== null);

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
  };
  const submit = async () => {
    if (!canSend) return;
    const times: BulkScheduleTimes = {
      ...(publish ? { publishAt: publish.iso } : {}),
      ...(unpublish ? { unpublishAt: unpublish.iso } : {}),
      timeZone: zone,
    };
    // The server's own check first: the same message, and nothing sent.
    const problem = scheduleProblem(times, now());
    if (problem) {
      setError(problem);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onSchedule(times);
    } catch (cause) {
      setError(messageOf(cause));
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title={t.bulkTitle(shownCount)}
      cancelLabel={t.cancel}
      submitLabel={t.bulkSubmit}
      onCancel={onClose}
      onSubmit={() => void submit()}
      isPending={pending}
      pendingText={t.bulkSubmitting}
      submitDisabled={!canSend}
      asForm
      holdWhilePending
      error={error}
    >
      <Text textStyle="sm" color="fg.muted">
        {t.bulkBody}
      </Text>
      <TimeZoneField value={zone} zones={zones} onChange={edit(setZone)} disabled={pending} />
      <ScheduleTimeField label={t.publishLabel} value={publishAt} zone={zone} onChange={edit(setPublishAt)} disabled={pending} />
      <ScheduleTimeField label={t.unpublishLabel} value={unpublishAt} zone={zone} onChange={edit(setUnpublishAt)} disabled={pending} />
      {!publish && !unpublish ? (
        <Text textStyle="sm" color="fg.muted">
          {t.bulkNeedsTime}
        </Text>
      ) : null}
    </FormDialog>
  );
}

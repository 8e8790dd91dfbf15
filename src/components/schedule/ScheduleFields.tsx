import type { ReactNode } from 'react';
import { Field, HStack, Input, NativeSelect, Text } from '@chakra-ui/react';
import { scheduleTexts as t } from '../../lib/texts-schedule';
import { formatUtc, wallClockTime, wallClockToInstant, type ZonedInstant } from '../../lib/zonedTime';

export interface TimeZoneFieldProps {
  value: string;
  /** The zones to choose from (`timeZoneChoices()`); `value` is listed even when they lack it. */
  zones: readonly string[];
  onChange: (zone: string) => void;
  disabled?: boolean;
}

/** The IANA time zone the schedule's times are read in. */
export function TimeZoneField({ value, zones, onChange, disabled = false }: TimeZoneFieldProps) {
  const listed = zones.includes(value) ? zones : [value, ...zones];
  return (
    <Field.Root disabled={disabled} maxW="sm">
      <Field.Label>{t.zoneLabel}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} bg="bg.card" onChange={(event) => onChange(event.target.value)}>
          {listed.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText color="fg.muted">{t.zoneHint}</Field.HelperText>
    </Field.Root>
  );
}

/** A wall-clock input's value read in a zone: null while empty (or incomplete). */
export function readWallClock(value: string, zone: string): ZonedInstant | null {
  return value ? wallClockToInstant(value, zone) : null;
}

export interface ScheduleTimeFieldProps {
  label: string;
  /** The wall-clock time as the input holds it ('2026-12-01T09:00'); '' for none. */
  value: string;
  zone: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** After the input and its UTC time (the page's Clear). */
  action?: ReactNode;
}

/**
 * A date and time (to the second) read in `zone`, with the instant it stands for in UTC beside it
 * ('= 2026-12-01 08:00 UTC'), and a note when daylight saving time makes the time skipped or
 * repeated on that day, saying which instant is used.
 */
export function ScheduleTimeField({ label, value, zone, onChange, disabled = false, action }: ScheduleTimeFieldProps) {
  const zoned = readWallClock(value, zone);
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <HStack gap="3" wrap="wrap" w="full">
        <Input
          type="datetime-local"
          step={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          maxW="16rem"
          bg="bg.card"
        />
        {/* The helper text describes the input: screen readers hear the UTC time with it. */}
        <Field.HelperText mt="0" color="fg.muted" fontFamily="mono" textStyle="sm" minH="5">
          {zoned ? t.inUtc(formatUtc(zoned.at)) : null}
        </Field.HelperText>
        {action}
      </HStack>
      {zoned?.adjusted === 'skipped' ? (
        <Text role="note" textStyle="sm" color="fg.muted">
          {t.skipped(wallClockTime(value), wallClockTime(zoned.iso.slice(0, 19)), zone)}
        </Text>
      ) : zoned?.adjusted === 'repeated' ? (
        <Text role="note" textStyle="sm" color="fg.muted">
          {t.repeated(wallClockTime(value), zone)}
        </Text>
      ) : null}
    </Field.Root>
  );
}

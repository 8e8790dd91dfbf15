import { Badge, Box, HStack } from '@chakra-ui/react';
import { scheduleTexts as t } from '../../lib/texts-schedule';
import { browserTimeZone, formatInZone } from '../../lib/zonedTime';
import { nextScheduledChange, scheduledText, type ScheduleFields } from './scheduleText';

export interface ScheduleBadgesProps {
  schedule: ScheduleFields;
  /** The zone to show a time in when the article has none of its own (the browser's by default). */
  defaultTimeZone?: string;
  size?: 'xs' | 'sm' | 'md';
  /** One line (a table row): the badges shrink instead of wrapping. */
  nowrap?: boolean;
}

/**
 * What the list says of an article's schedule: 'Scheduled · 1 Dec 2026, 09:00' for its soonest
 * change to come (the whole sentence, zone and UTC included, as its title), and a red
 * 'Scheduled publish failed' when one could not be made. Nothing without a schedule. The badges
 * shrink (their text cut) rather than push a narrow row wider.
 */
export function ScheduleBadges({ schedule, defaultTimeZone, size = 'md', nowrap = false }: ScheduleBadgesProps) {
  const next = nextScheduledChange(schedule);
  const failure = schedule.scheduleFailure;
  if (!next && !failure) return null;
  const zone = schedule.scheduleTimeZone ?? defaultTimeZone ?? browserTimeZone();
  return (
    <HStack gap="2" minW="0" flexShrink={1} wrap={nowrap ? 'nowrap' : 'wrap'}>
      {failure ? (
        <Badge size={size} colorPalette="red" variant="solid" maxW="full" minW="0">
          <Box as="span" truncate>
            {t.failed(failure.action)}
          </Box>
        </Badge>
      ) : null}
      {next ? (
        <Badge size={size} colorPalette="purple" variant="subtle" maxW="full" minW="0" title={scheduledText(next.action, next.at, zone)}>
          <Box as="span" truncate>
            {t.badgePrefix}
            <time dateTime={next.at}>{formatInZone(next.at, zone)}</time>
          </Box>
        </Badge>
      ) : null}
    </HStack>
  );
}

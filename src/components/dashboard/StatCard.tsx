import { useId } from 'react';
import { Box, Card, Flex, Skeleton, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuMinus, LuTrendingDown, LuTrendingUp } from 'react-icons/lu';
import { dashboardTexts } from '../../lib/texts-dashboard';

export interface StatCardProps {
  label: string;
  icon: IconType;
  value?: number;
  /**
   * Week-over-week change in percent. null: nothing to compare with (says so, never "0%");
   * undefined: no change line at all.
   */
  change?: number | null;
  /** What to say when `change` is null. */
  noChangeText?: string;
  /** What the change is against (after the percentage). */
  changeSuffix?: string;
  loading?: boolean;
  /** The server has no such figure: say it is not tracked instead of showing a number. */
  notTracked?: boolean;
}

function ChangeLine({ change, noChangeText, suffix }: { change: number | null; noChangeText: string; suffix: string }) {
  if (change === null) {
    return (
      <Text fontSize="xs" color="fg.muted">
        {noChangeText}
      </Text>
    );
  }
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  const Icon = direction === 'up' ? LuTrendingUp : direction === 'down' ? LuTrendingDown : LuMinus;
  const color = direction === 'up' ? 'change.up' : direction === 'down' ? 'change.down' : 'fg.muted';
  const sign = change > 0 ? '+' : '';
  return (
    <Flex align="center" gap="1" fontSize="xs" color={color} data-direction={direction}>
      <Icon aria-hidden focusable="false" />
      <Text as="span">
        {sign}
        {change}% {suffix}
      </Text>
    </Flex>
  );
}

/** One summary figure of the dashboard. */
export function StatCard({
  label,
  icon: Icon,
  value,
  change,
  noChangeText = dashboardTexts.noPreviousWeek,
  changeSuffix = dashboardTexts.fromLastWeek,
  loading = false,
  notTracked = false,
}: StatCardProps) {
  const labelId = useId();
  return (
    <Card.Root role="group" aria-labelledby={labelId} aria-busy={loading} bg="bg.card" size="sm">
      <Card.Body gap="2">
        <Flex align="center" justify="space-between" gap="2">
          <Text id={labelId} fontSize="sm" fontWeight="medium" color="fg.muted">
            {label}
          </Text>
          <Box as={Icon} aria-hidden boxSize="4" color="fg.muted" />
        </Flex>
        {loading ? (
          <>
            <Skeleton h="8" w="20" />
            <Skeleton h="4" w="36" />
          </>
        ) : notTracked ? (
          <>
            <Text fontSize="lg" fontWeight="semibold" color="fg.muted">
              {dashboardTexts.viewsNotTracked}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {dashboardTexts.viewsNotTrackedHint}
            </Text>
          </>
        ) : (
          <>
            <Text fontSize="2xl" fontWeight="bold" lineHeight="short">
              {(value ?? 0).toLocaleString('en-US')}
            </Text>
            {change !== undefined && <ChangeLine change={change} noChangeText={noChangeText} suffix={changeSuffix} />}
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

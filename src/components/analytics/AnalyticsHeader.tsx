import { Flex, SegmentGroup } from '@chakra-ui/react';
import { analyticsTexts } from '../../lib/texts-analytics';
import { PageTitle } from '../common/PageTitle';

const t = analyticsTexts;

export interface AnalyticsHeaderProps<P extends number> {
  /** The periods offered, in days (the contract's ANALYTICS_PERIODS). */
  periods: readonly P[];
  days: P;
  onDaysChange: (days: P) => void;
}

/**
 * 'Analytics', what it shows, and the period switch ('Last 30 days' / 'Last 90 days'): a radio
 * group, so the arrow keys move between the periods.
 */
export function AnalyticsHeader<P extends number>({ periods, days, onDaysChange }: AnalyticsHeaderProps<P>) {
  return (
    <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="4" wrap="wrap">
      <PageTitle title={t.title} intro={t.intro} />
      <SegmentGroup.Root
        size="sm"
        aria-label={t.periodLabel}
        value={String(days)}
        onValueChange={(details) => {
          const chosen = periods.find((period) => String(period) === details.value);
          if (chosen !== undefined) onDaysChange(chosen);
        }}
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={periods.map((period) => ({ value: String(period), label: t.period(period) }))} />
      </SegmentGroup.Root>
    </Flex>
  );
}

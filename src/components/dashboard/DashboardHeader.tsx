import { Box, Button, Flex, Heading, chakra } from '@chakra-ui/react';
import { LuRefreshCw } from 'react-icons/lu';
import { formatClock } from '../../lib/format';
import { dashboardTexts } from '../../lib/texts-dashboard';
import { useClock } from './useClock';

export interface DashboardHeaderProps {
  onRefresh: () => void;
  /** While the dashboard's data reloads the icon spins and the button is disabled. */
  isRefreshing?: boolean;
  /** For stories and tests; the console uses the browser's zone. */
  timeZone?: string;
}

/** 'Admin Dashboard', a clock that moves on every 60 seconds, and Refresh. */
export function DashboardHeader({ onRefresh, isRefreshing = false, timeZone }: DashboardHeaderProps) {
  const now = useClock();
  return (
    <Flex align={{ base: 'flex-start', sm: 'center' }} justify="space-between" gap="4" wrap="wrap">
      <Box>
        <Heading as="h1" size="2xl">
          {dashboardTexts.title}
        </Heading>
        <chakra.time dateTime={now.toISOString()} color="fg.muted" fontSize="sm">
          {formatClock(now, timeZone)}
        </chakra.time>
      </Box>
      <Button variant="outline" onClick={onRefresh} disabled={isRefreshing} aria-busy={isRefreshing}>
        <Box
          as={LuRefreshCw}
          aria-hidden
          animation={isRefreshing ? 'spin' : undefined}
          _motionReduce={{ animation: 'none' }}
        />
        {dashboardTexts.refresh}
      </Button>
    </Flex>
  );
}

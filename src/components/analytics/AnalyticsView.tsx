import { Alert, Box, Card, Grid, Heading, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Button } from '../common/Button';
import { LuChartColumn, LuRefreshCw } from 'react-icons/lu';
import type { Analytics } from '../../contract';
import { analyticsTexts } from '../../lib/texts-analytics';
import { AnalyticsHeader } from './AnalyticsHeader';
import { ArticlesPerDayCard, StorageCard, TopSitesCard, ViewsPerDayCard } from './AnalyticsCards';
import type { ChartsState } from './ChartCard';
import { hasActivity, hasStorage } from './figures';
import { useCharts } from './lazyCharts';
import { TopArticlesCard } from './TopArticlesCard';

const t = analyticsTexts;

export interface AnalyticsViewProps<P extends number> {
  periods: readonly P[];
  days: P;
  onDaysChange: (days: P) => void;
  /** The period's figures; undefined while they load or when loading failed. */
  data: Analytics | undefined;
  loading: boolean;
  /** Why the figures could not be loaded (the server's words when it gave any). */
  error?: string | null;
  onRetry: () => void;
  retrying?: boolean;
  /** Where the charts module stands; by default it is loaded here (./lazyCharts). */
  charts?: ChartsState;
}

function LoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t.errorTitle}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry} loading={retrying} loadingText={t.retry}>
        <LuRefreshCw aria-hidden focusable="false" />
        {t.retry}
      </Button>
    </Alert.Root>
  );
}

function NothingToChart({ days }: { days: number }) {
  return (
    <Card.Root bg="bg.card">
      <Card.Body>
        <Stack align="center" gap="3" py="8" textAlign="center">
          <Box as={LuChartColumn} aria-hidden boxSize="10" color="fg.muted" />
          <Heading as="h2" size="lg">
            {t.empty.title}
          </Heading>
          <Text color="fg.muted" maxW="lg">
            {t.empty.body(days)}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The Analytics screen: the period switch, then the cards. While loading, each card shows its
 * title over placeholders; a failed load says why, with Retry; a period with no article
 * activity and no views says 'Nothing to chart yet' (the library's sites and storage still show
 * when there are any).
 */
export function AnalyticsView<P extends number>(props: AnalyticsViewProps<P>) {
  const loadedCharts = useCharts();
  const { periods, days, onDaysChange, data, loading, error, onRetry, retrying = false, charts = loadedCharts } = props;
  const header = <AnalyticsHeader periods={periods} days={days} onDaysChange={onDaysChange} />;

  // One tree for every state, so a card keeps its element (and the focus in it) from loading to drawn.
  const active = loading || (data ? hasActivity(data) : false);
  return (
    <Stack gap="6">
      {header}
      {/* The placeholders say nothing to a screen reader: this does. */}
      <VisuallyHidden role="status">{loading ? t.loading : ''}</VisuallyHidden>
      {error && !loading && <LoadError message={error} onRetry={onRetry} retrying={retrying} />}
      {data && !active && <NothingToChart days={days} />}
      {(loading || data) && (
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', xl: 'repeat(2, minmax(0, 1fr))' }} gap="6">
          {active && (
            <>
              <ArticlesPerDayCard days={days} data={data?.articles} loading={loading} charts={charts} />
              <ViewsPerDayCard days={days} data={data?.views} loading={loading} charts={charts} />
              <TopArticlesCard articles={data?.topArticles} loading={loading} />
            </>
          )}
          {(active || (data && data.topSites.length > 0)) && (
            <TopSitesCard data={data?.topSites} loading={loading} charts={charts} />
          )}
          {(active || (data && hasStorage(data.storage))) && (
            <StorageCard days={days} data={data?.storage} loading={loading} charts={charts} />
          )}
        </Grid>
      )}
    </Stack>
  );
}

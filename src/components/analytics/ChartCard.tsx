import { Button, Card, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuTable } from 'react-icons/lu';
import { useId, useState, type ReactNode } from 'react';
import { analyticsTexts } from '../../lib/texts-analytics';
import type { ChartsModule } from './lazyCharts';

const t = analyticsTexts;

/** The charts module, or where its loading stands (./lazyCharts `useCharts`). */
export type ChartsState = ChartsModule | 'loading' | 'failed';

export interface ChartCardProps {
  title: string;
  /** The figures in one line under the title ('1,234 in total'). */
  figures?: string;
  /** While the figures load: the title and a placeholder of the chart's size. */
  loading?: boolean;
  /** Said instead of the chart and its table when there is nothing to chart. */
  empty?: string;
  charts: ChartsState;
  /** The chart, drawn with the charts module once it is here. */
  renderChart: (charts: ChartsModule) => ReactNode;
  /** The same figures as a table (./DataTable). */
  table: ReactNode;
  /** Spans both columns of the screen's grid. */
  wide?: boolean;
}

/**
 * A card of the Analytics screen: a region named by its title, the figures in a line, the chart
 * and a 'Show table' toggle that shows its figures as a table instead. Where the charts could
 * not be loaded, the table is shown.
 */
export function ChartCard({ title, figures, loading = false, empty, charts, renderChart, table, wide = false }: ChartCardProps) {
  const headingId = useId();
  const [showTable, setShowTable] = useState(false);
  const chartsFailed = charts === 'failed';
  const hasFigures = !loading && !empty;
  let body: ReactNode;
  if (loading) body = <Skeleton h="64" rounded="md" />;
  else if (empty) body = <Text color="fg.muted">{empty}</Text>;
  else if (showTable || chartsFailed) body = table;
  else if (charts === 'loading') body = <Skeleton h="64" rounded="md" />;
  else body = renderChart(charts);

  return (
    <Card.Root
      as="section"
      aria-labelledby={headingId}
      aria-busy={loading}
      bg="bg.card"
      gridColumn={wide ? { xl: 'span 2' } : undefined}
      minW="0"
    >
      <Card.Header>
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Stack gap="1" minW="0">
            <Heading as="h2" size="md" id={headingId}>
              {title}
            </Heading>
            {loading ? (
              <Skeleton h="4" w="48" />
            ) : (
              figures && (
                <Text fontSize="sm" color="fg.muted">
                  {figures}
                </Text>
              )
            )}
          </Stack>
          {hasFigures && !chartsFailed && (
            // A toggle button: its name stays 'Show table', aria-pressed says whether the table is shown.
            <Button
              size="xs"
              variant={showTable ? 'subtle' : 'outline'}
              aria-pressed={showTable}
              onClick={() => setShowTable((shown) => !shown)}
            >
              <LuTable aria-hidden focusable="false" />
              {t.showTable}
            </Button>
          )}
        </Flex>
      </Card.Header>
      <Card.Body pt="2" gap="2">
        {hasFigures && chartsFailed && (
          <Text fontSize="sm" color="fg.muted">
            {t.chartsFailed}
          </Text>
        )}
        {body}
      </Card.Body>
    </Card.Root>
  );
}

import { useId, type ReactNode } from 'react';
import { Box, Card, Code, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuDatabase, LuHardDrive, LuServer, LuTriangleAlert } from 'react-icons/lu';
import type { Health } from '../../contract';
import { dashboardTexts } from '../../lib/texts-dashboard';
import { databaseTexts } from '../../lib/texts-database';
import { preloadComponent } from '../../lib/preloadComponent';
import { LoadingRows } from './LoadingRows';

/**
 * The storage bar (Ark's progress machine, ~6 KB gzip) shows only once health has answered: its
 * chunk loads meanwhile. Should it still be on its way, an empty space of its size stands in.
 */
const StorageBar = preloadComponent(
  () => import('./StorageBar').then((module) => module.StorageBar),
  () => <Box aria-hidden h="1.5" mt="1.5" />,
);

/** From this share of used storage on, the row warns. */
export const STORAGE_WARNING_PERCENT = 90;

/**
 * The articles the embedded database is measured for (README: a list page in about 3 ms of the
 * process's CPU, an article's page within 60 ms p99 while five admins search): past them, the
 * database row suggests the move to PostgreSQL.
 */
export const EMBEDDED_MEASURED_ARTICLES = 100_000;

type Tone = 'ok' | 'warn' | 'down' | 'unknown';

const toneColor: Record<Tone, string> = {
  ok: 'status.ok',
  warn: 'status.warn',
  down: 'status.down',
  unknown: 'fg.muted',
};

export interface SystemStatusProps {
  /** GET /api/health; null when the health call failed (the API is offline). */
  health?: Health | null;
  loading?: boolean;
  /** The library's articles (the dashboard's figures), when known: past EMBEDDED_MEASURED_ARTICLES on the embedded database, the move is suggested. */
  articles?: number;
}

function StatusRow({ icon: Icon, tone, children }: { icon: IconType; tone: Tone; children: ReactNode }) {
  return (
    <Flex as="li" align="center" gap="3" data-tone={tone}>
      <Box as={Icon} aria-hidden boxSize="4" color={toneColor[tone]} flexShrink={0} />
      <Box flex="1" minW="0">
        {children}
      </Box>
      <Box aria-hidden boxSize="2" rounded="full" bg={toneColor[tone]} flexShrink={0} />
    </Flex>
  );
}

function StorageRow({ percent }: { percent: number }) {
  const labelId = useId();
  const rounded = Math.round(percent);
  const nearlyFull = percent >= STORAGE_WARNING_PERCENT;
  return (
    <StatusRow icon={nearlyFull ? LuTriangleAlert : LuHardDrive} tone={nearlyFull ? 'warn' : 'ok'}>
      <Text id={labelId} fontSize="sm" color={nearlyFull ? 'status.warn' : 'fg'} fontWeight={nearlyFull ? 'semibold' : 'normal'}>
        {dashboardTexts.storageUsed(rounded)}
      </Text>
      <StorageBar percent={rounded} nearlyFull={nearlyFull} labelledBy={labelId} />
      {nearlyFull && (
        <Text fontSize="xs" color="status.warn" mt="1">
          {dashboardTexts.storageNearlyFull}
        </Text>
      )}
    </StatusRow>
  );
}

/** API, database and storage as GET /api/health reports them. */
export function SystemStatus({ health, loading = false, articles }: SystemStatusProps) {
  // The embedded database reports its queue; PostgreSQL (DATABASE_URL) does not.
  const outgrown = !!health?.databaseQueue && articles !== undefined && articles > EMBEDDED_MEASURED_ARTICLES;
  return (
    <Card.Root bg="bg.card">
      <Card.Header>
        <Heading as="h2" size="md">
          {dashboardTexts.systemStatus}
        </Heading>
      </Card.Header>
      <Card.Body>
        {loading ? (
          <LoadingRows count={3} height="6" />
        ) : health ? (
          <Stack as="ul" gap="4" listStyleType="none" m="0" p="0">
            <StatusRow icon={LuServer} tone="ok">
              <Text fontSize="sm">{dashboardTexts.apiOnline}</Text>
            </StatusRow>
            {health.database === 'connected' && outgrown ? (
              <StatusRow icon={LuTriangleAlert} tone="warn">
                <Text fontSize="sm" color="status.warn" fontWeight="semibold">
                  {databaseTexts.embeddedPast(articles!.toLocaleString('en-US'), EMBEDDED_MEASURED_ARTICLES.toLocaleString('en-US'))}
                </Text>
                <Text fontSize="xs" color="fg.muted" mt="1">
                  {databaseTexts.moveHint}{' '}
                  <Code size="sm" wordBreak="break-all">
                    {databaseTexts.moveCommand}
                  </Code>
                </Text>
              </StatusRow>
            ) : health.database === 'connected' ? (
              <StatusRow icon={LuDatabase} tone="ok">
                <Text fontSize="sm">{dashboardTexts.databaseConnected}</Text>
              </StatusRow>
            ) : (
              <StatusRow icon={LuDatabase} tone="down">
                <Text fontSize="sm" color="status.down" fontWeight="semibold">
                  {dashboardTexts.databaseDown}
                </Text>
              </StatusRow>
            )}
            <StorageRow percent={health.storage.percent} />
          </Stack>
        ) : (
          // No answer from the health check: the API is down and the rest cannot be known.
          <Stack as="ul" gap="4" listStyleType="none" m="0" p="0">
            <StatusRow icon={LuServer} tone="down">
              <Text fontSize="sm" color="status.down" fontWeight="semibold">
                {dashboardTexts.apiOffline}
              </Text>
            </StatusRow>
            <StatusRow icon={LuDatabase} tone="unknown">
              <Text fontSize="sm" color="fg.muted">
                {dashboardTexts.databaseUnknown}
              </Text>
            </StatusRow>
            <StatusRow icon={LuHardDrive} tone="unknown">
              <Text fontSize="sm" color="fg.muted">
                {dashboardTexts.storageUnknown}
              </Text>
            </StatusRow>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

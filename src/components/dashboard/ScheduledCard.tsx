import { Badge, Box, Button, Card, Flex, Heading, Link, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
// Icons the dashboard already loads: this card adds none to the first screen's JavaScript.
import { LuActivity, LuArrowRight, LuSend, LuUndo2 } from 'react-icons/lu';
import type { ArticleStats } from '../../contract';
import { dashboardTexts } from '../../lib/texts-dashboard';
import { scheduleTexts as t } from '../../lib/texts-schedule';
import { browserTimeZone } from '../../lib/zonedTime';
import { AppLink } from '../common/AppLink';
import { zonedText } from '../schedule/scheduleText';

export type ScheduledSummary = NonNullable<ArticleStats['scheduled']>;

/** Where the Scheduled tab is (failed changes are listed there too). */
export const SCHEDULED_TAB_HREF = '/articles?status=scheduled';

export interface ScheduledCardProps {
  /** The server's figures (GET /articles/admin/stats `scheduled`); undefined while loading, or from a server without them. */
  scheduled?: ScheduledSummary;
  loading?: boolean;
  /** The zone a change without one of its own is shown in (the browser's by default; stories pin it). */
  defaultTimeZone?: string;
}

function ChangeRow({ change, zone }: { change: ScheduledSummary['next'][number]; zone: string }) {
  const name = change.title || change.slug || dashboardTexts.articleFallback(change.id);
  const shownZone = change.timeZone ?? zone;
  return (
    <li>
      <Link
        asChild
        display="flex"
        alignItems="center"
        gap="3"
        p="3"
        rounded="md"
        borderWidth="1px"
        color="fg"
        textDecoration="none"
        _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
      >
        <AppLink href={`/articles/${encodeURIComponent(change.id)}`}>
          <Box as={change.action === 'publish' ? LuSend : LuUndo2} aria-hidden boxSize="4" color="fg.muted" flexShrink={0} />
          <Box flex="1" minW="0">
            <Text fontSize="sm" fontWeight="medium" truncate>
              {name}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              <time dateTime={change.at}>{zonedText(change.at, shownZone)}</time>
            </Text>
          </Box>
          <Badge
            variant="subtle"
            colorPalette={change.action === 'publish' ? 'green' : 'orange'}
            color={change.action === 'publish' ? 'status.published' : 'status.draft'}
            flexShrink={0}
          >
            {t.dashboardAction(change.action)}
          </Badge>
        </AppLink>
      </Link>
    </li>
  );
}

/**
 * The dashboard's Scheduled card: the next changes the server will make (soonest first; each
 * its article, whether it publishes or unpublishes, its time in its zone and in UTC, a link to
 * the article) and how many failed, linking to the Scheduled tab. Loaded lazily by the
 * dashboard: it is not part of the first screen's JavaScript.
 */
export function ScheduledCard({ scheduled, loading = false, defaultTimeZone }: ScheduledCardProps) {
  if (!loading && !scheduled) return null;
  const zone = defaultTimeZone ?? browserTimeZone();
  const failed = scheduled?.failed ?? 0;
  const next = scheduled?.next ?? [];
  return (
    <Card.Root as="section" aria-label={t.dashboardTitle} bg="bg.card">
      <Card.Header>
        <Flex align="center" justify="space-between" gap="2" wrap="wrap">
          <Heading as="h2" size="md">
            {t.dashboardTitle}
          </Heading>
          <Button asChild variant="ghost" size="sm">
            <AppLink href={SCHEDULED_TAB_HREF}>
              {t.dashboardViewAll}
              <LuArrowRight aria-hidden focusable="false" />
            </AppLink>
          </Button>
        </Flex>
        {scheduled && scheduled.count > 0 ? (
          <Text textStyle="sm" color="fg.muted">
            {t.dashboardCount(scheduled.count)}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>
        {loading || !scheduled ? (
          <Stack gap="3" aria-busy="true">
            <VisuallyHidden>{t.loading}</VisuallyHidden>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} h="14" rounded="md" />
            ))}
          </Stack>
        ) : (
          <Stack gap="3">
            {failed > 0 ? (
              <Link asChild colorPalette="red" color="status.down" fontWeight="medium" textStyle="sm">
                <AppLink href={SCHEDULED_TAB_HREF}>
                  <LuActivity aria-hidden focusable="false" />
                  {t.dashboardFailed(failed)}
                </AppLink>
              </Link>
            ) : null}
            {next.length > 0 ? (
              <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={t.dashboardListLabel}>
                {next.map((change) => (
                  <ChangeRow key={`${change.id}:${change.action}`} change={change} zone={zone} />
                ))}
              </Stack>
            ) : failed === 0 ? (
              <Text color="fg.muted" textStyle="sm">
                {t.dashboardEmpty}
              </Text>
            ) : null}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

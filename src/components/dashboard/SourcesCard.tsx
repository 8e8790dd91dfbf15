import { Button, Card, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
// Icons the dashboard already loads: this card adds none to the first screen's JavaScript.
import { LuActivity, LuArrowRight } from 'react-icons/lu';
import type { ArticleStats } from '../../contract';
import { sourceTexts } from '../../lib/texts-sources';
import { AppLink } from '../common/AppLink';

const t = sourceTexts.dashboard;

export type SourcesSummary = NonNullable<ArticleStats['sources']>;

/** Where the sources are (a failing one says why there). */
export const SOURCES_HREF = '/sources';

export interface SourcesCardProps {
  /** The server's figures (GET /articles/admin/stats `sources`); undefined while loading, or from a server without them. */
  sources?: SourcesSummary;
}

/**
 * The dashboard's Sources card: the drafts the sources made today, how many sources are
 * followed, and how many fail, linking to the Sources screen. Nothing while no source is
 * followed, and nothing until the figures are here (a placeholder could turn out to be for no
 * card at all). Loaded lazily by the dashboard: it is not part of the first screen's JavaScript.
 */
export function SourcesCard({ sources }: SourcesCardProps) {
  if (!sources || sources.count === 0) return null;
  return (
    <Card.Root as="section" aria-label={t.title} bg="bg.card">
      <Card.Header>
        <Flex align="center" justify="space-between" gap="2" wrap="wrap">
          <Heading as="h2" size="md">
            {t.title}
          </Heading>
          <Button asChild variant="ghost" size="sm">
            <AppLink href={SOURCES_HREF}>
              {t.viewAll}
              <LuArrowRight aria-hidden focusable="false" />
            </AppLink>
          </Button>
        </Flex>
      </Card.Header>
      <Card.Body>
        <Stack gap="2">
          <Text fontSize="xl" fontWeight="semibold">
            {t.draftsToday(sources.draftsToday)}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            {t.following(sources.count)}
          </Text>
          {sources.failing > 0 ? (
            <Link asChild colorPalette="red" color="status.down" fontWeight="medium" textStyle="sm">
              <AppLink href={SOURCES_HREF}>
                <LuActivity aria-hidden focusable="false" />
                {t.failing(sources.failing)}
              </AppLink>
            </Link>
          ) : (
            <Text textStyle="sm" color="fg.muted">
              {t.noneFailing}
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

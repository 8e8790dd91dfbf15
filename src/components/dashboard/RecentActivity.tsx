import { useState } from 'react';
import { Box, Card, Flex, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import {
  LuActivity,
  LuFilePlus,
  LuFileUp,
  LuFileX,
  LuLink,
  LuSend,
  LuSquarePen,
  LuTrash2,
  LuUndo2,
  LuUser,
} from 'react-icons/lu';
import type { Activity, ActivityKind } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { dashboardTexts } from '../../lib/texts-dashboard';
import { LoadingRows } from './LoadingRows';
import { formatRelativeTime } from './relativeTime';

const kindIcon: Record<ActivityKind, IconType> = {
  'article.created': LuFilePlus,
  'article.slug': LuLink,
  'article.html': LuSquarePen,
  'article.published': LuSend,
  'article.draft': LuUndo2,
  'article.deleted': LuTrash2,
  'article.restored': LuUndo2,
  'article.purged': LuTrash2,
  'article.scheduled': LuActivity,
  'article.schedule_failed': LuActivity,
  'article.review_requested': LuSquarePen,
  'article.approved': LuSend,
  'article.changes_requested': LuUndo2,
  'article.assigned': LuActivity,
  'file.uploaded': LuFileUp,
  'file.deleted': LuFileX,
  'file.restored': LuUndo2,
  'file.purged': LuFileX,
  'file.replaced': LuFileUp,
  'file.details': LuFileUp,
  'file.moved': LuFileUp,
  // Folders share the files' icons (the dashboard's bundle loads no more).
  'folder.created': LuFileUp,
  'folder.updated': LuFileUp,
  'folder.deleted': LuFileX,
  // Account changes share the sidebar's Account icon (already loaded with the layout).
  'user.created': LuUser,
  'user.removed': LuUser,
  'user.role': LuUser,
  'user.password': LuUser,
  'invitation.created': LuUser,
  'invitation.settings': LuUser,
  'webhook.created': LuLink,
  'webhook.updated': LuLink,
  'webhook.deleted': LuLink,
  'webhook.disabled': LuLink,
  'source.created': LuLink,
  'source.updated': LuLink,
  'source.deleted': LuLink,
  'source.failed': LuLink,
  'article.source_changed': LuLink,
  'site_rules.updated': LuLink,
  'site_rules.deleted': LuLink,
};

export interface RecentActivityProps {
  /** GET /api/activity, newest first. */
  activities?: Activity[];
  loading?: boolean;
  /** What "ago" counts from; the dashboard passes its clock so both move together. */
  now?: Date;
}

/** What happened lately: publications, slug changes, uploads, ... */
export function RecentActivity({ activities, loading = false, now }: RecentActivityProps) {
  const [mountedAt] = useState(() => new Date());
  const reference = now ?? mountedAt;
  const items = activities ?? [];
  return (
    <Card.Root bg="bg.card">
      <Card.Header>
        <Heading as="h2" size="md">
          {dashboardTexts.recentActivity}
        </Heading>
      </Card.Header>
      <Card.Body>
        {loading ? (
          <LoadingRows count={3} />
        ) : items.length === 0 ? (
          <Stack align="center" gap="2" py="6" textAlign="center">
            <Box as={LuActivity} aria-hidden boxSize="8" color="fg.muted" />
            <Text color="fg.muted">{dashboardTexts.noActivity}</Text>
          </Stack>
        ) : (
          <Stack as="ul" gap="4" listStyleType="none" m="0" p="0">
            {items.map((item) => (
              <Flex as="li" key={item.id} gap="3" align="flex-start">
                <Flex boxSize="8" rounded="full" bg="bg.muted" align="center" justify="center" flexShrink={0}>
                  <Box as={kindIcon[item.kind] ?? LuActivity} aria-hidden boxSize="4" color="fg.muted" />
                </Flex>
                <Box flex="1" minW="0">
                  <Text fontSize="sm">{item.message}</Text>
                  <chakra.time dateTime={item.at} title={formatDateTime(item.at)} fontSize="xs" color="fg.muted">
                    {formatRelativeTime(item.at, reference)}
                  </chakra.time>
                  {item.actor && (
                    <Text as="span" fontSize="xs" color="fg.muted">
                      {' · '}
                      {dashboardTexts.by(item.actor)}
                    </Text>
                  )}
                </Box>
              </Flex>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

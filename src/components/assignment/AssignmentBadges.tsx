import { Badge, Box, HStack } from '@chakra-ui/react';
import { isOverdue } from '../../contract/days';
import { localToday } from '../../lib/format';
import { assignmentTexts as t } from '../../lib/texts-assignment';

export interface AssignmentBadgesProps {
  article: { status: string; assigneeEmail?: string | null; dueAt?: string | null };
  /** Today as the reader counts it (`YYYY-MM-DD`); their zone's today by default. */
  today?: string;
  size?: 'xs' | 'sm' | 'md';
  /** One line (a table row): the badges shrink instead of wrapping. */
  nowrap?: boolean;
}

/**
 * What the list says of an article's assignment: 'Assigned to dana@example.com', and its due day,
 * red 'Overdue · due Dec 10, 2026' once the day has passed on a draft. Nothing when unassigned
 * and not due.
 */
export function AssignmentBadges({ article, today = localToday(), size = 'md', nowrap = false }: AssignmentBadgesProps) {
  const { assigneeEmail, dueAt } = article;
  if (!assigneeEmail && !dueAt) return null;
  const overdue = isOverdue(article, today);
  return (
    <HStack gap="2" minW="0" flexShrink={1} wrap={nowrap ? 'nowrap' : 'wrap'}>
      {assigneeEmail ? (
        <Badge size={size} colorPalette="gray" variant="subtle" maxW="full" minW="0" title={t.assignedTo(assigneeEmail)}>
          <Box as="span" truncate>
            {t.assignedTo(assigneeEmail)}
          </Box>
        </Badge>
      ) : null}
      {dueAt ? (
        <Badge size={size} colorPalette={overdue ? 'red' : 'blue'} variant={overdue ? 'solid' : 'subtle'} maxW="full" minW="0">
          <Box as="span" truncate>
            {overdue ? t.overdue(dueAt) : t.dueOn(dueAt)}
          </Box>
        </Badge>
      ) : null}
    </HStack>
  );
}

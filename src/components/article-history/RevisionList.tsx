import { memo } from 'react';
import { Badge, Box, Checkbox, HStack, IconButton, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { Button } from '../common/Button';
// Icons the console already uses elsewhere: each new one would weigh on the first screen (react-icons/lu is in its chunk).
import { LuClock, LuEllipsisVertical, LuFiles, LuLock, LuSquarePen, LuUndo2 } from 'react-icons/lu';
import { revisionFieldLabels, type RevisionSummary } from '../../contract';
import { formatDateTime } from '../../lib/format';
import { historyTexts as t } from '../../lib/texts-history';
import { ErrorState } from '../common/ErrorState';
import type { PagedListProps } from '../common/ListStates';
import { LoadingState } from '../common/LoadingState';
import { LoadMoreButton } from '../common/LoadMoreButton';
import { StateNotice } from '../common/StateNotice';

export interface RevisionListProps extends PagedListProps {
  revisions: readonly RevisionSummary[] | undefined;
  /** How many the article has (the list may show fewer: keyset pages). */
  total: number;
  /** The revisions ticked for a comparison (at most two). */
  selected: readonly number[];
  onToggleSelect: (number: number) => void;
  onCompareWithCurrent: (number: number) => void;
  onRestore: (revision: RevisionSummary) => void;
  onTogglePin: (revision: RevisionSummary) => void;
  onRename: (revision: RevisionSummary) => void;
  /** The signed-in role may restore, pin and name revisions of this article: each has a menu of those (else none). */
  canChange?: boolean;
  /** The shown revisions are being fetched again (the list says it is busy). */
  isRefreshing?: boolean;
}

/**
 * An article's revisions, newest first: who, when, why and what changed; tick two (or one) to
 * compare; each with Compare with current, Restore this version, Pin and Name. With its states:
 * loading, failed, one revision only, and older pages on demand.
 */
export function RevisionList({
  revisions,
  total,
  isLoading,
  error,
  onRetry,
  hasMore,
  isLoadingMore,
  onLoadMore,
  selected,
  onToggleSelect,
  onCompareWithCurrent,
  onRestore,
  onTogglePin,
  onRename,
  canChange = true,
  isRefreshing = false,
}: RevisionListProps) {
  if (isLoading) return <LoadingState label={t.loading} />;
  if (error) return <ErrorState title={t.errorTitle} message={error} onRetry={onRetry} />;
  if (!revisions) return null;
  return (
    <Stack gap="3">
      {revisions.length <= 1 && !hasMore ? (
        <StateNotice icon={<LuClock />} title={t.count(revisions.length, total)} body={t.onlyOne} />
      ) : (
        <Text textStyle="sm" color="fg.muted">
          {t.count(revisions.length, total)} · {t.selectHint}
        </Text>
      )}
      <Stack as="ol" aria-label={t.listLabel} aria-busy={isRefreshing} gap="2" listStyleType="none" m="0" p="0">
        {revisions.map((revision) => (
          <RevisionRow
            key={revision.number}
            revision={revision}
            isSelected={selected.includes(revision.number)}
            selectionFull={selected.length >= 2}
            onToggleSelect={onToggleSelect}
            onCompareWithCurrent={onCompareWithCurrent}
            onRestore={onRestore}
            onTogglePin={onTogglePin}
            onRename={onRename}
            canChange={canChange}
          />
        ))}
      </Stack>
      <LoadMoreButton hasMore={hasMore} isLoadingMore={isLoadingMore} onLoadMore={onLoadMore} label={t.loadMore} loadingLabel={t.loadingMore} />
    </Stack>
  );
}

interface RevisionRowProps {
  revision: RevisionSummary;
  isSelected: boolean;
  selectionFull: boolean;
  onToggleSelect: (number: number) => void;
  onCompareWithCurrent: (number: number) => void;
  onRestore: (revision: RevisionSummary) => void;
  onTogglePin: (revision: RevisionSummary) => void;
  onRename: (revision: RevisionSummary) => void;
  canChange: boolean;
}

/** One revision; memoised: a longer history or another tick re-renders only what changed. */
const RevisionRow = memo(function RevisionRow({
  revision,
  isSelected,
  selectionFull,
  onToggleSelect,
  onCompareWithCurrent,
  onRestore,
  onTogglePin,
  onRename,
  canChange,
}: RevisionRowProps) {
  const { number } = revision;
  const folded = revision.updatedAt !== revision.createdAt;
  return (
    <Box
      as="li"
      aria-label={t.revision(number)}
      borderWidth="1px"
      borderRadius="md"
      p="3"
      bg={isSelected ? 'bg.muted' : undefined}
    >
      <HStack align="start" gap="3">
        <Checkbox.Root
          mt="0.5"
          checked={isSelected}
          disabled={!isSelected && selectionFull}
          onCheckedChange={() => onToggleSelect(number)}
        >
          <Checkbox.HiddenInput aria-label={t.select(number)} />
          <Checkbox.Control />
        </Checkbox.Root>
        <Stack gap="1" flex="1" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">{t.revision(number)}</Text>
            <Text>{revision.reason}</Text>
            {revision.current && <Badge colorPalette="blue">{t.current}</Badge>}
            {revision.pinned && (
              <Badge colorPalette="purple">
                <LuLock aria-hidden />
                {t.pinned}
              </Badge>
            )}
            {revision.name && (
              <Text fontStyle="italic" color="fg.muted" wordBreak="break-word">
                “{revision.name}”
              </Text>
            )}
          </HStack>
          <Text textStyle="sm" color="fg.muted">
            {t.by(revision.actor)} · {formatDateTime(revision.createdAt)}
            {folded ? ` – ${formatDateTime(revision.updatedAt)}` : ''}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            {revision.changed.length ? `${t.changed} ${revision.changed.map((field) => revisionFieldLabels[field]).join(', ')}` : t.nothingChanged}
          </Text>
        </Stack>
        <HStack gap="1" flexShrink={0}>
          {!revision.current && (
            <Button size="sm" variant="ghost" onClick={() => onCompareWithCurrent(number)}>
              <LuFiles aria-hidden />
              {t.compareWithCurrent}
            </Button>
          )}
          {canChange && (
            <Menu.Root>
              <Menu.Trigger asChild>
                <IconButton size="sm" variant="ghost" aria-label={t.actions(number)}>
                  <LuEllipsisVertical />
                </IconButton>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    {!revision.current && (
                      <Menu.Item value="restore" onClick={() => onRestore(revision)}>
                        <LuUndo2 aria-hidden />
                        {t.restore}
                      </Menu.Item>
                    )}
                    <Menu.Item value="pin" onClick={() => onTogglePin(revision)}>
                      <LuLock aria-hidden />
                      {revision.pinned ? t.unpin : t.pin}
                    </Menu.Item>
                    <Menu.Item value="rename" onClick={() => onRename(revision)}>
                      <LuSquarePen aria-hidden />
                      {t.rename}
                    </Menu.Item>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          )}
        </HStack>
      </HStack>
    </Box>
  );
});

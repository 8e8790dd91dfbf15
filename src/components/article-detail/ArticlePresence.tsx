import { Alert, Avatar, AvatarGroup, HStack, Portal, Tooltip } from '@chakra-ui/react';
import { Button } from '../common/Button';
import type { Presence, PresenceTaken } from '../../contract';
import { initialsOf } from '../../contract/presence';
import { draftTime } from '../../lib/articleDraft';
import { presenceTexts as t } from '../../lib/texts-presence';

/** One avatar per person (their oldest page): a person with two tabs open is one face. */
function people(others: readonly Presence[]): Presence[] {
  const byUser = new Map<string, Presence>();
  for (const page of others) {
    const known = byUser.get(page.userId);
    // The page that edits speaks for the person.
    if (!known || (!known.editingSince && page.editingSince)) byUser.set(page.userId, page);
  }
  return [...byUser.values()];
}

export interface PresenceAvatarsProps {
  /** The other open pages of the article (this one left out). */
  others: readonly Presence[];
}

/** Who else has the article open: initials, with email, role and whether editing in a tooltip. */
export function PresenceAvatars({ others }: PresenceAvatarsProps) {
  const faces = people(others);
  if (!faces.length) return null;
  return (
    <AvatarGroup size="xs" role="group" aria-label={t.others(faces.length)} data-testid="presence-avatars">
      {faces.map((p) => {
        const label = t.who(p.email, p.role, p.editingSince && draftTime(p.editingSince));
        return (
          <Tooltip.Root key={p.userId} openDelay={300} lazyMount unmountOnExit>
            <Tooltip.Trigger asChild>
              <Avatar.Root
                tabIndex={0}
                role="img"
                aria-label={label}
                colorPalette={p.editingSince ? 'orange' : 'blue'}
                outlineWidth={p.editingSince ? '2px' : undefined}
                outlineColor="orange.500"
                outlineStyle={p.editingSince ? 'solid' : undefined}
              >
                <Avatar.Fallback aria-hidden>{initialsOf(p.email)}</Avatar.Fallback>
              </Avatar.Root>
            </Tooltip.Trigger>
            <Portal>
              <Tooltip.Positioner>
                <Tooltip.Content>{label}</Tooltip.Content>
              </Tooltip.Positioner>
            </Portal>
          </Tooltip.Root>
        );
      })}
    </AvatarGroup>
  );
}

export interface EditingNoticeProps {
  /** The other page holding the editing lease. */
  holder: Presence;
  /** The admin chose to view read-only: the notice stays, shorter, without the choice. */
  readOnly: boolean;
  onViewReadOnly: () => void;
  onTakeOver: () => void;
  takingOver: boolean;
  /** Why a take-over was refused (the lease lapsed meanwhile), if it was. */
  error: string | null;
}

/** Someone else is editing the article: view it read-only, or take over. */
export function EditingNotice({ holder, readOnly, onViewReadOnly, onTakeOver, takingOver, error }: EditingNoticeProps) {
  const since = draftTime(holder.editingSince ?? holder.openedAt);
  return (
    <Alert.Root status="warning" role="status" alignItems="center" data-testid="editing-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t.isEditing(holder.email, since)}</Alert.Title>
        <Alert.Description>{readOnly ? t.readOnly(holder.email) : t.isEditingHint}</Alert.Description>
        {error && <Alert.Description fontWeight="semibold">{error}</Alert.Description>}
      </Alert.Content>
      <HStack gap="2" flexShrink={0}>
        {!readOnly && (
          <Button size="sm" variant="outline" onClick={onViewReadOnly}>
            {t.viewReadOnly}
          </Button>
        )}
        <Button size="sm" colorPalette="blue" onClick={onTakeOver} loading={takingOver} loadingText={t.takingOver}>
          {t.takeOver}
        </Button>
      </HStack>
    </Alert.Root>
  );
}

export interface TakenOverNoticeProps {
  taken: PresenceTaken;
  onReload: () => void;
}

/** This page's editing was taken over by someone else. */
export function TakenOverNotice({ taken, onReload }: TakenOverNoticeProps) {
  return (
    <Alert.Root status="error" role="alert" alignItems="center" data-testid="taken-over-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t.takenOver(taken.by, draftTime(taken.at))}</Alert.Title>
        <Alert.Description>{t.takenOverHint}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" flexShrink={0} onClick={onReload}>
        {t.reload}
      </Button>
    </Alert.Root>
  );
}

import { HStack, Spinner, Switch } from '@chakra-ui/react';
import type { ArticleStatus } from '../../contract';
import { texts } from '../../lib/texts';

/** The status change under way, if any. */
export type PendingStatusAction = 'publish' | 'draft' | null;

export interface ArticleStatusSwitchProps {
  status: ArticleStatus;
  pendingAction: PendingStatusAction;
  onPublish: () => void;
  onConvertToDraft: () => void;
}

function statusText(status: ArticleStatus, pendingAction: PendingStatusAction): string {
  if (pendingAction === 'publish') return texts.article.publishing;
  if (pendingAction === 'draft') return texts.article.convertingToDraft;
  return status === 'published' ? texts.article.published : texts.article.draft;
}

/**
 * Draft/Published switch (SPEC.md section 4): on a draft it publishes, on a published article it
 * converts to draft. It stays on the article's real status until the parent passes a new one,
 * and is disabled while a change is pending.
 */
export function ArticleStatusSwitch({ status, pendingAction, onPublish, onConvertToDraft }: ArticleStatusSwitchProps) {
  const isPublished = status === 'published';
  const isPending = pendingAction !== null;
  return (
    <HStack gap="2">
      <Switch.Root
        colorPalette="green"
        checked={isPublished}
        disabled={isPending}
        onCheckedChange={() => (isPublished ? onConvertToDraft() : onPublish())}
      >
        <Switch.HiddenInput
          role="switch"
          // The switch shows the article's status, not the click: cancelling the click keeps the
          // native checkbox in step until the parent passes the new status (or the change fails).
          onClick={(event) => event.preventDefault()}
        />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label
          fontWeight="medium"
          color={isPending ? 'fg' : isPublished ? 'status.published' : 'status.draft'}
          // A disabled switch dims its label; keep the pending text readable.
          _disabled={{ opacity: 1 }}
        >
          {statusText(status, pendingAction)}
        </Switch.Label>
      </Switch.Root>
      {isPending && <Spinner size="xs" color="fg.muted" aria-hidden="true" />}
    </HStack>
  );
}

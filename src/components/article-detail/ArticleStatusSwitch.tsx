import { useId } from 'react';
import { Box, HStack, Spinner, Switch, VisuallyHidden } from '@chakra-ui/react';
import type { ArticleStatus } from '../../contract';
import { texts } from '../../lib/texts';
import { RefusedTooltip } from '../common/RefusedTooltip';

/** The status change under way, if any. */
export type PendingStatusAction = 'publish' | 'draft' | null;

export interface ArticleStatusSwitchProps {
  status: ArticleStatus;
  pendingAction: PendingStatusAction;
  onPublish: () => void;
  onConvertToDraft: () => void;
  /**
   * Why the signed-in role may not make the change the switch would make (publish a draft, or
   * turn a published article back into a draft): the switch then only shows the status.
   */
  refused?: string | null;
}

function statusText(status: ArticleStatus, pendingAction: PendingStatusAction): string {
  if (pendingAction === 'publish') return texts.article.publishing;
  if (pendingAction === 'draft') return texts.article.convertingToDraft;
  return status === 'published' ? texts.article.published : texts.article.draft;
}

/**
 * Draft/Published switch (docs/product.md, 'Publishing and editing'): on a draft it publishes, on a published article it
 * converts to draft. It stays on the article's real status until the parent passes a new one,
 * and is disabled while a change is pending. A role that may not make the change gets it
 * read-only, marked disabled yet focusable, so that the reason (its tooltip, and its description
 * for screen readers) can be read.
 */
export function ArticleStatusSwitch({ status, pendingAction, onPublish, onConvertToDraft, refused }: ArticleStatusSwitchProps) {
  const isPublished = status === 'published';
  const isPending = pendingAction !== null;
  const reasonId = useId();
  const control = (
    <Switch.Root
      colorPalette="green"
      checked={isPublished}
      disabled={isPending}
      readOnly={Boolean(refused)}
      onCheckedChange={() => (isPublished ? onConvertToDraft() : onPublish())}
    >
      <Switch.HiddenInput
        role="switch"
        aria-disabled={refused ? true : undefined}
        aria-describedby={refused ? reasonId : undefined}
        // The switch shows the article's status, not the click: cancelling the click keeps the
        // native checkbox in step until the parent passes the new status (or the change fails).
        onClick={(event) => event.preventDefault()}
      />
      <Switch.Control _readOnly={{ opacity: 0.5, cursor: 'not-allowed' }}>
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
  );
  return (
    <HStack gap="2">
      {refused ? (
        <>
          {/* The tooltip's trigger is around the switch: its root is the switch's own label. */}
          <RefusedTooltip reason={refused}>
            <Box display="inline-flex">{control}</Box>
          </RefusedTooltip>
          <VisuallyHidden id={reasonId}>{refused}</VisuallyHidden>
        </>
      ) : (
        control
      )}
      {isPending && <Spinner size="xs" color="fg.muted" aria-hidden="true" />}
    </HStack>
  );
}

import type { ReactElement } from 'react';
import { Portal, Tooltip } from '@chakra-ui/react';
import { SIDEBAR_TOOLTIP_DELAY_MS } from '../shell/IconModeTooltip';

export interface RefusedTooltipProps {
  /** Why the signed-in role may not use the control ('Only an editor or an admin may publish articles'); none: no tooltip. */
  reason: string | null | undefined;
  /** The control, given `refusable(reason, …)`'s props so that it can be pointed at and focused. */
  children: ReactElement;
}

/**
 * A control the signed-in role may not use, with the reason as its tooltip, shown on hover and on
 * keyboard focus (the tooltip delay of docs/product.md, 'Timings and limits'), and announced as the control's description
 * while it shows.
 */
export function RefusedTooltip({ reason, children }: RefusedTooltipProps) {
  if (!reason) return children;
  return (
    <Tooltip.Root openDelay={SIDEBAR_TOOLTIP_DELAY_MS} lazyMount unmountOnExit>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{reason}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

/**
 * A button's props for what it does, or, when the role may not (`reason`), for looking disabled:
 * `aria-disabled` instead of `disabled`, which would take it out of the tab order and stop the
 * pointer events its tooltip opens on. It then does nothing when pressed.
 */
export function refusable(reason: string | null | undefined, onClick: () => void) {
  return reason ? { 'aria-disabled': true } : { onClick };
}

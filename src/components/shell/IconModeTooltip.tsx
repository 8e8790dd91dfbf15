import type { ReactElement } from 'react';
import { Portal, Tooltip } from '@chakra-ui/react';
import { tooltipSlotRecipe } from '@chakra-ui/react/theme';

/** Tooltips in icon mode wait this long before showing (docs/product.md, 'Timings and limits'). */
export const SIDEBAR_TOOLTIP_DELAY_MS = 700;

export interface IconModeTooltipProps {
  label: string;
  /** Only in icon mode, where the visible label is gone. */
  enabled: boolean;
  children: ReactElement;
}

/**
 * A sidebar item's name as a tooltip, only in icon mode, where the visible label is gone. A chunk
 * of its own (the tooltip machine and its positioning), which the sidebar preloads.
 */
export function IconModeTooltip({ label, enabled, children }: IconModeTooltipProps) {
  return (
    <Tooltip.Root
      // Its recipe comes with its chunk: the first screens' theme system leaves it out (src/theme).
      recipe={tooltipSlotRecipe}
      openDelay={SIDEBAR_TOOLTIP_DELAY_MS}
      disabled={!enabled}
      positioning={{ placement: 'right' }}
      lazyMount
      unmountOnExit
    >
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

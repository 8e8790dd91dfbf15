import { useEffect, useRef } from 'react';
import { Checkbox } from '@chakra-ui/react';

export interface SelectCheckboxProps {
  /** What a screen reader announces ('Select Article #…', 'Select all on this page'). */
  label: string;
  checked: boolean | 'indeterminate';
  /** `range`: Shift was held (a shift-click selects from the last clicked to this one). */
  onToggle: (range: boolean) => void;
  /** Shows the label beside the box (else it is for screen readers only). */
  showLabel?: boolean;
  /** -1 inside the table, whose rows are its tab stops. */
  tabIndex?: number;
}

/**
 * A selection checkbox, named for screen readers only unless `showLabel`. The change event does not say
 * whether Shift was held, so the pointer or key that caused it is remembered.
 */
export function SelectCheckbox({ label, checked, onToggle, tabIndex, showLabel = false }: SelectCheckboxProps) {
  const shift = useRef(false);
  const root = useRef<HTMLLabelElement>(null);
  // Screen readers read 'mixed' from the input's own flag, which Chakra sets on a change only,
  // not when the box first shows mixed (and, in a browser, clears once mounted: hence the frame).
  useEffect(() => {
    const sync = () => {
      const input = root.current?.querySelector('input');
      if (input) input.indeterminate = checked === 'indeterminate';
    };
    sync();
    const frame = requestAnimationFrame(sync);
    return () => cancelAnimationFrame(frame);
  }, [checked]);
  return (
    <Checkbox.Root
      ref={root}
      checked={checked}
      onPointerDown={(event) => (shift.current = event.shiftKey)}
      onKeyDown={(event) => (shift.current = event.shiftKey)}
      onCheckedChange={() => {
        onToggle(shift.current);
        shift.current = false;
      }}
      // The table row opens its article on click; a checkbox click only selects.
      onClick={(event) => event.stopPropagation()}
      colorPalette="blue"
    >
      {/* Named by aria-label unless the label shows: a hidden label's text ('Select <title>')
          would be found by every text search of the card or row. */}
      <Checkbox.HiddenInput tabIndex={tabIndex} aria-label={showLabel ? undefined : label} />
      <Checkbox.Control />
      {showLabel ? (
        <Checkbox.Label textStyle="sm" color="fg.muted">
          {label}
        </Checkbox.Label>
      ) : null}
    </Checkbox.Root>
  );
}

import type { ClipboardEvent, DragEvent, FormEvent, KeyboardEvent } from 'react';
import { isEditKey } from './rules';

/**
 * Event handlers for the wrapper of a read-only field: any attempt to change the text (a
 * printable key, a deletion, input, paste, cut or drop) is stopped and reported once through
 * `onBlockedEdit`, so the page can explain why editing is blocked. Capture phase, so the
 * field's own handlers never see the attempt.
 */
export function blockedEditHandlers(onBlockedEdit: () => void, options: { multiline?: boolean } = {}) {
  const block = (event: { preventDefault(): void }) => {
    event.preventDefault();
    onBlockedEdit();
  };
  return {
    onKeyDownCapture: (event: KeyboardEvent) => {
      // Stopping the key also stops the input event it would cause, so one attempt is one call.
      if (isEditKey(event, options)) block(event);
    },
    onBeforeInputCapture: (event: FormEvent) => block(event),
    onPasteCapture: (event: ClipboardEvent) => block(event),
    onCutCapture: (event: ClipboardEvent) => block(event),
    onDropCapture: (event: DragEvent) => block(event),
  };
}

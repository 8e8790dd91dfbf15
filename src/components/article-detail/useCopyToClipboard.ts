import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a copy button shows its check mark (docs/product.md, 'Timings and limits'). */
export const COPY_CONFIRMATION_MS = 2000;

/**
 * Copies text with the Clipboard API. `copied` is true for `timeoutMs` after a successful copy;
 * a failed copy is only logged (docs/product.md, 'Errors and messages') and leaves `copied` as it was.
 */
export function useCopyToClipboard(timeoutMs = COPY_CONFIRMATION_MS) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      try {
        // Throws too when the Clipboard API is missing (an insecure context).
        await navigator.clipboard.writeText(text);
      } catch (error) {
        console.error('Failed to copy to clipboard', error);
        return false;
      }
      clearTimeout(timer.current);
      setCopied(true);
      timer.current = setTimeout(() => setCopied(false), timeoutMs);
      return true;
    },
    [timeoutMs],
  );

  return { copied, copy };
}

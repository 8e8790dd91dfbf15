import { useCallback, useState } from 'react';
import { messageOf } from './messageOf';

/**
 * An action asked for, then confirmed (a restore, a name): its subject while the question is
 * open, whether it is under way, and why it failed, in the server's words.
 */
export function useConfirmedAction<S>() {
  const [state, setState] = useState<{ subject: S; pending: boolean; error: string | null } | null>(null);
  const ask = useCallback((subject: S) => setState({ subject, pending: false, error: null }), []);
  /** Closes the question, unless the action is under way. */
  const cancel = useCallback(() => setState((current) => (current?.pending ? current : null)), []);
  /**
   * Runs `action` on the subject: the question closes when it succeeds (resolves true), and shows
   * why when it fails (resolves false), unless `onRefused` takes the failure (returns true: closed).
   */
  const run = async (action: (subject: S) => Promise<unknown>, onRefused?: (cause: unknown) => boolean): Promise<boolean> => {
    if (!state) return false;
    setState({ ...state, pending: true, error: null });
    try {
      await action(state.subject);
      setState(null);
      return true;
    } catch (cause) {
      if (onRefused?.(cause)) setState(null);
      else setState((current) => current && { ...current, pending: false, error: messageOf(cause) });
      return false;
    }
  };
  return { subject: state?.subject ?? null, pending: state?.pending ?? false, error: state?.error ?? null, ask, cancel, run };
}

import { useState } from 'react';
import { messageOf } from './messageOf';

/** What came of an action: what it did, or why the server refused, in its words. */
export interface ActionOutcome {
  text: string;
  error: boolean;
}

/**
 * Actions on one thing that need no question first (a test event, enabling, a redelivery):
 * which one is under way, and what came of the last.
 */
export function useActionResult<Name extends string>() {
  const [pending, setPending] = useState<Name | null>(null);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  /** Runs `action`; says `done` (or what `done` makes of its result) when it succeeds, and the server's message when it fails. */
  const run = async <T>(name: Name, action: () => Promise<T>, done: string | ((result: T) => string)) => {
    setPending(name);
    setOutcome(null);
    try {
      const result = await action();
      setOutcome({ text: typeof done === 'string' ? done : done(result), error: false });
    } catch (cause) {
      setOutcome({ text: messageOf(cause), error: true });
    } finally {
      setPending(null);
    }
  };
  return { pending, outcome, run, clear: () => setOutcome(null) };
}

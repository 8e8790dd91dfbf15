import { useState } from 'react';
import { messageOf } from '../common/messageOf';

/** What came of the last change: done (its words), or refused (the check's words or the server's). */
export interface WriteOutcome {
  ok: boolean;
  message: string;
}

/**
 * A card's changes, each checked here as the server checks it before anything is sent: `write`
 * says the check's refusal, or sends the change and says what came of it. `pending` is the kind
 * of change under way (a card may offer several: save, clear).
 */
export function useCheckedWrite<Kind extends string>() {
  const [pending, setPending] = useState<Kind | null>(null);
  const [outcome, setOutcome] = useState<WriteOutcome | null>(null);
  /** `problem`: the check's refusal (nothing is sent); `send` rejects with the API's error; `done`: what a success says. */
  const write = async (kind: Kind, problem: string | null | undefined, send: () => Promise<void>, done: string) => {
    if (problem) {
      setOutcome({ ok: false, message: problem });
      return;
    }
    setPending(kind);
    setOutcome(null);
    try {
      await send();
      setOutcome({ ok: true, message: done });
    } catch (cause) {
      setOutcome({ ok: false, message: messageOf(cause) });
    } finally {
      setPending(null);
    }
  };
  return { pending, setPending, outcome, setOutcome, write };
}

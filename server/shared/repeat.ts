/**
 * Background work done in rounds: a round now, then another `everyMs` after each one ends (never
 * two at once), until stopped; stopping waits for the round in progress. A round handles its own
 * failures (it is told whether the loop was stopped meanwhile).
 */
export interface Repeating {
  stop(): Promise<void>;
}

export function repeat(round: (stopped: () => boolean) => Promise<void>, everyMs: number): Repeating {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = async () => {
    await round(() => stopped);
    if (!stopped) timer = setTimeout(() => (running = tick()), everyMs);
  };
  timer = setTimeout(() => (running = tick()), 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * Runs in the preview before its scripts (page.addInitScript: the test-runner only). While
 * `__holdTimers(true)` is in force (from the end of a story's play, .storybook/preview.tsx, to the
 * end of its shots, .storybook/test-runner.ts), a timeout of `holdFrom` ms or more that comes due
 * waits: a success banner that hides after 3 s, or a toast after 5 s, is in both shots however
 * long a loaded machine takes over them, as it is in the baseline. It had hidden before the dark
 * shot of the publish flow in a whole pass. `__holdTimers(false)` runs what came due meanwhile
 * (unless cleared since). Shorter timers (a frame, a debounce, focus moved back) run as ever,
 * and `__unheldTimeout` is the browser's own, for a wait the shots themselves set. What times
 * itself otherwise (toasts count animation frames) joins with `__alsoHold(fn)`: `fn(on)` runs
 * whenever holding starts or ends (.storybook/preview.tsx pauses the toasts).
 */
export function holdTimers(holdFrom: number) {
  const realSetTimeout = window.setTimeout.bind(window);
  const realClearTimeout = window.clearTimeout.bind(window);
  let held = false;
  /** What came due while held, by the id its setTimeout answered. */
  const due = new Map<number, () => void>();
  const patched = (handler: TimerHandler, delay?: number, ...args: unknown[]): number => {
    if (typeof handler !== 'function' || !(Number(delay) >= holdFrom)) return realSetTimeout(handler, delay, ...args);
    const id: number = realSetTimeout(() => {
      if (held) due.set(id, () => handler(...args));
      else handler(...args);
    }, delay);
    return id;
  };
  window.setTimeout = patched as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) due.delete(id);
    realClearTimeout(id);
  }) as typeof window.clearTimeout;
  const alsoHeld: ((on: boolean) => void)[] = [];
  const hooks = window as unknown as {
    __holdTimers: (on: boolean) => void;
    __alsoHold: (fn: (on: boolean) => void) => void;
    __unheldTimeout: typeof setTimeout;
  };
  hooks.__alsoHold = (fn) => alsoHeld.push(fn);
  hooks.__holdTimers = (on: boolean) => {
    held = on;
    for (const fn of alsoHeld) fn(on);
    if (on) return;
    const runs = [...due.values()];
    due.clear();
    for (const run of runs) run();
  };
  hooks.__unheldTimeout = realSetTimeout as typeof setTimeout;
}

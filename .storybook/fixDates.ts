/**
 * Runs in the preview before its scripts (page.addInitScript): `Date` starts at `fixed` and runs
 * on at a tenth of real time from there (a play of a few seconds stays within the same second,
 * so a time shown to the second reads the same on every run, and two writes 10 ms apart still
 * get different milliseconds); `__restartDates()` (before each story) sets it back to `fixed`.
 * Only dates move: timers stay the browser's own, so nothing a story waits for is put off (a
 * clock that fakes timers too delays every timer set before it is set back).
 */
export function fixDates(fixed: number) {
  const RealDate = Date;
  let start = performance.now();
  const now = () => Math.floor(fixed + (performance.now() - start) / 10);
  function FixedDate(this: unknown, ...args: unknown[]) {
    // Called without `new`, Date answers the time as text.
    if (!new.target) return new RealDate(now()).toString();
    return args.length ? new (RealDate as unknown as new (...a: unknown[]) => Date)(...args) : new RealDate(now());
  }
  FixedDate.prototype = RealDate.prototype;
  FixedDate.now = now;
  FixedDate.parse = RealDate.parse;
  FixedDate.UTC = RealDate.UTC;
  (window as unknown as { Date: unknown }).Date = FixedDate;
  (window as unknown as { __restartDates: () => void }).__restartDates = () => {
    start = performance.now();
  };
}

import { useEffect, useState } from 'react';

/** The dashboard clock updates every 60 seconds (docs/product.md, 'Timings and limits'). */
export const CLOCK_INTERVAL_MS = 60_000;

/** The current time, refreshed every `intervalMs`. */
export function useClock(intervalMs: number = CLOCK_INTERVAL_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

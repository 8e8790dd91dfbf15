import { useState } from 'react';

/**
 * `value`, or while it is null the last value it had: what a dialog keeps showing (its name
 * above all) while it fades out after its subject went.
 */
export function useLastShown<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  // Storing what the previous render saw, React's way (set during render, no effect).
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}

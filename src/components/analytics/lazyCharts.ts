import { useEffect, useState } from 'react';

/** ./charts: recharts and Chakra's chart helpers, in a chunk of their own. */
export type ChartsModule = typeof import('./charts');

let charts: ChartsModule | undefined;
let failed = false;
let loading: Promise<void> | undefined;

/** Loads the charts once; a load that failed is tried again by the next call. */
function loadCharts(): Promise<void> {
  loading ??= import('./charts').then(
    (module) => {
      charts = module;
      failed = false;
    },
    () => {
      failed = true;
      loading = undefined;
    },
  );
  return loading;
}

// Fetched as soon as the screen's chunk runs, alongside the screen's request rather than after it.
void loadCharts();

/**
 * The charts module once it is here (it renders at once then, with no Suspense fallback),
 * 'loading' until then, or 'failed' when its chunk could not be fetched: the cards then show
 * their tables, which carry the same figures.
 */
export function useCharts(): ChartsModule | 'loading' | 'failed' {
  const [, setSettled] = useState(0);
  useEffect(() => {
    if (charts) return;
    let active = true;
    void loadCharts().then(() => {
      if (active) setSettled((n) => n + 1);
    });
    return () => {
      active = false;
    };
  }, []);
  if (charts) return charts;
  return failed ? 'failed' : 'loading';
}

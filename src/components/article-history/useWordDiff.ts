import { useEffect, useMemo, useState } from 'react';
import { DIFF_IN_WORKER_FROM_CHARS, wordDiff, type WordDiffResult } from '../../lib/wordDiff';

export type WordDiffState = { status: 'pending' } | { status: 'done'; result: WordDiffResult };

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, (result: WordDiffResult) => void>();

/** One worker for the page's comparisons, started at the first long one. */
function diffInWorker(left: string, right: string): { promise: Promise<WordDiffResult>; cancel: () => void } {
  if (!worker) {
    worker = new Worker(new URL('../../lib/wordDiff.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ id: number; result: WordDiffResult }>) => {
      waiting.get(event.data.id)?.(event.data.result);
      waiting.delete(event.data.id);
    };
  }
  const id = nextId++;
  const promise = new Promise<WordDiffResult>((resolve) => waiting.set(id, resolve));
  worker.postMessage({ id, left, right });
  return { promise, cancel: () => waiting.delete(id) };
}

/**
 * `left` and `right` compared word by word: at once for short texts, in a worker for long ones
 * (more than DIFF_IN_WORKER_FROM_CHARS together), so that a comparison of two 100 KB versions
 * never holds the page: 'pending' until it is done.
 */
export function useWordDiff(left: string, right: string): WordDiffState {
  const inWorker = left.length + right.length > DIFF_IN_WORKER_FROM_CHARS && typeof Worker !== 'undefined';
  const direct = useMemo(() => (inWorker ? undefined : wordDiff(left, right)), [inWorker, left, right]);
  const [fromWorker, setFromWorker] = useState<{ left: string; right: string; result: WordDiffResult } | null>(null);
  useEffect(() => {
    if (!inWorker) return;
    const job = diffInWorker(left, right);
    let live = true;
    void job.promise.then((result) => {
      if (live) setFromWorker({ left, right, result });
    });
    return () => {
      live = false;
      job.cancel();
    };
  }, [inWorker, left, right]);
  if (direct) return { status: 'done', result: direct };
  return fromWorker && fromWorker.left === left && fromWorker.right === right
    ? { status: 'done', result: fromWorker.result }
    : { status: 'pending' };
}

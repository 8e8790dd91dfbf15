/** A comparison of two long texts, off the main thread (src/lib/wordDiff.ts). */
import { wordDiff } from './wordDiff';

self.onmessage = (event: MessageEvent<{ id: number; left: string; right: string }>) => {
  const { id, left, right } = event.data;
  self.postMessage({ id, result: wordDiff(left, right) });
};

// Entry of the worker threads (server/workers/pool.ts). Workers load the TypeScript tasks
// through tsx, as the main thread does under `npm start`.
import { readFileSync, readlinkSync } from 'node:fs';
import * as nodeModule from 'node:module';
import os from 'node:os';
import { workerData } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();

// The heavy work yields to the request thread and the database's: this thread runs at a lower
// priority (its nice value, WORKER_NICE: 10 unless set), so that a server scraping on every core
// still answers its health check and its lists at once. On Linux a thread has a priority of its
// own, set through its thread id (/proc/thread-self); elsewhere it keeps the process's.
const nice = Number(workerData?.nice ?? 0);
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (nice > 0 && threadId > 0 && threadId !== process.pid) os.setPriority(threadId, Math.max(os.getPriority(threadId), nice));
} catch {
  /* no per-thread priority here */
}

// pdf.js (the pdfThumbnail task) is a few MB of plain JavaScript: loaded as it is, not through
// tsx, which would rewrite its dynamic imports with a source map and cost each worker that
// loads it seconds and some 200 MB. Registered after tsx, so this hook runs first.
const PDFJS_BUILD = /\/node_modules\/pdfjs-dist\/legacy\/build\/[^/]+\.mjs$/;
nodeModule.registerHooks?.({
  load(url, context, nextLoad) {
    if (!PDFJS_BUILD.test(url)) return nextLoad(url, context);
    return { format: 'module', source: readFileSync(fileURLToPath(url)), shortCircuit: true };
  },
});

const tasks = await import('./tasks.ts');

export const scrapePage = tasks.scrapePage;
export const replaceImages = tasks.replaceImages;
export const inspectFile = tasks.inspectFile;
export const pdfThumbnail = tasks.pdfThumbnail;
export const checkArticle = tasks.checkArticle;
export const checkAddresses = tasks.checkAddresses;
export const textSignature = tasks.textSignature;
export const readSource = tasks.readSource;
export const recheckPage = tasks.recheckPage;
export const wordDiff = tasks.wordDiff;
export const mergeSource = tasks.mergeSource;
export const checkSelectors = tasks.checkSelectors;
export const imageDerivative = tasks.imageDerivative;
export default tasks.scrapePage;

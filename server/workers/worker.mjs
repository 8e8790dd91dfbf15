// Entry of the worker threads (server/workers/pool.ts). Workers load the TypeScript tasks
// through tsx, as the main thread does under `npm start`.
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./tasks.ts');

export const scrapePage = tasks.scrapePage;
export const replaceImages = tasks.replaceImages;
export const inspectFile = tasks.inspectFile;
export default tasks.scrapePage;

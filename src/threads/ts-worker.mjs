// Boot file of every worker thread: a worker does not inherit the TypeScript loader of the thread
// that started it (tsx registers per thread), so it registers tsx and then imports its entry module.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);

// Worker threads do not inherit tsx's loader hooks on Node 20, so the worker registers them
// itself before loading its TypeScript entry (the server runs from source, with no build).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);

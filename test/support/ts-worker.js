// Worker threads do not inherit the test runner's TypeScript loader: register tsx, then load
// the TypeScript entry named in workerData.entry.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);

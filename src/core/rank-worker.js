// Worker threads do not inherit the main thread's TypeScript loader: register tsx, then hand
// piscina the TypeScript task.
import { register } from 'tsx/esm/api';

register();
const task = await import('./rank-task.ts');
export default task.default;

// The service's worker threads (see work-pool.ts): see load-task.js for why it is JavaScript.
import { loadTask } from './load-task.js';

export default await loadTask('work-task', import.meta.url);

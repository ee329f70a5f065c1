// The rank pool's worker thread: see load-task.js for why it is JavaScript.
import { loadTask } from '../workers/load-task.js';

export default await loadTask('rank-task', import.meta.url);

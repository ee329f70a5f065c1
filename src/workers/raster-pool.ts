import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { Logger } from 'pino';

/** A render the child could not draw: its process died twice on it, or would not start. */
export class RasterFailed extends Error {
  override name = 'RasterFailed';
}

export interface RasterPoolOptions {
  /** Renders one child draws at once (the service's render concurrency). */
  concurrency: number;
  /** The child is replaced after this many renders... */
  rendersPerChild?: number;
  /** ...or as soon as it reports an RSS above this many bytes after a render. */
  maxRssBytes?: number;
  /** An idle child ends after this long, giving its memory back; the next render starts one. */
  idleMillis?: number;
  /**
   * A child that has not answered a render after this long is taken for hung and killed, which
   * then counts as its death (the render is drawn once more in a new child). The largest render
   * the limits allow (40 megapixels) takes seconds.
   */
  renderMillis?: number;
  logger?: Logger;
}

interface Task {
  svg: string;
  dpi: number;
  resolve(png: Buffer): void;
  reject(e: Error): void;
  /** Children that died drawing it. */
  deaths: number;
  /** Kills the child drawing it if it has not answered in time. */
  deadline?: NodeJS.Timeout | undefined;
}

interface Child {
  process: ChildProcess;
  exited: Promise<unknown>;
  ready: boolean;
  tasks: Map<number, Task>;
  /** Renders handed to it, drawn or not. */
  given: number;
  /** Told to end once its renders are drawn (or at once, if it has none). */
  retiring: boolean;
  idle?: NodeJS.Timeout | undefined;
}

type Answer = { ready: true } | { id: number; png: Uint8Array; rss: number } | { id: number; error: string; rss: number };

/**
 * The service's PNG rasters, drawn in a child process. librsvg and cairo leave freed memory in
 * glibc's heap, so a long-lived process that rasterises grows by every render's peak (120 → 422 MB
 * in 240 renders), and the glibc settings that give it back (small mmap and trim thresholds) make
 * each raster twice as slow. The child keeps glibc's fast defaults but for its arenas and V8's young
 * generation (see #start and CHILD_ALLOCATOR), which hold it at 100–140 MB over 2,000 renders at
 * about raw sharp's speed. Replacing it after 1,000 renders, or once a render leaves it past 144 MB, gives
 * back whatever it still gathers: 100, 300 and 1,000 renders a child measured alike for RSS and
 * speed, so it restarts least. The RSS bound keeps the service and its child under 500 MB
 * together: the soak's child sits at 100–145 MB and a few large rasters leave it at 155–165, beside
 * a service of 310–345 (libvips draws in strips: a 100-megapixel raster left the child at 131 MB).
 * One child draws all the renders the gate lets
 * through: a second process costs its own ~70 MB of node and libvips.
 *
 * Started on the first render. A child that dies mid-render (or is killed for not answering within
 * renderMillis) is replaced and its renders are drawn
 * once more; a render whose second child dies too fails with RasterFailed, as do renders waiting
 * when two children in a row exit before they are ready.
 */
export class RasterPool {
  readonly concurrency: number;
  readonly rendersPerChild: number;
  readonly maxRssBytes: number;
  readonly idleMillis: number;
  readonly renderMillis: number;
  readonly #logger: Logger | undefined;
  /** The child new renders go to. */
  #current: Child | undefined;
  /** Every child not yet exited: the current one, and retired ones finishing their renders. */
  readonly #children = new Set<Child>();
  readonly #queue: Task[] = [];
  #nextId = 0;
  /** Children in a row that exited before they were ready. */
  #failedStarts = 0;
  #closing = false;

  constructor({
    concurrency,
    rendersPerChild = 1000,
    maxRssBytes = 144 * 1024 * 1024,
    idleMillis = 60_000,
    renderMillis = 60_000,
    logger,
  }: RasterPoolOptions) {
    this.concurrency = concurrency;
    this.renderMillis = renderMillis;
    this.rendersPerChild = rendersPerChild;
    this.maxRssBytes = maxRssBytes;
    this.idleMillis = idleMillis;
    this.#logger = logger;
  }

  /** The process ids of the children running now, retiring ones included. */
  get pids(): number[] {
    return [...this.#children].flatMap((c) => (c.process.pid === undefined ? [] : [c.process.pid]));
  }

  /** The library's svgToPng of `svg`, drawn in the child. */
  render(svg: string, dpi: number): Promise<Buffer> {
    if (this.#closing) return Promise.reject(new RasterFailed('The service is stopping.'));
    return new Promise<Buffer>((resolve, reject) => {
      this.#queue.push({ svg, dpi, resolve, reject, deaths: 0 });
      this.#pump();
    });
  }

  /** Ends the children (a render still being drawn fails) and waits until they have exited. */
  async close(): Promise<void> {
    this.#closing = true;
    for (const task of this.#queue.splice(0)) task.reject(new RasterFailed('The service is stopping.'));
    const exits = [...this.#children].map((c) => c.exited);
    for (const child of this.#children) child.process.kill('SIGTERM');
    this.#current = undefined;
    await Promise.all(exits);
    this.#closing = false;
  }

  #pump(): void {
    if (this.#closing) return;
    // One child at a time: a successor starts once the child it replaces has exited. Two at once
    // (the old one drawing its last renders beside its successor) were the soak's RSS peaks, the
    // old child's 150–165 MB on top of the new one's (511 and 540 MB against 470–500 between).
    if (this.#queue.length > 0 && !this.#current && this.#children.size === 0) this.#current = this.#start();
    const child = this.#current;
    if (!child?.ready) return;
    while (this.#queue.length > 0 && child.tasks.size < this.concurrency && !child.retiring) {
      const task = this.#queue.shift()!;
      const id = this.#nextId++;
      clearTimeout(child.idle);
      child.tasks.set(id, task);
      child.process.send({ id, svg: task.svg, dpi: task.dpi });
      task.deadline = setTimeout(() => {
        this.#logger?.error({ pid: child.process.pid, millis: this.renderMillis }, 'render child did not answer in time; killing it');
        child.process.kill('SIGKILL');
      }, this.renderMillis);
      if (++child.given >= this.rendersPerChild) this.#retire(child, 'renders');
    }
  }

  #start(): Child {
    const proc = fork(new URL('./raster-child.js', import.meta.url), [], {
      // Not this process's flags (a TypeScript loader, a test runner's): the child is plain
      // JavaScript, a few calls a render, so a 1 MB young generation costs it no time, where
      // V8's default (16 MB semi-spaces) held ~30 MB more RSS (bench).
      execArgv: ['--max-semi-space-size=1'],
      env: childEnv(),
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const child: Child = { process: proc, exited: once(proc, 'exit'), ready: false, tasks: new Map(), given: 0, retiring: false };
    this.#children.add(child);
    proc.on('message', (answer: Answer) => this.#answer(child, answer));
    proc.on('exit', (code, signal) => this.#exited(child, code, signal));
    // A failed spawn (no such file, too many processes) also ends in 'exit'; 'error' only reports it.
    proc.on('error', (e) => this.#logger?.error({ err: e }, 'render child error'));
    return child;
  }

  /**
   * Sends no more renders to `child`, ending it once it has drawn those it has; its successor
   * starts when it has exited and a render is waiting.
   */
  #retire(child: Child, why: string): void {
    if (child.retiring) return;
    child.retiring = true;
    this.#logger?.debug({ pid: child.process.pid, renders: child.given, why }, 'render child retiring');
    // Its successor starts when it has exited (#pump), and only if someone is asking.
    if (this.#current === child) this.#current = undefined;
    if (child.tasks.size === 0) this.#end(child);
  }

  #end(child: Child): void {
    clearTimeout(child.idle);
    child.process.kill('SIGTERM');
  }

  #answer(child: Child, answer: Answer): void {
    if ('ready' in answer) {
      child.ready = true;
      this.#failedStarts = 0;
      this.#logger?.debug({ pid: child.process.pid }, 'render child ready');
      this.#pump();
      return;
    }
    const task = child.tasks.get(answer.id);
    child.tasks.delete(answer.id);
    clearTimeout(task?.deadline);
    if (task) {
      if ('png' in answer) task.resolve(Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.byteLength));
      else task.reject(new Error(answer.error));
    }
    if (answer.rss > this.maxRssBytes) this.#retire(child, `rss ${Math.round(answer.rss / 1048576)} MB`);
    if (child.retiring) {
      if (child.tasks.size === 0) this.#end(child);
    } else if (child.tasks.size === 0 && this.#queue.length === 0) {
      child.idle = setTimeout(() => this.#retire(child, 'idle'), this.idleMillis);
      child.idle.unref();
    }
    this.#pump();
  }

  #exited(child: Child, code: number | null, signal: NodeJS.Signals | null): void {
    clearTimeout(child.idle);
    this.#children.delete(child);
    if (this.#current === child) this.#current = undefined;
    const orphans = [...child.tasks.values()];
    child.tasks.clear();
    const why = signal ?? `exit code ${code}`;
    for (const task of orphans) {
      clearTimeout(task.deadline);
      task.deaths++;
      if (this.#closing) task.reject(new RasterFailed('The service is stopping.'));
      else if (task.deaths < 2) {
        this.#logger?.warn({ pid: child.process.pid, code, signal }, 'render child died mid-render; drawing it again in a new child');
        this.#queue.unshift(task);
      } else {
        this.#logger?.error({ pid: child.process.pid, code, signal }, 'render child died mid-render, the second to die on this render');
        task.reject(new RasterFailed(`The render process stopped twice while drawing this PNG (${why}).`));
      }
    }
    if (orphans.length === 0 && !this.#closing && !child.ready) {
      this.#logger?.error({ pid: child.process.pid, code, signal }, 'render child exited before it was ready');
      // Two starts failing in a row will not be mended by a third: fail what waits rather than loop.
      if (++this.#failedStarts >= 2) {
        this.#failedStarts = 0;
        for (const t of this.#queue.splice(0)) t.reject(new RasterFailed(`The render process would not start (${why}).`));
      }
    } else if (orphans.length === 0 && !this.#closing && !child.retiring) {
      this.#logger?.warn({ pid: child.process.pid, code, signal }, 'idle render child exited');
    }
    this.#pump();
  }
}

/**
 * One malloc arena: the per-thread arenas are where freed raster memory lingers (a child drawing
 * two at a time held 253 MB after 300 renders with glibc's default, 170 MB with two arenas,
 * 100–140 MB with one). Two at a time one draws about as fast (57–66 against 57 ms a render on a
 * quiet machine); one at a time it was up to ~8% slower by the wall clock, the price of staying
 * under the service's 400 MB. The mmap and trim thresholds are what make rasters slow, so no
 * MALLOC_ setting of this process is passed on.
 */
export const CHILD_ALLOCATOR: Record<string, string> = { MALLOC_ARENA_MAX: '1' };

function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('MALLOC_')) env[k] = v;
  return { ...env, ...CHILD_ALLOCATOR };
}

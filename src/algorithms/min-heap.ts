/** A binary min-heap of (priority, value) pairs for Dijkstra; ties pop in insertion order. */
export class MinHeap {
  #priority: number[] = [];
  #value: number[] = [];
  #order: number[] = [];
  #counter = 0;

  get size(): number {
    return this.#value.length;
  }

  push(priority: number, value: number): void {
    this.#priority.push(priority);
    this.#value.push(value);
    this.#order.push(this.#counter++);
    this.#up(this.#value.length - 1);
  }

  /** The value with the smallest priority; call only when size > 0. */
  pop(): { priority: number; value: number } {
    const top = { priority: this.#priority[0] as number, value: this.#value[0] as number };
    const last = this.#value.length - 1;
    this.#swap(0, last);
    this.#priority.pop();
    this.#value.pop();
    this.#order.pop();
    this.#down(0);
    return top;
  }

  #less(a: number, b: number): boolean {
    const pa = this.#priority[a] as number;
    const pb = this.#priority[b] as number;
    return pa < pb || (pa === pb && (this.#order[a] as number) < (this.#order[b] as number));
  }

  #swap(a: number, b: number): void {
    const p = this.#priority;
    const v = this.#value;
    const o = this.#order;
    const tp = p[a] as number;
    p[a] = p[b] as number;
    p[b] = tp;
    const tv = v[a] as number;
    v[a] = v[b] as number;
    v[b] = tv;
    const to = o[a] as number;
    o[a] = o[b] as number;
    o[b] = to;
  }

  #up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.#less(i, parent)) return;
      this.#swap(i, parent);
      i = parent;
    }
  }

  #down(i: number): void {
    const n = this.#value.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && this.#less(l, m)) m = l;
      if (r < n && this.#less(r, m)) m = r;
      if (m === i) return;
      this.#swap(i, m);
      i = m;
    }
  }
}

/**
 * A min-heap of node indices ordered by a distance array the caller owns and lowers, for
 * Dijkstra over a few hundred nodes: each node sits in it at most once (a lowered distance moves
 * it up, so no stale entries), and its buffers are kept between searches, so a search allocates
 * nothing. Ties pop in no promised order: a caller must not depend on it (a shortest-path field
 * does not, see potential.ts).
 */
export class NodeHeap {
  #heap = new Int32Array(256);
  /** Heap slot per node, -1 when absent. */
  #slot = new Int32Array(256).fill(-1);
  #size = 0;
  #dist: Float64Array = new Float64Array(0);

  get size(): number {
    return this.#size;
  }

  /** Empties the heap and orders it by `dist` from now on. */
  reset(dist: Float64Array): void {
    const n = dist.length;
    if (this.#heap.length < n) {
      this.#heap = new Int32Array(n);
      this.#slot = new Int32Array(n).fill(-1);
    } else {
      for (let i = 0; i < this.#size; i++) this.#slot[this.#heap[i] as number] = -1;
    }
    this.#size = 0;
    this.#dist = dist;
  }

  /** Adds `node`, or moves it up after its distance was lowered. */
  lowered(node: number): void {
    let i = this.#slot[node] as number;
    if (i < 0) i = this.#size++;
    const heap = this.#heap;
    const slot = this.#slot;
    const dist = this.#dist;
    const d = dist[node] as number;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = heap[parent] as number;
      if ((dist[p] as number) <= d) break;
      heap[i] = p;
      slot[p] = i;
      i = parent;
    }
    heap[i] = node;
    slot[node] = i;
  }

  /** The node with the smallest distance, removed; call only when size > 0. */
  pop(): number {
    const heap = this.#heap;
    const slot = this.#slot;
    const dist = this.#dist;
    const top = heap[0] as number;
    slot[top] = -1;
    const n = --this.#size;
    if (n === 0) return top;
    const last = heap[n] as number;
    const d = dist[last] as number;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      let c = l;
      let dc = dist[heap[l] as number] as number;
      if (r < n) {
        const dr = dist[heap[r] as number] as number;
        if (dr < dc) (c = r), (dc = dr);
      }
      if (dc >= d) break;
      const child = heap[c] as number;
      heap[i] = child;
      slot[child] = i;
      i = c;
    }
    heap[i] = last;
    slot[last] = i;
    return top;
  }
}

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

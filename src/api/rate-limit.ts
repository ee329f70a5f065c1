/**
 * Token buckets, one per name (a client address, a key id), each with its own rate: a name may
 * spend `perMinute` writes in a burst, then one more every 60/perMinute seconds. Written here
 * rather than taken from express-rate-limit because a key's rate is known only after the key
 * is checked (asynchronously, against the store) and differs per key, and because a bucket
 * answers how long to wait to the second (Retry-After) instead of a fixed window's reset.
 *
 * In memory, per process: N replicas allow N times the rate (docs/operations.md#limits).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number; perMinute: number }>();

  constructor(
    private readonly maxNames = 50_000,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Spends one token of `name`: 0 when allowed, else the whole seconds until one is there. */
  take(name: string, perMinute: number): number {
    const now = this.clock();
    const perMs = perMinute / 60_000;
    const b = this.buckets.get(name);
    let tokens = perMinute;
    if (b) {
      tokens = Math.min(perMinute, b.tokens + (now - b.at) * perMs);
      // Re-inserted so that Map order is least recently used first (what `trim` drops).
      this.buckets.delete(name);
    }
    const allowed = tokens >= 1;
    this.buckets.set(name, { tokens: allowed ? tokens - 1 : tokens, at: now, perMinute });
    if (this.buckets.size > this.maxNames) this.trim(now);
    return allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
  }

  get size(): number {
    return this.buckets.size;
  }

  /**
   * Forgets full buckets (they mean nothing), then, if still too many, the least recently used,
   * down to 90 % so that a flood of new names pays for a sweep only every tenth of the bound.
   */
  private trim(now: number): void {
    for (const [name, b] of this.buckets) if (b.tokens + (now - b.at) * (b.perMinute / 60_000) >= b.perMinute) this.buckets.delete(name);
    const keep = Math.floor(this.maxNames * 0.9);
    for (const name of this.buckets.keys()) {
      if (this.buckets.size <= keep) break;
      this.buckets.delete(name);
    }
  }
}

import type { Rng } from '../../../core/rng.ts';

/**
 * `exploring.fork('land')` (and 'river') name the same stream at every exploration, so each
 * exploration draws that stream's numbers again from its start. They are drawn once per map and
 * replayed: seeding a stream costs more than the exploration that uses it.
 */
export class Replayed {
  private readonly draws: number[] = [];
  private at = 0;

  constructor(private readonly source: Rng) {}

  restart(): this {
    this.at = 0;
    return this;
  }

  /** Rng.pick's draw: the next number scaled to the list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    if (this.at === this.draws.length) this.draws.push(this.source.next());
    return items[Math.floor(this.draws[this.at++]! * items.length)] as T;
  }
}

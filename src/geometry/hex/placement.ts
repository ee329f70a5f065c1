import { DIRECTIONS, compareAxial, keyOf, rotate, type Axial, type HexKey } from './axial.ts';

/** Rotate by `turns` × 60° about the origin, then move by (dq, dr). */
export interface Transform {
  readonly turns: number;
  readonly dq: number;
  readonly dr: number;
}

export const IDENTITY: Transform = { turns: 0, dq: 0, dr: 0 };

export function apply(t: Transform, h: Axial): Axial {
  const p = rotate(h, t.turns);
  return { q: p.q + t.dq, r: p.r + t.dr };
}

/** `outer ∘ inner`: first inner, then outer. */
export function compose(outer: Transform, inner: Transform): Transform {
  const moved = rotate({ q: inner.dq, r: inner.dr }, outer.turns);
  return { turns: (outer.turns + inner.turns) % 6, dq: moved.q + outer.dq, dr: moved.r + outer.dr };
}

export function placeShape(shape: readonly Axial[], t: Transform): Axial[] {
  return shape.map((h) => apply(t, h));
}

/** Adjacent pairs (a in `a`, b in `b`), each pair once, in a fixed order. */
export function seamPairs(a: readonly Axial[], b: readonly Axial[]): Array<[Axial, Axial]> {
  const inB = new Set<HexKey>(b.map(keyOf));
  const pairs: Array<[Axial, Axial]> = [];
  for (const h of a) {
    for (const d of DIRECTIONS) {
      const n = { q: h.q + d.q, r: h.r + d.r };
      if (inB.has(keyOf(n))) pairs.push([h, n]);
    }
  }
  return pairs;
}

/**
 * Every way to lay `next` flush against `base` (kept in its own frame): no overlap and the
 * greatest number of adjacent pairs any placement reaches. That maximum is what "edge to edge"
 * means for these shapes: a hexagon meets a hexagon side to side (7 pairs), a strip meets a
 * hexagon with its long side (8 pairs); half-overlapping or corner contacts score less.
 * Placements that cover the same spaces are listed once, in a fixed order.
 */
export function flushPlacements(base: readonly Axial[], next: readonly Axial[]): Transform[] {
  const reach = extent(base) + extent(next) + 2;
  // A dense bitmap of the base, padded by a ring so neighbour lookups never leave it.
  const span = 2 * (reach + extent(next) + 2) + 1;
  const mid = (span - 1) / 2;
  const occupied = new Uint8Array(span * span);
  for (const h of base) occupied[(h.q + mid) * span + (h.r + mid)] = 1;
  const offsets = DIRECTIONS.map((d) => d.q * span + d.r);
  let best = 0;
  const found = new Map<string, Transform>();
  for (let turns = 0; turns < 6; turns++) {
    const turned = next.map((h) => rotate(h, turns));
    for (let dq = -reach; dq <= reach; dq++) {
      for (let dr = -reach; dr <= reach; dr++) {
        let overlap = false;
        let pairs = 0;
        for (const h of turned) {
          const cell = (h.q + dq + mid) * span + (h.r + dr + mid);
          if (occupied[cell]) {
            overlap = true;
            break;
          }
          for (const o of offsets) pairs += occupied[cell + o] as number;
        }
        if (overlap || pairs === 0 || pairs < best) continue;
        if (pairs > best) {
          best = pairs;
          found.clear();
        }
        const footprint = turned
          .map((h) => ({ q: h.q + dq, r: h.r + dr }))
          .sort(compareAxial)
          .map((h) => `${h.q},${h.r}`)
          .join(';');
        if (!found.has(footprint)) found.set(footprint, { turns, dq, dr });
      }
    }
  }
  return [...found.values()];
}

function extent(shape: readonly Axial[]): number {
  let m = 0;
  for (const h of shape) m = Math.max(m, Math.abs(h.q), Math.abs(h.r), Math.abs(h.q + h.r));
  return m;
}

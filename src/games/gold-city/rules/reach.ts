import { CODE_FOR, type GroundSymbol } from '../symbols.ts';
import type { GameState } from './state.ts';
import { G, blockadeBetween, type Table } from './table.ts';

export interface Reach {
  /** Strength left on arrival, -1 where unreachable. */
  left: Int8Array;
  parent: Int32Array;
  from: number;
}

export function occupancy(state: GameState, n: number, table?: Table): Uint8Array {
  const occ = new Uint8Array(n);
  for (const p of state.players) for (const pawn of p.pawns) if (pawn.at >= 0) occ[pawn.at] = 1;
  // On a temple course pawns never block one another.
  if ((table?.temples.length ?? 0) > 0) occ.fill(0);
  return occ;
}

/**
 * Every space one card of `symbol` and `strength` can take a pawn to from `from`, walking the
 * leftover on over spaces of the same kind; blockades are paid from the same strength.
 */
export function reach(state: GameState, t: Table, occ: Uint8Array, from: number, symbol: GroundSymbol, strength: number): Reach {
  const left = new Int8Array(t.n).fill(-1);
  const parent = new Int32Array(t.n).fill(-1);
  left[from] = strength;
  const stack = [from];
  const ground = CODE_FOR[symbol];
  while (stack.length > 0) {
    const x = stack.pop() as number;
    if (t.finishes[x]) continue;
    const have = left[x] as number;
    for (let k = 0; k < 6; k++) {
      const y = t.adj[6 * x + k] as number;
      if (y < 0 || occ[y]) continue;
      const g = t.ground[y] as number;
      let cost: number;
      if (g === ground) cost = t.strength[y] as number;
      else if (g === G.finish || g === G.start) cost = 0;
      else continue;
      const b = blockadeBetween(t, x, y);
      if (b >= 0 && state.claimed[b] === -1) {
        const blockade = t.blockades[b]!;
        if (G[blockade.terrain] !== ground) continue;
        cost += blockade.strength;
      }
      const rest = have - cost;
      if (rest < 0 || rest <= (left[y] as number)) continue;
      left[y] = rest;
      parent[y] = x;
      stack.push(y);
    }
  }
  return { left, parent, from };
}

export function pathTo(r: Reach, to: number): number[] {
  const path: number[] = [];
  for (let x = to; x !== r.from; x = r.parent[x] as number) path.push(x);
  return path.reverse();
}

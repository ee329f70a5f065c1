import { Rng } from '../../core/rng.ts';
import { corners, isFace, vertexKey, type Face } from '../../geometry/trilattice/lattice.ts';
import type { LostValleyMap } from './model.ts';
import { movementGraph, type MovementGraph } from './movement.ts';

/**
 * A simple prospector race, used to calibrate the landscape score: after exploration the ice
 * block sits on the spring, and each prospector in turn walks (on foot) to the gold that pays best
 * for the walk, feeds itself by fishing and cuts timber, builds canals to tundra and mines in
 * mountains, and mines gold; at the end of every turn a 5–6 moves the ice one river tile, and the
 * game ends when it reaches the waterfall. Boats, horses, events, hunting, whiskey, trading and the
 * sharing rules at intersections are left out: this measures the landscape, not the players.
 */
interface SimTile {
  terrain: string;
  fish: boolean;
  rivergold: number[];
  mountaingold: number[];
  canal: boolean;
  mine: boolean;
}

interface Prospector {
  at: number;
  food: number;
  timber: number;
  tools: number;
  gold: number;
}

export interface SimResult {
  games: number;
  /** Gold nuggets mined per prospector before the ice reached the waterfall (mean over games). */
  goldPerProspector: number;
  rounds: number;
}

function distancesFrom(g: MovementGraph, from: number): Int32Array {
  // Half-turn units: an overland edge or a ford costs 2, a riverbank edge 1; across is closed.
  const dist = new Int32Array(g.vertices.length).fill(-1);
  dist[from] = 0;
  const buckets: number[][] = [[from]];
  for (let d = 0; d < buckets.length; d++) {
    for (const x of buckets[d] ?? []) {
      if (dist[x] !== d) continue;
      for (const [y, kind] of g.links[x]!) {
        if (kind === 'across') continue;
        const nd = d + (kind === 'river' ? 1 : 2);
        if (dist[y] === -1 || nd < (dist[y] as number)) {
          dist[y] = nd;
          (buckets[nd] ??= []).push(y);
        }
      }
    }
  }
  return dist;
}

export function simulate(map: LostValleyMap, { games = 8 }: { games?: number } = {}): SimResult {
  const g = movementGraph(map);
  const n = g.vertices.length;
  const allDist = Array.from({ length: n }, (_, i) => distancesFrom(g, i));
  const tileIndex = new Map(map.tiles.map((t, i) => [t.id, i] as const));
  // Tiles beside each intersection (the tiles it is a corner of).
  const beside: number[][] = Array.from({ length: n }, () => []);
  map.tiles.forEach((t, ti) => {
    const seen = new Set<number>();
    for (const f of t.faces) {
      if (!isFace(f)) continue;
      for (const c of corners(f as Face)) {
        const v = g.index.get(vertexKey(c));
        if (v !== undefined && !seen.has(v)) {
          seen.add(v);
          beside[v]!.push(ti);
        }
      }
    }
  });
  const post = g.index.get(vertexKey(map.tradingPost as unknown as [number, number])) ?? 0;
  const players = map.options?.players ?? 4;
  const riverSteps = Math.max(1, map.river.length - 1);
  let goldTotal = 0;
  let roundsTotal = 0;
  for (let game = 0; game < games; game++) {
    const rng = Rng.fromSeed(`lost-valley-sim\u001f${map.digest ?? 'map'}\u001f${game}`);
    const tiles: SimTile[] = map.tiles.map((t) => ({ terrain: t.terrain, fish: Boolean(t.symbols?.fish) || t.terrain === 'lake' || t.kind === 'river', rivergold: [], mountaingold: [], canal: false, mine: false }));
    for (const m of map.markers) {
      const i = tileIndex.get(m.tile);
      if (i === undefined) continue;
      if (m.kind === 'rivergold') tiles[i]!.rivergold.push(m.value ?? 1);
      if (m.kind === 'mountaingold') tiles[i]!.mountaingold.push(m.value ?? 3);
    }
    const crew: Prospector[] = Array.from({ length: players }, () => ({ at: post, food: 1, timber: 1, tools: 3, gold: 0 }));
    let ice = 0;
    let rounds = 0;
    const act = (p: Prospector): boolean => {
      const here = beside[p.at]!.map((i) => tiles[i]!);
      for (const t of here) {
        const wet = t.terrain !== 'tundra' || t.canal;
        if (t.rivergold.length > 0 && wet && p.food >= 1) {
          p.food--;
          p.gold += t.rivergold.pop()!;
          return true;
        }
        if (t.mountaingold.length > 0 && t.mine && p.food >= 1 && p.timber >= 1) {
          p.food--;
          p.timber--;
          p.gold += t.mountaingold.pop()!;
          return true;
        }
      }
      for (const t of here) {
        if (t.terrain === 'tundra' && t.rivergold.length > 0 && !t.canal && p.timber >= 1) {
          p.timber--;
          t.canal = true;
          return true;
        }
        if ((t.terrain === 'mountain' || t.terrain === 'spring') && t.mountaingold.length > 0 && !t.mine && p.tools >= 1 && p.food >= 1 && p.timber >= 1) {
          p.tools--;
          p.food--;
          p.timber--;
          t.mine = true;
          return true;
        }
      }
      if (p.food < 2 && here.some((t) => t.fish)) {
        p.food++;
        return true;
      }
      if (p.timber < 2 && here.some((t) => t.terrain === 'forest')) {
        p.timber++;
        return true;
      }
      return false;
    };
    /** What standing at v is worth next: gold it can mine there soon, or the food or timber it lacks. */
    const worth = (p: Prospector, v: number): number => {
      let best = 0;
      for (const i of beside[v]!) {
        const t = tiles[i]!;
        if (t.rivergold.length) best = Math.max(best, (t.terrain === 'tundra' && !t.canal ? 0.6 : 1) * t.rivergold.reduce((a, b) => a + b, 0) * (p.food > 0 ? 1 : 0.3));
        if (t.mountaingold.length) best = Math.max(best, (t.mine ? 1 : 0.5) * t.mountaingold.reduce((a, b) => a + b, 0) * (p.food > 0 && p.timber > 0 ? 1 : 0.3));
        if (p.food === 0 && t.fish) best = Math.max(best, 4);
        if (p.timber === 0 && t.terrain === 'forest') best = Math.max(best, 3);
      }
      return best;
    };
    while (ice < riverSteps && rounds < 200) {
      rounds++;
      for (const p of crew) {
        if (!act(p)) {
          const dist = allDist[p.at]!;
          let target = -1;
          let bestScore = 0;
          for (let v = 0; v < n; v++) {
            if (dist[v]! <= 0) continue;
            const score = worth(p, v) / (1 + dist[v]! / 2);
            if (score > bestScore + 1e-9) {
              bestScore = score;
              target = v;
            }
          }
          if (target >= 0) {
            // One turn of walking: up to two half-turn units along the shortest way.
            const toTarget = allDist[target]!;
            let step = p.at;
            for (let budget = 2; budget > 0; ) {
              let next = -1;
              for (const [y, kind] of g.links[step]!) {
                if (kind === 'across') continue;
                const c = kind === 'river' ? 1 : 2;
                if (c <= budget && toTarget[y]! >= 0 && toTarget[y]! + c === toTarget[step]!) {
                  next = y;
                  budget -= c;
                  break;
                }
              }
              if (next < 0) break;
              step = next;
              if (step === target) break;
            }
            p.at = step;
          }
          act(p);
        }
        if (rng.int(1, 6) >= 5) ice++;
        if (ice >= riverSteps) break;
      }
    }
    goldTotal += crew.reduce((a, p) => a + p.gold, 0) / players;
    roundsTotal += rounds;
  }
  return { games, goldPerProspector: goldTotal / games, rounds: roundsTotal / games };
}

import type { Band } from '../../core/game-module.ts';
import { corners, isFace, vertexKey, type Face } from '../../geometry/trilattice/lattice.ts';
import { bandOf, difficultyBetween, predict, reportedFeatures, round2, type LinearModel } from '../../core/difficulty.ts';
import type { LostValleyMap } from './model.ts';
import { movementGraph, turnsOnFoot } from './movement.ts';
import { readJson } from '../../core/json-file.ts';
const calibration = readJson<Calibration>(new URL('../../../fixtures/calibration/lost-valley.json', import.meta.url));

export interface LostValleyScore {
  difficulty: number;
  band: Band;
  metrics: {
    players: number;
    riverTiles: number;
    /** Expected rounds for the ice block to reach the waterfall: a 5–6 at the end of each turn. */
    iceRounds: number;
    goldTotal: number;
    goldReachable: number;
    sites: Array<{ tile: string; kind: 'rivergold' | 'mountaingold'; gold: number; turns: number; needs: string }>;
    meanTurnsToGold: number;
    canalShare: number;
    danger: number;
  };
  /** Gold per prospector the calibrated model predicts before the ice arrives. */
  predictedGold: number;
  raw: number;
  model: { version: string; features: Record<string, number> };
}

interface Calibration extends LinearModel {
  low: number;
  high: number;
}

const ANIMAL_DANGER: Record<string, number> = { rat: 0, deer: 0, wolf: 1, bear: 2 };

/** The landscape features the calibrated model reads (see scripts/calibrate-lost-valley.ts). */
export function features(m: LostValleyScore['metrics']): Record<string, number> {
  return {
    scarcity: m.goldTotal > 0 ? 1 - m.goldReachable / m.goldTotal : 1,
    meanTurnsToGold: m.meanTurnsToGold,
    canalShare: m.canalShare,
    // Gold per turn falls off as a long river gives diminishing extra time.
    logIceRounds: Math.log(1 + m.iceRounds),
    goldTotal: m.goldTotal,
    players: m.players,
  };
}

export function scoreLostValley(map: LostValleyMap): LostValleyScore {
  const players = map.options?.players ?? 4;
  const graph = movementGraph(map);
  const turns = turnsOnFoot(graph, map.tradingPost as unknown as [number, number]);
  const riverTiles = Math.max(0, map.river.length - 1);
  const iceRounds = (3 * riverTiles) / players;
  const byTile = new Map(map.tiles.map((t) => [t.id, t] as const));
  const gold = new Map<string, { kind: 'rivergold' | 'mountaingold'; gold: number }>();
  let danger = 0;
  for (const m of map.markers) {
    if (m.kind === 'rivergold' || m.kind === 'mountaingold') {
      const g = gold.get(m.tile) ?? { kind: m.kind, gold: 0 };
      g.gold += m.value ?? 0;
      gold.set(m.tile, g);
    } else if (m.kind === 'animal') danger += ANIMAL_DANGER[m.type ?? ''] ?? 0;
  }
  if (map.tiles.some((t) => t.symbols?.bearCave)) danger += 1;
  const sites: LostValleyScore['metrics']['sites'] = [];
  for (const [tileId, g] of gold) {
    const tile = byTile.get(tileId);
    if (!tile) continue;
    let best = Infinity;
    for (const f of tile.faces) {
      if (!isFace(f)) continue;
      for (const c of corners(f as Face)) {
        const i = graph.index.get(vertexKey(c));
        if (i !== undefined) best = Math.min(best, turns[i] as number);
      }
    }
    const needs = g.kind === 'mountaingold' ? 'mine' : tile.terrain === 'tundra' ? 'canal' : 'water';
    sites.push({ tile: tileId, kind: g.kind, gold: g.gold, turns: Number.isFinite(best) ? Math.ceil(best) : -1, needs });
  }
  const reach = sites.filter((s) => s.turns >= 0);
  const goldTotal = sites.reduce((a, s) => a + s.gold, 0);
  const goldReachable = reach.filter((s) => s.turns <= iceRounds).reduce((a, s) => a + s.gold, 0);
  const meanTurnsToGold = reach.length ? reach.reduce((a, s) => a + s.turns * s.gold, 0) / Math.max(1, reach.reduce((a, s) => a + s.gold, 0)) : 0;
  const river = sites.filter((s) => s.kind === 'rivergold');
  const canalShare = river.length ? river.filter((s) => s.needs === 'canal').reduce((a, s) => a + s.gold, 0) / river.reduce((a, s) => a + s.gold, 0) : 0;
  const metrics = {
    players,
    riverTiles,
    iceRounds: Math.round(iceRounds * 100) / 100,
    goldTotal,
    goldReachable,
    sites,
    meanTurnsToGold: Math.round(meanTurnsToGold * 100) / 100,
    canalShare: Math.round(canalShare * 1000) / 1000,
    danger,
  };
  const f = features(metrics);
  const predictedGold = predict(calibration, f);
  // Less gold before the ice comes is a harder landscape.
  const raw = -predictedGold;
  const difficulty = difficultyBetween(raw, calibration.low, calibration.high);
  return {
    difficulty,
    band: bandOf(difficulty),
    metrics,
    predictedGold: round2(predictedGold),
    raw: round2(raw),
    model: { version: calibration.version, features: reportedFeatures(f) },
  };
}

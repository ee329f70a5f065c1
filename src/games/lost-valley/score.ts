import type { Band } from '../../core/game-module.ts';
import { corners, isFace, vertexKey, type Face } from '../../geometry/trilattice/lattice.ts';
import { bandOf, difficultyBetween, predict, reportedFeatures, round2, type LinearModel } from '../../core/difficulty.ts';
import { ICE_ROLL, type LostValleyMap } from './model.ts';
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
    /** Share of the gold on the board that is mountain gold (3–4 a marker, needs a mine). */
    mountainShare: number;
    /** Gold within a few turns on foot of the trading post. */
    goldNear: number;
    /** Tiles that feed a prospector: fish, lakes, river tiles, animals. */
    foodSites: number;
    forests: number;
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
    mountainShare: m.mountainShare,
    goldNear: m.goldNear,
    foodSites: m.foodSites,
    forests: m.forests,
    danger: m.danger,
    riverTiles: m.riverTiles,
  };
}

/** Turns on foot within which gold counts as near the trading post. */
const NEAR_TURNS = 4;

export function scoreLostValley(map: LostValleyMap): LostValleyScore {
  const players = map.options?.players ?? 4;
  const graph = movementGraph(map);
  const turns = turnsOnFoot(graph, map.tradingPost as unknown as [number, number]);
  const riverTiles = Math.max(0, map.river.length - 1);
  // The ice moves a tile on a roll of ICE_ROLL or more at the end of each turn.
  const iceRounds = (riverTiles * 6) / (7 - (ICE_ROLL[map.options?.ice ?? 'normal'] ?? 5)) / players;
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
  const mountainGold = sites.filter((s) => s.kind === 'mountaingold').reduce((a, s) => a + s.gold, 0);
  const animals = new Set(map.markers.filter((m) => m.kind === 'animal').map((m) => m.tile));
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
    mountainShare: goldTotal > 0 ? Math.round((1000 * mountainGold) / goldTotal) / 1000 : 0,
    goldNear: reach.filter((s) => s.turns <= NEAR_TURNS).reduce((a, s) => a + s.gold, 0),
    foodSites: map.tiles.filter((t) => t.symbols?.fish || t.terrain === 'lake' || t.kind === 'river' || animals.has(t.id)).length,
    forests: map.tiles.filter((t) => t.terrain === 'forest').length,
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

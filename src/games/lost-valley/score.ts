import type { Band } from '../../core/game-module.ts';
import { mapDigest } from '../../core/canonical.ts';
import { corners, isFace, vertexKey, type Face } from '../../geometry/trilattice/lattice.ts';
import { bandOf, confidenceOf, difficultyOnScale, predict, reportedFeatures, round2, type Confidence, type LinearModel, type Scale } from '../../core/difficulty.ts';
import { ICE_ROLL, type FaceTriple, type LostValleyMap } from './model.ts';
import { movementGraph, turnsOnFoot, type MovementGraph } from './movement.ts';
import { readJson, dataFile } from '../../core/json-file.ts';
import { BOT_WEIGHTS } from './rules/bot-weights.ts';
import { makeBot } from './rules/bots.ts';
import { nuggets } from './rules/engine.ts';
import { plannerBot } from './rules/planner-bot.ts';
import { playGame } from './rules/playtest.ts';
import { buildTable, type Table } from './rules/table.ts';

export interface LostValleyScore {
  difficulty: number;
  band: Band;
  metrics: {
    players: number;
    riverTiles: number;
    /** Expected rounds for the ice block to reach the waterfall once it runs: a move on the `ice` roll at the end of each turn. */
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
    /** Gold by how it is mined: mountain gold (a mine), river gold beside water, river gold behind a canal. */
    goldMountain: number;
    goldWatered: number;
    goldCanal: number;
    /** Mean turns on foot from the trading post to the land tiles: how long exploring takes, and so when the ice starts. */
    turnsToLand: number;
    /** The reference races (REFERENCE_GAMES seeded games of the bots, seeded by the landscape): means over them. */
    reference?: { races: number; gold: number; rounds: number; iceFrom: number };
    /** The same for the second kind of player (rules/planner.ts), PLANNER_GAMES of them. */
    planner?: { races: number; gold: number; rounds: number };
  };
  /** Gold nuggets a prospector banks by the end of the race, as the calibrated models predict: the mean of the two kinds of player (each never below 0 or above an equal share of the board's gold). */
  predictedGold: number;
  /**
   * What each kind of player is predicted to bank and the difficulty that is on that kind's own
   * scale: the greedy bots (rules/bots.ts) and the planner (rules/planner.ts). `difficulty` is
   * their mean; where they part, `interval` spans both and `confidence` falls.
   */
  kinds: Record<'greedy' | 'planner', { predictedGold: number; difficulty: number }>;
  /** The two kinds' difficulties, lower first: a landscape they rate alike has a narrow interval. */
  interval: [number, number];
  /** How far the two kinds of player agree about this landscape (the interval within 10 points: high, 20: medium). */
  confidence: Confidence;
  raw: number;
  /** The landscape lies outside what the model was fitted on; `extrapolation` says how. */
  extrapolated: boolean;
  extrapolation?: string[];
  model: { version: string; features: Record<string, number> };
}

interface KindModel extends LinearModel {
  /** Without the reference races: used only when they cannot be played (see scoreLostValley). */
  fallback: LinearModel;
  /** Gold a prospector banks at difficulty 0, 25, 50, 75 and 100, per table size. */
  scales: Record<string, Scale>;
}

/** The greedy bots' model at the top level (as before the planner), the planner's under `planner`. */
interface Calibration extends KindModel {
  planner: KindModel;
  /** The mean of the two kinds' difficulties at difficulty 0, 25, 50, 75 and 100, per table size (it spreads less than either kind). */
  combined: Record<string, Scale>;
  /** Each feature's range over the landscapes the model was fitted on. */
  featureRanges: Record<string, [number, number]>;
}

/** The fitted model (src/games/lost-valley/calibrate/difficulty.ts writes it). */
export const calibration = readJson<Calibration>(dataFile('./data/calibration.json', import.meta.url));

const ANIMAL_DANGER: Record<string, number> = { rat: 0, deer: 0, wolf: 1, bear: 2 };

/**
 * Reference races played at scoring time, per table size: the race's gold depends on how the
 * bots meet the ground, which no static feature captures. A race of two is noisier and shorter
 * (fewer turns a round), so it plays more: each size costs about the same (≈ 500 turns).
 */
export const REFERENCE_GAMES: Readonly<Record<number, number>> = Object.freeze({ 2: 8, 3: 6, 4: 4 });

/** The landscape features the calibrated model reads (see src/games/lost-valley/calibrate/difficulty.ts). */
export function features(m: LostValleyScore['metrics']): Record<string, number> {
  const f: Record<string, number> = {
    iceRounds: m.iceRounds,
    logIceRounds: Math.log(1 + m.iceRounds),
    players: m.players,
    goldWatered: m.goldWatered,
    goldCanal: m.goldCanal,
    goldMountain: m.goldMountain,
    meanTurnsToGold: m.meanTurnsToGold,
    goldNear: m.goldNear,
    foodSites: m.foodSites,
    forests: m.forests,
    danger: m.danger,
    riverTiles: m.riverTiles,
    turnsToLand: m.turnsToLand,
  };
  if (m.reference) {
    f.referenceGold = m.reference.gold;
    f.referenceRounds = m.reference.rounds;
  }
  if (m.planner) {
    f.plannerGold = m.planner.gold;
    f.plannerRounds = m.planner.rounds;
  }
  return f;
}

/** Turns on foot within which gold counts as near the trading post. */
const NEAR_TURNS = 4;

/** Fewest turns on foot from the post to a corner of the tile (Infinity when none is reached). */
function tileTurns(faces: readonly FaceTriple[], graph: MovementGraph, turns: Float64Array): number {
  let best = Infinity;
  for (const f of faces) {
    if (!isFace(f)) continue;
    for (const c of corners(f as Face)) {
      const i = graph.index.get(vertexKey(c));
      if (i !== undefined) best = Math.min(best, turns[i] as number);
    }
  }
  return best;
}

/** Everything read off the landscape itself, without playing. */
export function landscapeMetrics(map: LostValleyMap, graph: MovementGraph = movementGraph(map)): LostValleyScore['metrics'] {
  const players = map.options?.players ?? 4;
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
    const best = tileTurns(tile.faces, graph, turns);
    const needs = g.kind === 'mountaingold' ? 'mine' : tile.terrain === 'tundra' ? 'canal' : 'water';
    sites.push({ tile: tileId, kind: g.kind, gold: g.gold, turns: Number.isFinite(best) ? Math.ceil(best) : -1, needs });
  }
  const reach = sites.filter((s) => s.turns >= 0);
  const sum = (list: typeof sites) => list.reduce((a, s) => a + s.gold, 0);
  const goldTotal = sum(sites);
  const goldReachable = sum(reach.filter((s) => s.turns <= iceRounds));
  const meanTurnsToGold = reach.length ? reach.reduce((a, s) => a + s.turns * s.gold, 0) / Math.max(1, sum(reach)) : 0;
  const river = sites.filter((s) => s.kind === 'rivergold');
  const canalShare = river.length ? sum(river.filter((s) => s.needs === 'canal')) / Math.max(1, sum(river)) : 0;
  const goldMountain = sum(sites.filter((s) => s.kind === 'mountaingold'));
  const animals = new Set(map.markers.filter((m) => m.kind === 'animal').map((m) => m.tile));
  const land = map.tiles.filter((t) => t.kind === 'land').map((t) => tileTurns(t.faces, graph, turns)).filter(Number.isFinite);
  return {
    players,
    riverTiles,
    iceRounds: round2(iceRounds),
    goldTotal,
    goldReachable,
    sites,
    meanTurnsToGold: round2(meanTurnsToGold),
    canalShare: Math.round(canalShare * 1000) / 1000,
    danger,
    mountainShare: goldTotal > 0 ? Math.round((1000 * goldMountain) / goldTotal) / 1000 : 0,
    goldNear: sum(reach.filter((s) => s.turns <= NEAR_TURNS)),
    foodSites: map.tiles.filter((t) => t.symbols?.fish || t.terrain === 'lake' || t.kind === 'river' || animals.has(t.id)).length,
    forests: map.tiles.filter((t) => t.terrain === 'forest').length,
    goldMountain,
    goldWatered: sum(river.filter((s) => s.needs === 'water')),
    goldCanal: sum(river.filter((s) => s.needs === 'canal')),
    turnsToLand: land.length ? round2(land.reduce((a, b) => a + b, 0) / land.length) : 0,
  };
}

/**
 * The reference races: REFERENCE_GAMES games of the seeded bots, seeded by the landscape's digest
 * under a label of their own (never the playtest's games, which the calibration measures against).
 */
export function referenceRaces(map: LostValleyMap, games = REFERENCE_GAMES[map.options?.players ?? 4] ?? 4, table: Table = buildTable(map)): NonNullable<LostValleyScore['metrics']['reference']> {
  const digest = map.digest ?? mapDigest(map as unknown as Record<string, unknown>);
  let gold = 0;
  let rounds = 0;
  let iceFrom = 0;
  for (let k = 0; k < games; k++) {
    const state = playGame(table, makeBot(BOT_WEIGHTS), `lost-valley-reference\u001f${digest}\u001f${k}`);
    gold += state.players.map(nuggets).reduce((a, b) => a + b, 0) / state.players.length;
    rounds += state.round;
    iceFrom += state.stats.iceFrom < 0 ? state.round : state.stats.iceFrom;
  }
  return { races: games, gold: round2(gold / games), rounds: round2(rounds / games), iceFrom: round2(iceFrom / games) };
}

/**
 * Reference races of the second kind of player, per table size: it varies less from game to game
 * than the greedy bots (split-half reliability 0.96–0.98 over six games a half) and plays about
 * three times slower, so fewer of them.
 */
export const PLANNER_GAMES: Readonly<Record<number, number>> = Object.freeze({ 2: 3, 3: 2, 4: 2 });

/** The planner's reference races, seeded by the landscape's digest under a label of their own. */
export function plannerRaces(map: LostValleyMap, games = PLANNER_GAMES[map.options?.players ?? 4] ?? 2, table: Table = buildTable(map)): NonNullable<LostValleyScore['metrics']['planner']> {
  const digest = map.digest ?? mapDigest(map as unknown as Record<string, unknown>);
  let gold = 0;
  let rounds = 0;
  for (let k = 0; k < games; k++) {
    const state = playGame(table, plannerBot(), `lost-valley-planner-reference\u001f${digest}\u001f${k}`);
    gold += state.players.map(nuggets).reduce((a, b) => a + b, 0) / state.players.length;
    rounds += state.round;
  }
  return { races: games, gold: round2(gold / games), rounds: round2(rounds / games) };
}

/** Why a prediction reaches past what the model was fitted on, if it does. */
function extrapolation(f: Record<string, number>, ranges: Calibration['featureRanges']): string[] {
  const out: string[] = [];
  for (const [name, [lo, hi]] of Object.entries(ranges)) {
    if (!(name in f)) continue;
    const v = f[name]!;
    // A tenth of the range either way is still interpolation in any sense that matters.
    const slack = 0.1 * (hi - lo);
    if (v < lo - slack || v > hi + slack) out.push(`${name} ${round2(v)} lies outside the calibrated ${round2(lo)}–${round2(hi)}`);
  }
  return out;
}

/**
 * difficulty = how little gold a prospector banks by the end of the race, as two kinds of player
 * meet the landscape: for each (the greedy bots, the planner) a calibrated model predicts the gold
 * from the landscape's features and both kinds' reference races, kept within what is possible
 * (no prospector banks less than nothing or more than an equal share of the board's gold), placed
 * on that kind's scale for the table size (src/games/lost-valley/data/calibration.json); the difficulty
 * is the mean of the two on the table size's scale of such means, and the interval between the
 * two kinds' own difficulties says how far they disagree.
 */
export function scoreLostValley(map: LostValleyMap, cal: Calibration = calibration): LostValleyScore {
  const graph = movementGraph(map);
  const metrics = landscapeMetrics(map, graph);
  const reasons: string[] = [];
  try {
    const table = buildTable(map, graph);
    metrics.reference = referenceRaces(map, undefined, table);
    metrics.planner = plannerRaces(map, undefined, table);
  } catch (error) {
    // A hand-made landscape the bots cannot play (none generated is such): the static models answer.
    delete metrics.reference;
    reasons.push(`the reference races could not be played (${error instanceof Error ? error.message : String(error)}); predicted from the landscape alone`);
  }
  const f = features(metrics);
  const ceiling = metrics.goldTotal / Math.max(1, metrics.players);
  const players = String(metrics.players);
  reasons.unshift(...extrapolation(f, cal.featureRanges));
  const kind = (name: string, m: KindModel) => {
    const modelled = predict(metrics.planner ? m : m.fallback, f);
    if (modelled < 0) reasons.push(`the ${name} model's ${round2(modelled)} nuggets is below the 0 a prospector can bank`);
    if (modelled > ceiling) reasons.push(`the ${name} model's ${round2(modelled)} nuggets is above an equal share (${round2(ceiling)}) of the ${metrics.goldTotal} gold on the board`);
    const gold = Math.max(0, Math.min(ceiling, modelled));
    return { predictedGold: round2(gold), difficulty: difficultyOnScale(gold, m.scales[players] ?? m.scales['4']!) };
  };
  const kinds = { greedy: kind('greedy bots', cal), planner: kind('planner', cal.planner) };
  const mean = (kinds.greedy.difficulty + kinds.planner.difficulty) / 2;
  const difficulty = difficultyOnScale(mean, cal.combined[players] ?? cal.combined['4']!);
  const interval: [number, number] = [Math.min(kinds.greedy.difficulty, kinds.planner.difficulty), Math.max(kinds.greedy.difficulty, kinds.planner.difficulty)];
  return {
    difficulty,
    band: bandOf(difficulty),
    metrics,
    predictedGold: round2((kinds.greedy.predictedGold + kinds.planner.predictedGold) / 2),
    // Higher is harder, unrounded: ranks landscapes the rounded difficulty ties.
    raw: round2(mean),
    kinds,
    interval,
    confidence: confidenceOf(interval[1] - interval[0]),
    extrapolated: reasons.length > 0,
    ...(reasons.length > 0 ? { extrapolation: reasons } : {}),
    model: { version: cal.version, features: reportedFeatures(f) },
  };
}

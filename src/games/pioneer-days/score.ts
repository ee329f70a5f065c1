import type { Band } from '../../core/game-module.ts';
import { bandOf, confidenceOf, difficultyBetween, predict, reportedFeatures, round2, type Confidence, type LinearModel } from '../../core/difficulty.ts';
import { readJson, dataFile } from '../../core/json-file.ts';
import { CATALOGUE, TOWNS, TOWNSFOLK } from './catalogue.ts';
import type { PioneerDaysMap } from './model.ts';
import { planner, settler } from './rules/bots.ts';
import { playGame } from './rules/playtest.ts';
import { trailOf } from './rules/state.ts';

interface VpScale {
  easyVp: number;
  hardVp: number;
}
interface TableModel {
  coefficients: number[];
  intercept: number;
  /** The 0–100 scale: predicted VP at difficulty 0 (`easyVp`) and 100 (`hardVp`). */
  scale: VpScale;
  /** The same features fitted to each kind of player alone, each on its own scale: where they part, the score gives an interval. */
  byKind: Record<Kind, { coefficients: number[]; intercept: number; scale: VpScale }>;
}
/** One model per table size: the kinds weigh the features differently at each (src/games/pioneer-days/calibrate/difficulty.ts). */
interface Calibration {
  version: string;
  features: string[];
  tables: Record<string, TableModel>;
}
/** The two kinds of player the difficulty is calibrated on: the greedy settler and the lookahead planner. */
export type Kind = 'settler' | 'planner';
export const KINDS: readonly Kind[] = ['settler', 'planner'];
const calibration = readJson<Calibration>(dataFile('./data/calibration.json', import.meta.url));

/**
 * Reference games the score plays: settlers (1–8 ms a game) and lookahead planners (6–70 ms on a
 * quiet core, by table size). Two planner games had left the score's reading of the planner at
 * Spearman 0.77–0.86 against the planner's own held-out games; six bring it to 0.90–0.95, and a
 * four-player score still takes less time than it did with two before the engine's state copy
 * was sped up (about 435 ms against 490).
 */
export const REFERENCE_GAMES = 12;
export const PLANNER_REFERENCE_GAMES = 6;

export interface PioneerDaysScore {
  difficulty: number;
  band: Band;
  metrics: {
    players: number;
    /** The reference games: settler bots, one a seat, a pure function of the trail; disasters and leftovers are the first (noiseless) game's. */
    reference: {
      vpBySeat: number[];
      meanVp: number;
      disasters: Array<{ week: number; day: number; disaster: string; final: boolean }>;
      /** The die colour left over each day, by week. */
      leftovers: string[][];
      /** Disasters per reference game. */
      meanDisasters: number;
      unmetPerPlayer: number;
      lostPerPlayer: number;
      /** Lookahead planners, one a seat (one noiseless game, the rest seeded): the second kind's view of the trail. */
      planner: { meanVp: number; disasters: number; unmetPerPlayer: number; townsfolkVp: number };
    };
    /** Dice faces in the whole script, by face. */
    faces: Record<string, number>;
    /** Nuggets on the first dozen gold tokens (what a table mostly draws). */
    earlyGold: number;
    /** Items the nine town cards ask for, and the favours they pay. */
    townItems: number;
    townFavours: number;
    /**
     * Every townsfolk card scores on its own (as printed), so cards that score the same item
     * multiply: the most VP per item that the trail's dealt townsfolk stack on one item.
     */
    stacking: { item: string; vpPerItem: number };
  };
  /** Mean VP per player the calibrated model predicts, on average over the two kinds of player. */
  predictedVp: number;
  /** Spread of the reference game's scores between seats, in VP (seat fairness). */
  seatSpread: number;
  /**
   * What each kind of player alone predicts (VP per player, and that VP on this table size's
   * difficulty scale); `interval` spans both readings and the difficulty, and `confidence` says
   * how far apart the kinds are (high: within 10 points, medium: within 20, low: further).
   */
  kinds: Record<Kind, { predictedVp: number; difficulty: number }>;
  interval: [number, number];
  confidence: Confidence;
  model: { version: string; features: Record<string, number> };
}

export function trailMetrics(map: PioneerDaysMap): PioneerDaysScore['metrics'] {
  const trail = trailOf(map);
  const bots = Array.from({ length: trail.players }, () => settler);
  // The first reference game is noiseless; the others add the bots' seeded noise under fixed
  // labels, so the trail alone decides all of them and their mean is steadier than one game.
  const games = Array.from({ length: REFERENCE_GAMES }, (_, k) => playGame(trail, bots, k === 0 ? undefined : `reference/${k}`));
  const game = games[0]!;
  // The planners' games: one noiseless, the rest seeded under fixed labels, like the settlers'.
  const planners = Array.from({ length: trail.players }, () => planner);
  const planned = Array.from({ length: PLANNER_REFERENCE_GAMES }, (_, k) => playGame(trail, planners, k === 0 ? undefined : `planner/${k}`));
  const perPlanned = (f: (g: (typeof planned)[number]) => number) => round2(planned.reduce((a, g) => a + f(g), 0) / planned.length);
  const mean = (f: (g: (typeof games)[number]) => number) => round2(games.reduce((a, g) => a + f(g), 0) / games.length);
  const vpBySeat = game.scores.map((_, i) => mean((g) => g.scores[i]!.vp));
  const faces: Record<string, number> = Object.fromEntries(CATALOGUE.faces.map((f) => [f, 0]));
  for (const w of map.weeks) for (const d of w.days) for (const die of d.dice) faces[die.face] = (faces[die.face] ?? 0) + 1;
  let townItems = 0;
  let townFavours = 0;
  for (const w of map.weeks)
    for (const id of w.towns) {
      const t = TOWNS.get(id);
      if (!t) continue;
      townItems += Object.values(t.needs).reduce((a, n) => a + (n ?? 0), 0);
      townFavours += t.favours;
    }
  return {
    players: trail.players,
    stacking: stackingOf(map),
    reference: {
      vpBySeat,
      meanVp: round2(vpBySeat.reduce((a, v) => a + v, 0) / vpBySeat.length),
      disasters: game.state.disasters,
      leftovers: game.state.leftovers,
      meanDisasters: mean((g) => g.state.disasters.length),
      unmetPerPlayer: mean((g) => g.state.unmetNeeds / trail.players),
      lostPerPlayer: mean((g) => g.state.players.reduce((a, p) => a + p.lost, 0) / trail.players),
      planner: {
        meanVp: perPlanned((g) => g.scores.reduce((a, s) => a + s.vp, 0) / trail.players),
        disasters: perPlanned((g) => g.state.disasters.length),
        unmetPerPlayer: perPlanned((g) => g.state.unmetNeeds / trail.players),
        townsfolkVp: perPlanned((g) => g.scores.reduce((a, s) => a + s.townsfolk, 0) / trail.players),
      },
    },
    faces,
    earlyGold: map.gold.slice(0, 12).reduce((a, g) => a + g, 0),
    townItems,
    townFavours,
  };
}

export function stackingOf(map: PioneerDaysMap): { item: string; vpPerItem: number } {
  const rate = new Map<string, number>();
  for (const w of map.weeks)
    for (const id of w.townsfolk) {
      const s = TOWNSFOLK.get(id)?.scoring;
      if (s && 'per' in s) rate.set(s.per, (rate.get(s.per) ?? 0) + s.vp / s.every);
    }
  let best = { item: 'none', vpPerItem: 0 };
  for (const [item, vpPerItem] of [...rate].sort(([a], [b]) => (a < b ? -1 : 1))) if (vpPerItem > best.vpPerItem) best = { item, vpPerItem: round2(vpPerItem) };
  return best;
}

/** What the calibrated model reads (see src/games/pioneer-days/calibrate/difficulty.ts). */
export function features(m: PioneerDaysScore['metrics']): Record<string, number> {
  const dice = Object.values(m.faces).reduce((a, n) => a + n, 0) || 1;
  return {
    referenceVp: m.reference.meanVp,
    referenceDisasters: m.reference.meanDisasters,
    referenceUnmet: m.reference.unmetPerPlayer,
    referenceLost: m.reference.lostPerPlayer,
    plannerVp: m.reference.planner.meanVp,
    plannerDisasters: m.reference.planner.disasters,
    plannerUnmet: m.reference.planner.unmetPerPlayer,
    plannerTownsfolkVp: m.reference.planner.townsfolkVp,
    wildShare: (m.faces.wild ?? 0) / dice,
    earlyGold: m.earlyGold,
    townItems: m.townItems,
    townFavours: m.townFavours,
    stacking: m.stacking.vpPerItem,
    players: m.players,
  };
}

export function scorePioneerDays(map: PioneerDaysMap): PioneerDaysScore {
  const metrics = trailMetrics(map);
  const f = features(metrics);
  const table = calibration.tables[String(metrics.players)] ?? calibration.tables['4']!;
  const model = (m: { coefficients: number[]; intercept: number }): LinearModel => ({ ...m, features: calibration.features, version: calibration.version });
  const predictedVp = predict(model(table), f);
  // Fewer points reached is a harsher trail: a scale runs from high VP (0) to low VP (100).
  const onScale = (vp: number, scale: VpScale) => difficultyBetween(-vp, -scale.easyVp, -scale.hardVp);
  const difficulty = onScale(predictedVp, table.scale);
  const kinds = Object.fromEntries(
    KINDS.map((kind) => {
      const vp = predict(model(table.byKind[kind]), f);
      return [kind, { predictedVp: round2(vp), difficulty: onScale(vp, table.byKind[kind].scale) }];
    }),
  ) as PioneerDaysScore['kinds'];
  const readings = [difficulty, ...KINDS.map((k) => kinds[k].difficulty)];
  const apart = Math.abs(kinds.settler.difficulty - kinds.planner.difficulty);
  const vps = metrics.reference.vpBySeat;
  return {
    difficulty,
    band: bandOf(difficulty),
    metrics,
    predictedVp: round2(predictedVp),
    kinds,
    interval: [Math.min(...readings), Math.max(...readings)],
    confidence: confidenceOf(apart),
    seatSpread: round2(Math.max(...vps) - Math.min(...vps)),
    model: { version: calibration.version, features: reportedFeatures(f) },
  };
}

import { existsSync } from 'node:fs';
import { confidenceOf, difficultyOnScale, round2, type Confidence, type Scale } from '../../core/difficulty.ts';
import { readJson, dataFile } from '../../core/json-file.ts';

/**
 * The difficulty as a second kind of player would read it. Gold City's difficulty is calibrated
 * on the greedy planner (rules/bots.ts); the Monte-Carlo turn sampler (rules/sampler.ts) plays
 * the same maps slower, and ranks them much alike (src/games/gold-city/data/players.json,
 * written by src/games/gold-city/calibrate/players.ts). Its rounds are predicted from the planner's
 * prediction and a few course features, and placed on the sampler's own scale: the table size's
 * scale of planner rounds carried over by that table size's shift from the planner's prediction
 * to the sampler's reading, so that the two readings stand level on average. Where they part,
 * `interval` spans them and `confidence` drops.
 */
interface LayerModel {
  sampler: { features: string[]; coefficients: number[]; intercept: number };
  /** Per table size, the sampler's reading from the planner's predicted rounds: [rounds]. */
  samplerFromPlanner: Record<string, { coefficients: number[]; intercept: number }>;
}
interface PlayersFixture {
  version: string;
  base: LayerModel;
  temples: LayerModel;
}

const FIXTURE = dataFile('./data/players.json', import.meta.url);
// Absent only while the comparison script writes it for the first time.
const fixture: PlayersFixture | undefined = existsSync(FIXTURE) ? readJson<PlayersFixture>(FIXTURE) : undefined;

export interface KindsReading {
  kinds: { planner: { predictedRounds: number; difficulty: number }; sampler: { predictedRounds: number; difficulty: number } };
  interval: [number, number];
  confidence: Confidence;
}

export function kindsReading(
  predictedRounds: number,
  difficulty: number,
  features: Readonly<Record<string, number>>,
  scale: Scale,
  temples: boolean,
): KindsReading | undefined {
  const layer = fixture?.[temples ? 'temples' : 'base'];
  if (!fixture || !layer) return undefined;
  const players = features.players ?? 4;
  const values: Record<string, number> = { ...features, predictedRounds };
  const m = layer.sampler;
  const samplerRounds = m.features.reduce((v, name, k) => v + (m.coefficients[k] as number) * (values[name] ?? 0), m.intercept);
  const shift = layer.samplerFromPlanner[players];
  if (!shift)
    throw new Error(`${fixture.version}: no sampler shift for ${players} players (rerun src/games/gold-city/calibrate/players.ts)`);
  const carried = scale.map((r) => shift.intercept + (shift.coefficients[0] as number) * r) as unknown as Scale;
  const sampler = difficultyOnScale(samplerRounds, carried);
  const apart = Math.abs(sampler - difficulty);
  return {
    kinds: {
      planner: { predictedRounds: round2(predictedRounds), difficulty },
      sampler: { predictedRounds: round2(samplerRounds), difficulty: sampler },
    },
    interval: [Math.min(difficulty, sampler), Math.max(difficulty, sampler)],
    confidence: confidenceOf(apart),
  };
}

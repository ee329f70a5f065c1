import { existsSync } from 'node:fs';
import { round2 } from '../../core/difficulty.ts';
import { readJson, dataFile } from '../../core/json-file.ts';
import { rowsKey, type SeatRows } from './stagger.ts';

/**
 * Seat fairness, calibrated on playtests (src/games/gold-city/calibrate/seats.ts): for each table
 * size and each stagger it measured, one linear model per seat of that seat's share of the wins,
 * on features of the course without its stagger. Turn order decides most of it: ties in the
 * final round go to blockade points, and the earlier seats reach the blockades first, more so on
 * short courses where several pawns arrive in the same round.
 */
export interface SeatCalibration {
  version: string;
  botWeights: string;
  /** The features every model reads, in order (see `seatFeatures`). */
  features: string[];
  tables: Record<string, SeatTable>;
}

export interface SeatTable {
  /** Per stagger (rows in per seat, as digits): one model per seat, coefficients in `features` order. */
  staggers: Record<string, { seats: Array<{ intercept: number; coefficients: number[] }> }>;
  /** What the fit achieved on maps it was not fitted on, and how the chosen stagger fared there. */
  heldOut: Record<string, unknown>;
}

const SEAT_FIXTURE = dataFile('./data/seats.json', import.meta.url);
// Absent only while the calibration script writes it for the first time.
export const seatCalibration: SeatCalibration | undefined = existsSync(SEAT_FIXTURE) ? readJson<SeatCalibration>(SEAT_FIXTURE) : undefined;

/** What the seat models read, from the score of the course as laid out without a stagger. */
export function seatFeatures(predictedRounds: number, features: Readonly<Record<string, number>>): Record<string, number> {
  const rounds = Math.max(1, predictedRounds);
  return {
    perRound: 10 / rounds,
    strongestPerRound: (features.strongest ?? 0) / rounds,
    cardsPaidPerRound: (features.cardsPaid ?? 0) / rounds,
  };
}

/** Predicted share of the wins per seat under `rows`, or undefined where it was not calibrated. */
export function predictSeatShares(
  features: Readonly<Record<string, number>>,
  players: number,
  rows: SeatRows,
  cal = seatCalibration,
): number[] | undefined {
  const model = cal?.tables[String(players)]?.staggers[rowsKey(rows)];
  if (!cal || !model) return undefined;
  const raw = model.seats.map((m) =>
    cal.features.reduce((v, name, k) => v + (m.coefficients[k] as number) * (features[name] ?? 0), m.intercept),
  );
  // Shares of the wins: never below zero, and summing to one.
  const clipped = raw.map((v) => Math.max(0.01, v));
  const total = clipped.reduce((a, b) => a + b, 0);
  return clipped.map((v) => v / total);
}

/** The staggers calibrated for a table size, as rows in per seat. */
export const calibratedStaggers = (players: number, cal = seatCalibration): number[][] =>
  Object.keys(cal?.tables[String(players)]?.staggers ?? {})
    .sort()
    .map((key) => [...key].map(Number));

/** The largest distance of any seat's share from an even split. */
export const unevenness = (shares: readonly number[]): number => Math.max(...shares.map((s) => Math.abs(s - 1 / shares.length)));

/** The score's seat figures: predicted win shares in percent, seat 1 first. */
export function seatFairness(
  features: Readonly<Record<string, number>>,
  players: number,
  rows: SeatRows | undefined,
): { winRates: number[]; model: string } | { winRates?: undefined; note: string } {
  const shares = rows ? predictSeatShares(features, players, rows) : undefined;
  if (!shares || !seatCalibration)
    return {
      note: rows ? `no seat model for a stagger of ${rowsKey(rows)} at ${players} players` : 'the stagger is not one the seat model knows',
    };
  return { winRates: shares.map((s) => round2(100 * s)), model: seatCalibration.version };
}

const TEMPLE_SEAT_FIXTURE = dataFile('./data/temple-seats.json', import.meta.url);
// Absent only while src/games/gold-city/calibrate/temple-seats.ts writes it for the first time.
const templeSeats: { version: string; tables: Record<string, { winRates: number[] }> } | undefined = existsSync(TEMPLE_SEAT_FIXTURE)
  ? readJson(TEMPLE_SEAT_FIXTURE)
  : undefined;

/**
 * A temple course's seat figures: each seat's measured share of the wins from the plain start at
 * the table size, over temple courses of every tier and length. Pawns never block one another on
 * a temple course and every seat tours the same temples, so turn order is what the figure holds;
 * a staggered temple start was not measured.
 */
export function templeSeatFairness(
  players: number,
  rows: SeatRows | undefined,
): { winRates: number[]; model: string } | { winRates?: undefined; note: string } {
  const table = templeSeats?.tables[String(players)];
  if (!templeSeats || !table) return { note: `no Golden Temples seat figures for ${players} players` };
  if (!rows || rows.some((r) => r !== 0))
    return { note: 'Golden Temples seat figures are measured from the plain start only, not under a stagger' };
  return { winRates: table.winRates, model: templeSeats.version };
}

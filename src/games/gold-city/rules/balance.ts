import type { GoldCityMap } from '../model.ts';
import { rowsKey, staggeredStarts, type SeatRows } from '../stagger.ts';
import { BOTS } from './bots.ts';
import { playGame } from './playtest.ts';
import { effortToFinish } from './potential.ts';
import { prepareTable } from './table.ts';

/**
 * The staggers a balance search tries, per table size: rows in per seat, seat 1 first. The
 * same list the seat models were calibrated on, so every pick also has a predicted share.
 */
export const STAGGERS: Readonly<Record<number, readonly string[]>> = {
  4: ['0000', '0001', '0011', '0111', '0002', '0012', '0112'],
  3: ['000', '001', '011', '002', '012'],
  2: ['00', '01', '02'],
};

export interface BalanceReport {
  /** The stagger whose games came out most even (rows in per seat, as digits). */
  stagger: string;
  games: number;
  /** Share of the decided games each seat won, per stagger tried. */
  shares: Record<string, number[]>;
  unfinished: Record<string, number>;
}

const unevenness = (shares: readonly number[]) => Math.max(...shares.map((s) => Math.abs(s - 1 / shares.length)));

/** Share of the wins per seat with one planner a seat, pawns begun where `rows` puts them. */
export function seatShares(map: GoldCityMap, rows: SeatRows, games: number, tag: string): { shares: number[]; unfinished: number } {
  const players = rows.length;
  const table = prepareTable({ ...map, stagger: undefined });
  const toFinish = effortToFinish(table);
  const staggered = { ...table, starts: staggeredStarts(table, toFinish, players, rows) };
  const bots = Array.from({ length: players }, () => BOTS.planner!);
  const wins = new Array<number>(players).fill(0);
  let unfinished = 0;
  for (let g = 0; g < games; g++) {
    const r = playGame(staggered, bots, `${tag}/${g}`, toFinish);
    if (!r.finished) unfinished++;
    for (const w of r.winners) wins[w] = (wins[w] as number) + 1 / r.winners.length;
  }
  const total = wins.reduce((a, b) => a + b, 0);
  // A stalled game says nothing about the seats: shares are of the games somebody won.
  return { shares: wins.map((w) => (total > 0 ? w / total : 1 / players)), unfinished };
}

/**
 * Plays `games` seeded games under every stagger of the table size, the same game seeds for
 * each (so they differ by the start alone), and keeps the one whose seats came out most even;
 * a smaller stagger wins a tie within half a point. Turn order, not the map's start spaces,
 * decides most of the seats' differences, and how much differs from course to course more than
 * any feature of the course predicts, so the stagger is measured per course, not predicted.
 */
export function balanceSeats(map: GoldCityMap, { games = 400 }: { games?: number } = {}): BalanceReport {
  const players = map.options?.players ?? 4;
  const shares: Record<string, number[]> = {};
  const unfinished: Record<string, number> = {};
  let best: { key: string; uneven: number; moved: number } | undefined;
  for (const key of STAGGERS[players] ?? []) {
    const rows = [...key].map(Number);
    const r = seatShares(map, rows, games, `balance/${map.digest ?? 'map'}`);
    shares[key] = r.shares.map((v) => Math.round(v * 10000) / 10000);
    unfinished[key] = r.unfinished;
    const uneven = unevenness(shares[key]);
    const moved = rows.reduce((a, b) => a + b, 0);
    if (!best || uneven < best.uneven - 0.005 || (Math.abs(uneven - best.uneven) <= 0.005 && moved < best.moved)) best = { key, uneven, moved };
  }
  return { stagger: best?.key ?? rowsKey(new Array<number>(players).fill(0)), games, shares, unfinished };
}

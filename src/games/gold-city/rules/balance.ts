import type { GoldCityMap } from '../model.ts';
import { unevenness } from '../seats.ts';
import { staggeredStarts, type SeatRows } from '../stagger.ts';
import { BOTS } from './bots.ts';
import { playGame } from './playtest.ts';
import { effortToFinish } from './potential.ts';
import { buildTable, type Table } from './table.ts';

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
  /** Games played under each stagger tried. */
  games: Record<string, number>;
  /** Share of the decided games each seat won, per stagger tried. */
  shares: Record<string, number[]>;
  unfinished: Record<string, number>;
}

/** The plain course prepared once for every stagger a search plays on it. */
export interface Course {
  table: Table;
  toFinish: Float64Array;
}

export function prepareCourse(map: GoldCityMap): Course {
  const table = buildTable({ ...map, stagger: undefined });
  return { table, toFinish: effortToFinish(table) };
}

/** Wins per seat (shared wins split) and stalled games, games `from` … `to` − 1 of a seeded series. */
export function seatWins(course: Course, rows: SeatRows, from: number, to: number, tag: string): { wins: number[]; unfinished: number } {
  const players = rows.length;
  const { table, toFinish } = course;
  const staggered = { ...table, starts: staggeredStarts(table, toFinish, players, rows) };
  const bots = Array.from({ length: players }, () => BOTS.planner!);
  const wins = new Array<number>(players).fill(0);
  let unfinished = 0;
  for (let g = from; g < to; g++) {
    const r = playGame(staggered, bots, `${tag}/${g}`, toFinish);
    if (!r.finished) unfinished++;
    for (const w of r.winners) wins[w] = (wins[w] as number) + 1 / r.winners.length;
  }
  return { wins, unfinished };
}

/** A stalled game says nothing about the seats: shares are of the games somebody won. */
export const sharesOf = (wins: readonly number[]): number[] => {
  const total = wins.reduce((a, b) => a + b, 0);
  return wins.map((w) => (total > 0 ? w / total : 1 / wins.length));
};

/** Share of the wins per seat with one planner a seat, pawns begun where `rows` puts them. */
export function seatShares(map: GoldCityMap, rows: SeatRows, games: number, tag: string): { shares: number[]; unfinished: number } {
  const r = seatWins(prepareCourse(map), rows, 0, games, tag);
  return { shares: sharesOf(r.wins), unfinished: r.unfinished };
}

/**
 * Finds the stagger that plays most even on a course, in two rounds on one seeded series of
 * games (so staggers differ by the start alone): every stagger of the table size plays `screen`
 * games; the plain start and the two most even others play `confirm` more, and the most even
 * over all its games wins, a stagger moving fewer pawns winning anything within a point. Turn
 * order, not the start spaces, decides most of the seats' differences, and how much changes from
 * course to course more than any feature of a course predicts (seats.ts: held-out Pearson about
 * 0.5), so the stagger is measured per course. One round of 400 games picked on noise as often as
 * not (a stagger whose 400 games looked even, played unevenly on fresh games).
 */
export function balanceSeats(map: GoldCityMap, { screen = 200, confirm = 600 }: { screen?: number; confirm?: number } = {}): BalanceReport {
  const players = map.options?.players ?? 4;
  const tag = `balance/${map.digest ?? 'map'}`;
  const keys = [...(STAGGERS[players] ?? [])];
  const course = prepareCourse(map);
  const played = new Map(keys.map((key) => [key, { ...seatWins(course, [...key].map(Number), 0, screen, tag), games: screen }]));
  const uneven = (key: string) => unevenness(sharesOf(played.get(key)!.wins));
  const plain = keys[0] as string;
  const finalists = [
    plain,
    ...keys
      .slice(1)
      .sort((a, b) => uneven(a) - uneven(b) || a.localeCompare(b))
      .slice(0, 2),
  ];
  for (const key of finalists) {
    const more = seatWins(course, [...key].map(Number), screen, screen + confirm, tag);
    const p = played.get(key)!;
    played.set(key, {
      wins: p.wins.map((w, s) => w + (more.wins[s] as number)),
      unfinished: p.unfinished + more.unfinished,
      games: screen + confirm,
    });
  }
  const moved = (key: string) => [...key].reduce((a, d) => a + Number(d), 0);
  let best = plain;
  for (const key of finalists) {
    const gain = uneven(best) - uneven(key);
    if (gain > 0.01 || (gain > -0.01 && moved(key) < moved(best))) best = key;
  }
  const shares: Record<string, number[]> = {};
  const unfinished: Record<string, number> = {};
  const games: Record<string, number> = {};
  for (const key of keys) {
    const p = played.get(key)!;
    shares[key] = sharesOf(p.wins).map((v) => Math.round(v * 10000) / 10000);
    unfinished[key] = p.unfinished;
    games[key] = p.games;
  }
  return { stagger: best, games, shares, unfinished };
}

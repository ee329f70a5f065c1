import type { GoldCityMap, Space, StaggeredStart } from './model.ts';
import { effortToFinish } from './rules/potential.ts';
import { G, buildTable, type Table } from './rules/table.ts';

/**
 * A staggered start: how many spaces further in each seat's pawns begin, seat 1 first. Seat 1
 * never moves; later seats make up for moving later. The same list is calibrated per table size
 * (`src/games/gold-city/data/seats.json`), so a stagger outside it is not predicted.
 */
export type SeatRows = readonly number[];

/** Which start spaces a seat's pawns stand on: two players run two pawns each, alternating. */
export function startIndicesOf(players: number, seat: number): number[] {
  return players === 2 ? [seat, seat + 2] : [seat];
}

export const rowsKey = (rows: SeatRows): string => rows.join('');

/** The option's digits as rows for a table size: digits past its seats ignored, missing ones 0. */
export function rowsFromOption(stagger: string | undefined, players: number): number[] {
  const digits = stagger && stagger !== 'none' ? [...stagger].map(Number) : [];
  return Array.from({ length: players }, (_, seat) => digits[seat] ?? 0);
}

/** The generation stage: the stagger the options ask for, laid on the finished course. */
export function withStagger(map: GoldCityMap, stagger: string | undefined): GoldCityMap {
  if (stagger === undefined || stagger === 'none') return map;
  const rows = rowsFromOption(stagger, map.options?.players ?? 4);
  if (rows.every((n) => n === 0)) return map;
  const entries = layStagger(map, buildTable(map), rows);
  if (entries.length === 0) return map;
  // Keys stay in code-unit order, so the digest takes the canonical fast path.
  const { temples, ...rest } = map;
  return { ...rest, stagger: entries, ...(temples ? { temples } : {}) };
}

/**
 * Where each numbered start space's pawn begins under `rows`: walked `rows` spaces in, each
 * step onto the neighbouring space of the start piece that is cheapest to finish from (lowest
 * index on a tie), never onto a mountain or a space another pawn starts on, and only where it
 * is a real step forward. Start spaces in number order; an unused space stays where it is.
 */
export function staggeredStarts(t: Table, toFinish: Float64Array, players: number, rows: SeatRows): number[] {
  const spaceRows = t.homes.map(() => 0);
  rows.forEach((n, seat) => {
    for (const i of startIndicesOf(players, seat)) if (i < spaceRows.length) spaceRows[i] = n;
  });
  const taken = new Set(t.homes);
  return t.homes.map((start, i) => {
    let at = start;
    for (let k = 0; k < (spaceRows[i] as number); k++) {
      let best = -1;
      for (let d = 0; d < 6; d++) {
        const j = t.adj[at * 6 + d] as number;
        if (j < 0 || t.piece[j] !== 0 || taken.has(j) || t.ground[j] === G.mountain) continue;
        if (best < 0 || (toFinish[j] as number) < (toFinish[best] as number)) best = j;
      }
      if (best >= 0 && (toFinish[best] as number) < (toFinish[at] as number)) at = best;
    }
    taken.add(at);
    return at;
  });
}

/** The document's record of a stagger: only the pawns that do not begin on their start space. */
export function staggerEntries(map: GoldCityMap, t: Table, positions: readonly number[]): StaggeredStart[] {
  const entries: StaggeredStart[] = [];
  positions.forEach((at, i) => {
    const home = t.homes[i] as number;
    if (at === home) return;
    const s = map.spaces[at] as Space;
    entries.push({ q: s.q, r: s.r, start: (map.spaces[home] as Space).start as number });
  });
  return entries;
}

/** The stagger `rows` laid on a course: its entries for the document. */
export function layStagger(map: GoldCityMap, t: Table, rows: SeatRows): StaggeredStart[] {
  return staggerEntries(map, t, staggeredStarts(t, effortToFinish(t), map.options?.players ?? 4, rows));
}

/**
 * Which of `candidates` (rows in per seat) lays exactly the map's stagger on its course; the
 * plain start for a map without one, undefined for a stagger typed in that none of them lays.
 */
export function rowsOf(map: GoldCityMap, players: number, candidates: readonly SeatRows[]): SeatRows | undefined {
  const plain = new Array<number>(players).fill(0);
  if (!map.stagger?.length) return plain;
  const table = buildTable({ ...map, stagger: undefined });
  const toFinish = effortToFinish(table);
  const key = (entries: readonly StaggeredStart[]) =>
    JSON.stringify(entries.map((e) => [e.start, e.q, e.r]).sort((a, b) => (a[0] as number) - (b[0] as number)));
  const wanted = key(map.stagger);
  return candidates.find((rows) => key(staggerEntries(map, table, staggeredStarts(table, toFinish, players, rows))) === wanted);
}

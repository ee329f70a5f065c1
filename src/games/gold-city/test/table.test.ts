import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildMap } from '../../../core/maps.ts';
import { buildBoard } from '../board.ts';
import { goldCity } from '../index.ts';
import type { GoldCityMap } from '../model.ts';
import { blockadeEffort, effortToFinish, entryEffort, templeFields } from '../rules/potential.ts';
import { G, blockadeBetween, buildTable, type Table } from '../rules/table.ts';
import { goldCityOptions, seedString } from './arbitraries.ts';
import { course } from './course-builder.ts';

/** The lists as the table once built them: per space, in direction order (empty where none). */
function besideLists(map: GoldCityMap, t: Table, where: Array<{ q: number; r: number }>): number[][] {
  const board = buildBoard(
    map.spaces,
    map.pieces.map((p) => p.id),
  );
  const lists: number[][] = Array.from({ length: t.n }, () => []);
  where.forEach((w, k) => {
    const i = board.at.get(w.q, w.r);
    if (i !== -1) for (let d = 0; d < 6; d++) if ((board.adj[6 * i + d] as number) !== -1) lists[board.adj[6 * i + d] as number]!.push(k);
  });
  return lists;
}

function cavesBesideAsBefore(map: GoldCityMap, t: Table): number[][] {
  const board = buildBoard(
    map.spaces,
    map.pieces.map((p) => p.id),
  );
  const caveAt = new Int16Array(t.n).fill(-1);
  (map.caves ?? []).forEach((c, k) => {
    const i = board.at.get(c.q, c.r);
    if (i !== -1) caveAt[i] = k;
  });
  return Array.from({ length: t.n }, (_, i) => {
    const list: number[] = [];
    for (let k = 0; k < 6; k++) {
      const j = board.adj[6 * i + k] as number;
      if (j !== -1 && (caveAt[j] as number) >= 0) list.push(caveAt[j] as number);
    }
    return list;
  });
}

function expectTableMatchesBoard(map: GoldCityMap): void {
  const t = buildTable(map);
  const board = buildBoard(
    map.spaces,
    map.pieces.map((p) => p.id),
  );
  expect(Array.from(t.adj)).toEqual(Array.from(board.adj));
  expect(Array.from(t.piece)).toEqual(board.pieceIndex);
  const open = Array.from({ length: t.n }, (_, i) => Array.from(t.open.subarray(t.openStart[i], t.openStart[i + 1])));
  const steppable = Array.from({ length: t.n }, (_, i) =>
    Array.from(board.adj.subarray(6 * i, 6 * i + 6)).filter((j) => j !== -1 && map.spaces[j]!.terrain !== 'mountain'),
  );
  expect(open).toEqual(steppable);
  const lists = (xs: ReadonlyArray<readonly number[]>) => Array.from({ length: t.n }, (_, i) => [...(xs[i] ?? [])]);
  expect(lists(t.cavesBeside)).toEqual(cavesBesideAsBefore(map, t));
  expect(lists(t.guardiansBeside)).toEqual(besideLists(map, t, map.guardians ?? []));
}

/**
 * The field by plain relaxation until nothing changes, in index order: no heap. A least effort
 * over walks is one number however it is reached, so the heap's must match it bit for bit.
 */
function relaxedToFinish(t: Table, seeds: Float64Array, fixed: Uint8Array): Float64Array {
  const dist = Float64Array.from(seeds);
  for (let changed = true; changed; ) {
    changed = false;
    for (let x = 0; x < t.n; x++) {
      if (dist[x] === Infinity) continue;
      for (let k = 0; k < 6; k++) {
        const y = t.adj[6 * x + k] as number;
        if (y < 0 || fixed[y] || t.finishes[y] || t.ground[y] === G.mountain) continue;
        const b = blockadeBetween(t, y, x);
        const d = (dist[x] as number) + entryEffort(t, x) + (b >= 0 ? blockadeEffort(t, b) : 0);
        if (d < (dist[y] as number)) (dist[y] = d), (changed = true);
      }
    }
  }
  return dist;
}

describe('Gold City table', () => {
  it('has the adjacency, pieces, open steps and cave and guardian lists of buildBoard, on any generated course', () => {
    fc.assert(
      fc.property(seedString, goldCityOptions, fc.boolean(), (seed, options, temples) => {
        expectTableMatchesBoard(buildMap(goldCity, seed, { ...options, temples }));
      }),
      { numRuns: 60, seed: 15 },
    );
  });

  it('keeps buildBoard’s rules on a course typed by hand: the first space on a hex owns it, an unknown piece is -1', () => {
    const map = course(['S1 J1 J2 W1 F', 'S2 M J1 R1 F'], {
      pieceOf: (q) => (q === 0 ? 0 : q === 4 ? 2 : 1),
      caves: [{ q: 1, r: 1, tokens: [] }],
    });
    map.spaces.push({ ...map.spaces[2]!, terrain: 'water', strength: 3 }, { q: 2, r: 2, piece: 'nowhere', terrain: 'jungle', strength: 1 });
    expectTableMatchesBoard(map);
    // A table after a larger course, or after one that threw half-way, reads nothing left over from it.
    expectTableMatchesBoard(buildMap(goldCity, 'big', { pieces: 10 }));
    expectTableMatchesBoard(map);
    expect(() => buildTable({ ...buildMap(goldCity, 'thrown', {}), caves: [null as never] })).toThrow(TypeError);
    expectTableMatchesBoard(buildMap(goldCity, 'after-thrown', {}));
    expectTableMatchesBoard(map);
  });

  it('effort fields equal plain relaxation to the bit, base and temple courses', () => {
    for (const [seed, temples] of [
      ['a', false],
      ['b', true],
      ['c', true],
      ['d', false],
    ] as const) {
      const t = buildTable(buildMap(goldCity, seed, { temples, blockades: true }));
      const seeds = new Float64Array(t.n).fill(Infinity);
      for (let i = 0; i < t.n; i++) if (t.finishes[i]) seeds[i] = 0;
      expect(Array.from(effortToFinish(t))).toEqual(Array.from(relaxedToFinish(t, seeds, new Uint8Array(t.n))));
      if (!temples) continue;
      const fields = templeFields(t);
      for (let mask = 0; mask < fields.length - 1; mask++) {
        const s = new Float64Array(t.n).fill(Infinity);
        const fixed = new Uint8Array(t.n);
        t.temples.forEach((space, bit) => {
          if (mask & (1 << bit)) return;
          fixed[space] = 1;
          s[space] = Math.min(s[space] as number, fields[mask | (1 << bit)]![space] as number);
        });
        expect(Array.from(fields[mask]!)).toEqual(Array.from(relaxedToFinish(t, s, fixed)));
      }
    }
  });
});

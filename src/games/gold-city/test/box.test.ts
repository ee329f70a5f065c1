import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildMap, InputError } from '../../../core/maps.ts';
import { Rng } from '../../../core/rng.ts';
import { check } from '../../../core/schema.ts';
import { goldCity } from '../index.ts';
import type { GoldCityMap } from '../model.ts';
import { checkAgainstTiles } from './box-check.ts';

const PRESETS = ['hills-of-gold', 'home-stretch', 'winding-paths', 'serpentine', 'swamplands', 'witchs-cauldron'];
const box = (seed: string, options: Record<string, unknown> = {}) => buildMap(goldCity, seed, { tiles: 'box', ...options });
const rules = (map: GoldCityMap) => goldCity.validate(map).map((p) => p.rule);
const copy = (map: GoldCityMap): GoldCityMap => JSON.parse(JSON.stringify(map)) as GoldCityMap;

describe('courses from the box (tiles: "box")', () => {
  // BOX_COURSES=10000 runs the full property check (docs/gold-city.md reports it).
  const n = Number(process.env.BOX_COURSES ?? 250);
  it(`${n} random box courses pass the schema, validate() and the independent check against tiles.json`, () => {
    const rng = Rng.fromSeed('box property');
    for (let k = 0; k < n; k++) {
      const strips = rng.chance(0.7);
      const options = {
        pieces: rng.int(3, strips ? 8 : 6),
        strips,
        players: rng.int(2, 4),
        tier: rng.pick(['easy', 'normal', 'hard', 'expert']),
        caves: rng.chance(0.8),
        blockades: rng.chance(0.8),
        stagger: rng.pick(['none', 'none', '0012', '0111']),
      };
      const seed = `s${rng.int(0, 1e9)}`;
      const map = box(seed, options);
      const schema = check(goldCity.mapSchema, map);
      expect(schema.ok, `${seed} ${JSON.stringify(options)}`).toBe(true);
      expect(goldCity.validate(map), `${seed} ${JSON.stringify(options)}`).toEqual([]);
      expect(checkAgainstTiles(map), `${seed} ${JSON.stringify(options)}`).toEqual([]);
      expect(map.pieces.length).toBe(options.pieces + 2);
      if (!options.strips) expect(map.pieces.some((p) => p.kind === 'strip')).toBe(false);
    }
  }, 120_000);

  it('is reproducible and records the option; generated maps do not record it', () => {
    expect(box('7').digest).toBe(box('7').digest);
    expect(box('7').options?.tiles).toBe('box');
    expect(buildMap(goldCity, '7', {}).options).not.toHaveProperty('tiles');
    expect(buildMap(goldCity, '7', { tiles: 'generated' }).digest).toBe(buildMap(goldCity, '7', {}).digest);
  });

  it('tier leans the choice of faces towards harder printed ground', () => {
    const mean = (tier: string) => {
      let sum = 0;
      for (let s = 0; s < 40; s++) sum += goldCity.score(box(`t${s}`, { tier })).difficulty;
      return sum / 40;
    };
    expect(mean('expert')).toBeGreaterThan(mean('easy') + 5);
  });

  it('refuses what the box cannot make, naming the field', () => {
    const refused = (options: Record<string, unknown>) => {
      try {
        box('1', options);
      } catch (e) {
        return e instanceof InputError ? e.errors.map((x) => `${x.field}: ${x.message}`).join('; ') : String(e);
      }
      return 'built';
    };
    expect(refused({ temples: true })).toMatch(/^options\.temples: /);
    expect(refused({ pieces: 9 })).toMatch(/^options\.pieces: must be <= 8/);
    expect(refused({ pieces: 7, strips: false })).toMatch(/^options\.pieces: must be <= 6/);
    expect(refused({ course: 'serpentine', temples: true })).toMatch(/^options\.temples: /);
    expect(refused({ tiles: 'tiles' })).toMatch(/options\.tiles/);
  });

  describe('validate() checks a box course against the tile data', () => {
    const base = box('42', { pieces: 6 });
    it('the base course is valid', () => expect(rules(base)).toEqual([]));
    it('a space not as printed', () => {
      const m = copy(base);
      const s = m.spaces.find((x) => x.terrain === 'jungle' && x.piece === 'p2')!;
      s.strength = s.strength === 1 ? 2 : 1;
      expect(rules(m)).toContain('box-space');
    });
    it('a piece turned otherwise than recorded', () => {
      const m = copy(base);
      m.pieces[2]!.turns = ((m.pieces[2]!.turns as number) + 1) % 6;
      expect(rules(m)).toContain('box-space');
    });
    it('both sides of one board', () => {
      const m = copy(base);
      const pairOf: Record<string, string> = {
        C: 'D',
        D: 'C',
        E: 'F',
        F: 'E',
        G: 'H',
        H: 'G',
        I: 'J',
        J: 'I',
        K: 'L',
        L: 'K',
        M: 'N',
        N: 'M',
      };
      const terrain = m.pieces.filter((p) => p.kind === 'terrain');
      terrain[1]!.tile = pairOf[terrain[0]!.tile as string];
      expect(rules(m)).toContain('box-board');
    });
    it('a face of the wrong kind or none', () => {
      const m = copy(base);
      m.pieces[1]!.tile = 'A';
      delete m.pieces[2]!.tile;
      expect(rules(m)).toEqual(expect.arrayContaining(['box-piece']));
      expect(goldCity.validate(m).filter((p) => p.rule === 'box-piece')).toHaveLength(2);
    });
    it('a gate off the city', () => {
      const m = copy(base);
      m.gate = { q: m.gate!.q + 1, r: m.gate!.r };
      expect(rules(m)).toContain('box-gate');
    });
    it('a blockade that is not printed', () => {
      const m = copy(base);
      m.blockades[0]!.strength = 3;
      expect(rules(m)).toContain('box-blockade');
    });
    it('a space on or beside the city of El Dorado', () => {
      const m = copy(base);
      const gate = m.gate!;
      m.spaces.push({ piece: 'p1', q: gate.q, r: gate.r, terrain: 'jungle', strength: 1 });
      expect(rules(m)).toContain('box-city');
    });
    it('a Golden Temples layer', () => {
      const m = copy(base);
      m.temples = [{ id: 1, q: 0, r: 0 }];
      expect(rules(m)).toContain('box-temples');
    });
  });
});

describe('rulebook courses as presets (options.course)', () => {
  it.each(PRESETS)('%s rebuilds the printed course', (course) => {
    const printed = JSON.parse(readFileSync(new URL(`../data/rulebook/${course}.json`, import.meta.url), 'utf8')) as GoldCityMap & {
      printed: { tiles: string[] };
    };
    const map = buildMap(goldCity, '1', { course });
    expect(map.spaces).toEqual(printed.spaces);
    expect(map.blockades).toEqual(printed.blockades);
    expect(map.gate).toEqual(printed.gate);
    expect(map.pieces.map((p) => p.tile)).toEqual(printed.printed.tiles);
    expect(map.options).toMatchObject({ course, tiles: 'box', pieces: printed.pieces.length - 2 });
    expect(goldCity.validate(map)).toEqual([]);
    expect(checkAgainstTiles(map)).toEqual([]);
    // The seed deals only the cave tokens.
    expect(buildMap(goldCity, '2', { course }).spaces).toEqual(map.spaces);
  });
});

describe('the setup sheet (layout=setup)', () => {
  const area = { width: 210, height: 297 };
  const style = { hexSize: 20, theme: 'print', labels: true } as never;
  const texts = (map: GoldCityMap) =>
    goldCity.setup!(map, style, area).sheets.flatMap((s) => JSON.stringify(s.items).match(/"text":"[^"]*"/g) ?? []);
  it('is one page for a box course, one line a board in course order, the letters on the map', () => {
    const map = buildMap(goldCity, '1', { course: 'hills-of-gold' });
    expect(goldCity.setup!(map, style, area).sheets).toHaveLength(1);
    const all = texts(map).join('\n');
    expect(all).toContain('1. Start board A/B, side B, turned 1 × 60° clockwise');
    expect(all).toContain('2. Board C/D, side C, not turned, joined to the north edge of B.');
    expect(all).toContain('4. Board K/L, side K, turned 1 × 60° clockwise, joined to the south-east edge of G.');
    expect(all).toContain('El Dorado piece, side jungle');
    for (const letter of ['"text":"G"', '"text":"K"', '"text":"ED"']) expect(texts(map)).toContain(letter);
  });
  it('a generated course has none, and says why', () => {
    const r = goldCity.setup!(buildMap(goldCity, '1', {}), style, area);
    expect(r.sheets).toEqual([]);
    expect(r.why).toMatch(/only a course laid from the box/);
  });
});
